import type { Row } from "../../db/adapter";
import type { WhereNode } from "../../db/where";
import type { PrismaDelegate } from "./client";
import type { PrismaProvider } from "./names";

/**
 * Prisma 7 puts the value of `contains` / `startsWith` / `endsWith` into a LIKE pattern without
 * escaping it, so `%` and `_` act as wildcards. PostgreSQL and MySQL take a backslash as LIKE's
 * escape character by default (see `prismaWhere`); SQLite has no default escape character and
 * Prisma writes no ESCAPE clause. There, a condition whose value holds `%` or `_` is resolved in
 * two steps: Prisma's LIKE selects a superset (a wildcard also matches itself), the exact,
 * case-insensitive comparison picks the rows, and the condition becomes `id IN (...)`.
 */
const LIKE_OPERATORS = { contains: "contains", starts_with: "startsWith", ends_with: "endsWith" } as const;

const WILDCARD = /[%_]/;

/** SQLite's LIKE folds ASCII letters only. */
const foldAscii = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

function test(operator: keyof typeof LIKE_OPERATORS, stored: string, value: string): boolean {
  const haystack = foldAscii(stored);
  const needle = foldAscii(value);
  if (operator === "contains") return haystack.includes(needle);
  return operator === "starts_with" ? haystack.startsWith(needle) : haystack.endsWith(needle);
}

export interface LiteralLikeContext {
  readonly provider: PrismaProvider;
  readonly delegate: PrismaDelegate;
  readonly idColumn: string;
  readonly idField: string;
  readonly fieldOf: (column: string) => string;
}

/** Does this tree need the two-step resolution at all? */
function needed(node: WhereNode | undefined): boolean {
  if (!node) return false;
  if (node.kind !== "condition") return node.children.some(needed);
  return node.operator in LIKE_OPERATORS && typeof node.value === "string" && WILDCARD.test(node.value);
}

/** Replaces every LIKE condition with a literal wildcard by `id IN (matching ids)` (SQLite only). */
export async function resolveLiteralLikes(
  node: WhereNode | undefined,
  ctx: LiteralLikeContext,
): Promise<WhereNode | undefined> {
  if (ctx.provider !== "sqlite" || !needed(node) || !node) return node;
  if (node.kind !== "condition") {
    const children: WhereNode[] = [];
    for (const child of node.children) children.push((await resolveLiteralLikes(child, ctx)) ?? child);
    return { kind: node.kind, children };
  }
  const operator = node.operator;
  if (!(operator === "contains" || operator === "starts_with" || operator === "ends_with")) return node;
  if (typeof node.value !== "string" || !WILDCARD.test(node.value)) return node;
  const field = ctx.fieldOf(node.field);
  const value = node.value;
  const candidates: Row[] = await ctx.delegate.findMany({
    where: { [field]: { [LIKE_OPERATORS[operator]]: value } },
    select: { [ctx.idField]: true, [field]: true },
  });
  const ids = candidates
    .filter((row) => {
      const stored = row[field];
      return typeof stored === "string" && test(operator, stored, value);
    })
    .map((row) => String(row[ctx.idField]));
  return { kind: "condition", field: ctx.idColumn, operator: "in", value: ids };
}
