import { describe, expect, it } from "vitest";
import { type Edge, edges, sourceFiles } from "./imports";

/**
 * Import direction of the core (issue 17). Every folder of `src/` has a floor; a file imports only
 * its own floor or lower ones:
 *   0 base: crypto, cookies, logger, storage, db, events, webhooks, adapters
 *   1 kernel: options, models, error tables and their builder, route manifests, service interfaces
 *   2 context, router, rate-limit, client (plugins' `client.ts` files use the client plugin contract)
 *   3 auth, plugin (the public plugin API)
 *   4 plugins
 *   top: the entries and composition roots (create-auth, create-app-context, index, node, testing,
 *        types, cli), which may import anything.
 * The browser client has its own rule: it loads the client and kernel data only (type-only imports
 * of the server's types are erased and allowed, for inference).
 */
const FLOORS: Readonly<Record<string, number>> = {
  crypto: 0,
  cookies: 0,
  logger: 0,
  storage: 0,
  db: 0,
  events: 0,
  webhooks: 0,
  adapters: 0,
  kernel: 1,
  context: 2,
  router: 2,
  "rate-limit": 2,
  client: 2,
  auth: 3,
  plugin: 3,
  plugins: 4,
};
const TOP = 9;

const folderOf = (path: string) => (path.includes("/") ? path.slice(0, path.indexOf("/")) : path);
const floorOf = (path: string) => FLOORS[folderOf(path)] ?? TOP;
const all = sourceFiles().flatMap(edges);
const show = (e: Edge) => `${e.from} -> ${e.to}`;

describe("import direction (issue 17)", () => {
  it("reads the imports of every source file", () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some((e) => e.from.startsWith("kernel/"))).toBe(true);
  });

  it("no file imports a folder above its own floor", () => {
    const upward = all
      .filter((e) => folderOf(e.from) !== "client" && floorOf(e.to) > floorOf(e.from))
      .map(show);
    expect(upward).toEqual([]);
  });

  it("no lower folder imports auth/", () => {
    const intoAuth = all.filter(
      (e) => folderOf(e.to) === "auth" && folderOf(e.from) !== "auth" && floorOf(e.from) < floorOf("auth/"),
    );
    expect(intoAuth.map(show)).toEqual([]);
  });

  it("the kernel imports only the kernel and the base folders", () => {
    const fromKernel = all.filter((e) => e.from.startsWith("kernel/"));
    expect(fromKernel.filter((e) => floorOf(e.to) > 1).map(show)).toEqual([]);
    // The social provider option types live in the kernel (kernel/options.ts names them).
    expect(
      fromKernel.some((e) => e.from === "kernel/options.ts" && e.to === "kernel/social/providers.ts"),
    ).toBe(true);
  });

  it("the client loads only client modules and the kernel's browser-safe data", () => {
    const fromClient = all.filter((e) => e.from.startsWith("client/") && !e.to.startsWith("client/"));
    const loaded = new Set(fromClient.filter((e) => !e.typeOnly).map((e) => e.to));
    expect([...loaded].sort()).toEqual(["kernel/error-codes.ts", "kernel/routes.ts"]);
    const typesOutsideKernel = fromClient.filter((e) => e.typeOnly && !e.to.startsWith("kernel/"));
    // Inference only: the client reads the server's types, never its code.
    expect(typesOutsideKernel.map((e) => e.to).sort()).toEqual(["create-auth.ts", "types/infer.ts"]);
  });

  it("webhooks/ does not import the billing plugin (the event catalog lives in webhooks/)", () => {
    const fromWebhooks = all.filter((e) => e.from.startsWith("webhooks/") && !e.to.startsWith("webhooks/"));
    expect(fromWebhooks.filter((e) => e.to.startsWith("plugins/")).map(show)).toEqual([]);
    // The catalog reaches billing through the plugin API.
    expect(all.some((e) => e.from === "plugin/index.ts" && e.to === "webhooks/events.ts")).toBe(true);
  });
});
