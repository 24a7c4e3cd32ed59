import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

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
const src = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");

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

/**
 * The one import the kernel still takes from above: the option types of the built-in social
 * providers (`socialProviders` in AuthOptions) are declared beside each provider. Type-only, so
 * nothing of `auth/` is loaded by the kernel.
 */
const KERNEL_TYPE_EXCEPTIONS = new Set(["kernel/options.ts -> auth/social/providers/index.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(e.name) ? [path] : [];
  });
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function resolveLocal(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, "index.ts")]) {
    try {
      readFileSync(candidate);
      return relative(src, candidate);
    } catch {}
  }
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

/** Relative imports and re-exports of a file, parsed (static, dynamic and `import("...")` types). */
function edges(file: string): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Edge[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    if (spec.startsWith("."))
      found.push({ from: relative(src, file), to: resolveLocal(file, spec), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeNamesOnly =
        !!named &&
        ts.isNamedImports(named) &&
        !clause?.name &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier.text, !!clause?.isTypeOnly || typeNamesOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      add(node.name.text, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const lit = node.argument.literal;
      if (ts.isStringLiteral(lit)) add(lit.text, true);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const folderOf = (path: string) => (path.includes("/") ? path.slice(0, path.indexOf("/")) : path);
const floorOf = (path: string) => FLOORS[folderOf(path)] ?? TOP;
const all = sourceFiles(src).flatMap(edges);
const show = (e: Edge) => `${e.from} -> ${e.to}`;

describe("import direction (issue 17)", () => {
  it("reads the imports of every source file", () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some((e) => e.from.startsWith("kernel/"))).toBe(true);
  });

  it("no file imports a folder above its own floor", () => {
    const upward = all
      .filter((e) => folderOf(e.from) !== "client" && floorOf(e.to) > floorOf(e.from))
      .map(show)
      .filter((edge) => !KERNEL_TYPE_EXCEPTIONS.has(edge));
    expect(upward).toEqual([]);
  });

  it("no lower folder imports auth/", () => {
    const intoAuth = all.filter(
      (e) => folderOf(e.to) === "auth" && folderOf(e.from) !== "auth" && floorOf(e.from) < floorOf("auth/"),
    );
    expect(intoAuth.map(show).filter((edge) => !KERNEL_TYPE_EXCEPTIONS.has(edge))).toEqual([]);
  });

  it("the kernel imports only the kernel and the base folders, and its exceptions are type-only", () => {
    const fromKernel = all.filter((e) => e.from.startsWith("kernel/") && floorOf(e.to) > 1);
    expect(fromKernel.map(show)).toEqual([...KERNEL_TYPE_EXCEPTIONS]);
    expect(fromKernel.every((e) => e.typeOnly)).toBe(true);
  });

  it("the client loads only client modules and the kernel's browser-safe data", () => {
    const fromClient = all.filter((e) => e.from.startsWith("client/") && !e.to.startsWith("client/"));
    const loaded = new Set(fromClient.filter((e) => !e.typeOnly).map((e) => e.to));
    expect([...loaded].sort()).toEqual(["kernel/error-codes.ts", "kernel/routes.ts"]);
    const typesOutsideKernel = fromClient.filter((e) => e.typeOnly && !e.to.startsWith("kernel/"));
    // Inference only: the client reads the server's types, never its code.
    expect(typesOutsideKernel.map((e) => e.to).sort()).toEqual(["create-auth.ts", "types/infer.ts"]);
  });

  it("webhooks/ does not import the billing plugin (billing imports the webhook event catalog)", () => {
    const fromWebhooks = all.filter((e) => e.from.startsWith("webhooks/") && !e.to.startsWith("webhooks/"));
    expect(fromWebhooks.filter((e) => e.to.startsWith("plugins/")).map(show)).toEqual([]);
    expect(all.some((e) => e.from.startsWith("plugins/billing/") && e.to === "webhooks/events.ts")).toBe(
      true,
    );
  });
});
