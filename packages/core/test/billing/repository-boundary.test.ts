import { readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The billing data layer: only a `repository.ts` names a table or calls the adapter. This test
 * type-checks the billing sources and fails on
 * - any call of a `DBAdapter` method (findOne, findMany, create, update, updateMany, delete,
 *   deleteMany, count, consumeOne, incrementOne, claimDue, createMany, aggregate) outside a repository, whatever the
 *   variable is called (the receiver's type decides, not its name);
 * - any `model: "<name>"` string literal outside a repository (a table named in a service).
 * `transaction` stays allowed: services own their units of work (through `ctx.write`).
 */
const billingDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../src/plugins/billing");
const ADAPTER_METHODS = new Set([
  "findOne",
  "findMany",
  "create",
  "update",
  "updateMany",
  "delete",
  "deleteMany",
  "count",
  "consumeOne",
  "incrementOne",
  "claimDue",
  "createMany",
  "aggregate",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

const isRepository = (file: string) => file.endsWith("/repository.ts");

interface Violation {
  file: string;
  line: number;
  text: string;
}

/** Adapter calls and table names outside repositories, in the given files (checked as a program). */
function violations(files: readonly string[], program: ts.Program): Violation[] {
  const checker = program.getTypeChecker();
  const found: Violation[] = [];
  const isAdapter = (node: ts.Expression) => {
    const type = checker.getTypeAtLocation(node);
    const name = (type.aliasSymbol ?? type.getSymbol())?.getName();
    return name === "DBAdapter";
  };
  for (const file of files) {
    if (isRepository(file)) continue;
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${file}`);
    const report = (node: ts.Node) =>
      found.push({
        file: relative(billingDir, file),
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: node.getText().split("\n")[0]!.slice(0, 100),
      });
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ADAPTER_METHODS.has(node.expression.name.text) &&
        isAdapter(node.expression.expression)
      )
        report(node);
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === "model" &&
        ts.isStringLiteralLike(node.initializer)
      )
        report(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function programOf(files: readonly string[]) {
  const configPath = resolve(billingDir, "../../../tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  return ts.createProgram({ rootNames: [...files], options: { ...parsed.options, noEmit: true } });
}

describe("billing repository boundary", () => {
  it("no billing file outside a repository.ts calls the adapter or names a table", () => {
    const files = sourceFiles(billingDir);
    expect(files.filter(isRepository).length).toBeGreaterThanOrEqual(10);
    const found = violations(files, programOf(files));
    expect(found.map((v) => `${v.file}:${v.line} ${v.text}`)).toEqual([]);
  }, 120_000);

  it("catches a regression: an adapter call under any name, and a model literal", () => {
    const billingFile = join(billingDir, "orders/__boundary_probe__.ts");
    const text = `import type { DBAdapter } from "../../../db/adapter";
import type { BillingContext } from "../context";
export async function probe(ctx: BillingContext, store: DBAdapter) {
  const anyName = ctx.app.adapter;
  await anyName.count({ model: "billingOrder" });
  await store.incrementOne({ model: \`billingOrder\`, where: [], field: "x", by: 1 });
  const service = { create: (x: number) => x, update: (x: number) => x };
  service.create(1);
  return service.update(2);
}
`;
    const host = ts.createCompilerHost({});
    const read = host.readFile.bind(host);
    host.readFile = (f) => (resolve(f) === billingFile ? text : read(f));
    const exists = host.fileExists.bind(host);
    host.fileExists = (f) => resolve(f) === billingFile || exists(f);
    const configPath = resolve(billingDir, "../../../tsconfig.json");
    const parsed = ts.parseJsonConfigFileContent(
      ts.readConfigFile(configPath, ts.sys.readFile).config,
      ts.sys,
      dirname(configPath),
    );
    const program = ts.createProgram({
      rootNames: [billingFile],
      options: { ...parsed.options, noEmit: true },
      host,
    });
    const found = violations([billingFile], program).map((v) => `${v.line} ${v.text}`);
    expect(found).toEqual([
      '5 anyName.count({ model: "billingOrder" })',
      '5 model: "billingOrder"',
      '6 store.incrementOne({ model: `billingOrder`, where: [], field: "x", by: 1 })',
      "6 model: `billingOrder`",
    ]);
  }, 120_000);
});
