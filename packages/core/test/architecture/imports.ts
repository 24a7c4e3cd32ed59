import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The core's `src/`; edges name files relative to it (`kernel/options.ts`). */
export const src = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");

/** Source files under `dir` (default: all of `src/`), tests excluded. */
export function sourceFiles(dir: string = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(e.name) ? [path] : [];
  });
}

export interface Edge {
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
export function edges(file: string): Edge[] {
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
