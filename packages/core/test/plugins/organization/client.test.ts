import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReadableAtom } from "nanostores";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import type { QueryState } from "../../../src/client/query-atom";
import { organizationClient } from "../../../src/plugins/organization/client";
import { createTestFetch } from "../../../src/testing";
import { setupOrg, unique } from "./helpers";

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../src");

/** Modules a file reaches through value imports (type-only imports are erased). */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [join(srcDir, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(
      /^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+"([^"]+)";/gms,
    )) {
      const spec = m[2]!;
      if (!spec.startsWith(".")) {
        seen.add(spec);
        continue;
      }
      const base = resolve(dirname(file), spec);
      const found = [`${base}.ts`, join(base, "index.ts")].find((c) => existsSync(c));
      if (!found) throw new Error(`cannot resolve ${spec} from ${file}`);
      queue.push(found);
    }
  }
  return [...seen].map((f) => (f.startsWith("/") ? relative(srcDir, f) : f)).sort();
}

/** Resolves once the store holds a loaded value passing `test`. */
function settled<T>(atom: ReadableAtom<QueryState<T>>, test: (data: T | null) => boolean): Promise<T | null> {
  return new Promise((done) => {
    const stop = atom.subscribe((state) => {
      if (state.isPending || state.isRefetching || !test(state.data)) return;
      queueMicrotask(() => stop());
      done(state.data);
    });
  });
}

describe("organizationClient", () => {
  it("calls the routes through typed methods and keeps its stores fresh", async () => {
    const s = setupOrg();
    const { fetch } = createTestFetch(s.auth);
    const client = createAuthClient<typeof s.auth, [ReturnType<typeof organizationClient>]>({
      baseURL: "http://localhost:3000",
      plugins: [organizationClient()],
      fetchOptions: { fetch },
    });
    await client.signUp.email({
      name: "Ada",
      email: `${unique("ada")}@example.com`,
      password: "correct-horse-battery",
    });

    expect(await settled(client.$listOrganizations, (d) => Array.isArray(d))).toEqual([]);
    expect(await settled(client.$activeOrganization, () => true)).toBeNull();
    expect(await settled(client.$activeMember, () => true)).toBeNull();

    const slug = unique("acme");
    const created = await client.organization.create({ name: "Acme", slug, metadata: { plan: "pro" } });
    expect(created.error).toBeNull();
    expectTypeOf(created.data!.slug).toEqualTypeOf<string>();
    expect(created.data?.metadata).toEqual({ plan: "pro" });

    const list = await settled(client.$listOrganizations, (d) => (d?.length ?? 0) === 1);
    expect(list?.[0]?.slug).toBe(slug);
    const active = await settled(client.$activeOrganization, (d) => d !== null);
    expect(active).toMatchObject({ slug, metadata: { plan: "pro" } });
    expect(active?.members).toHaveLength(1);
    const member = await settled(client.$activeMember, (d) => d !== null);
    expect(member?.role).toBe("owner");

    const check = await client.organization.hasPermission({ permissions: { organization: ["delete"] } });
    expect(check.data).toEqual({ error: null, success: true });
    const taken = await client.organization.checkSlug({ slug });
    expect(taken.error).toMatchObject({ status: 400, code: "ORGANIZATION_SLUG_ALREADY_TAKEN" });
    expect(client.$ERROR_CODES.ORGANIZATION_SLUG_ALREADY_TAKEN.message).toBe(
      "Organization slug already taken",
    );

    const cleared = await client.organization.setActive({ organizationId: null });
    expect(cleared.data).toBeNull();
    expect(await settled(client.$activeOrganization, (d) => d === null)).toBeNull();
  });

  it("client.ts is browser-safe: it reaches only its manifest, its error table and the client's plugin helper", () => {
    expect(reachable("plugins/organization/client.ts")).toEqual([
      "client/plugin.ts",
      "plugin/client.ts",
      "plugin/roles.ts",
      "plugins/organization/client.ts",
      "plugins/organization/error-codes.ts",
      "plugins/organization/routes.ts",
    ]);
  });
});
