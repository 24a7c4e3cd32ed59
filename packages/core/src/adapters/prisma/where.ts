import { DbNull } from "@prisma/client/runtime/client";
import { adapterError } from "../../db/adapter";
import { escapeLike, type WhereNode, type WhereOperator, type WhereValue } from "../../db/where";
import type { PrismaWhere } from "./client";
import type { PrismaProvider } from "./names";

/** An empty AND matches everything. (An empty OR is not "nothing" in Prisma 7: `in: []` is.) */
const EVERYTHING: PrismaWhere = { AND: [] };

/** What the translator needs to know of a column. */
export interface PrismaColumn {
  /** Prisma field name. */
  readonly field: string;
  /** A `Json` field: NULL is `DbNull` there, and only equality is supported. */
  readonly json: boolean;
  /** Optional field: Prisma rejects `null` in a filter on a required one. */
  readonly nullable: boolean;
}

const LIKE: Partial<Record<WhereOperator, string>> = {
  contains: "contains",
  starts_with: "startsWith",
  ends_with: "endsWith",
};

const COMPARE: Partial<Record<WhereOperator, string>> = { lt: "lt", lte: "lte", gt: "gt", gte: "gte" };

function listOf(value: WhereValue): readonly (string | number)[] {
  return Array.isArray(value) ? value : [];
}

/** How the translator sees the table. */
export interface PrismaWhereContext {
  readonly provider: PrismaProvider;
  readonly columnOf: (column: string) => PrismaColumn;
  /** The Prisma field of the primary key: `{ id: { in: [] } }` is Prisma's "nothing". */
  readonly idField: string;
}

function condition(
  ctx: PrismaWhereContext,
  column: PrismaColumn,
  operator: WhereOperator,
  value: WhereValue,
) {
  const { field, json, nullable } = column;
  const { provider } = ctx;
  const NOTHING: PrismaWhere = { [ctx.idField]: { in: [] } };
  const isNull: PrismaWhere = !nullable ? NOTHING : { [field]: json ? { equals: DbNull } : null };
  const orNull = (where: PrismaWhere): PrismaWhere => (nullable ? { OR: [where, isNull] } : where);
  if (json && !(operator === "eq" || operator === "ne")) {
    throw adapterError(
      "INVALID_VALUE",
      `Operator "${operator}" is not supported on the JSON field "${field}"`,
    );
  }
  switch (operator) {
    case "eq":
      return value === null ? isNull : { [field]: { equals: value } };
    case "ne":
      // `ne` also matches NULL columns (IS DISTINCT FROM).
      if (value === null) return nullable ? { [field]: { not: json ? DbNull : null } } : EVERYTHING;
      return orNull({ [field]: { not: value } });
    case "in": {
      const list = listOf(value);
      return list.length === 0 ? NOTHING : { [field]: { in: list } };
    }
    case "not_in": {
      const list = listOf(value);
      return list.length === 0 ? EVERYTHING : orNull({ [field]: { notIn: list } });
    }
    default: {
      if (value === null) return NOTHING;
      const like = LIKE[operator];
      if (like) {
        // Prisma does not escape LIKE wildcards: PostgreSQL and MySQL take backslash escapes; on SQLite,
        // values with wildcards were resolved beforehand (see literal-like.ts). PostgreSQL needs
        // `mode: "insensitive"` (ILIKE); SQLite's LIKE ignores ASCII case already; MySQL follows the
        // column collation (see docs/adapters/prisma.md).
        const text = provider === "sqlite" ? String(value) : escapeLike(String(value));
        const mode = provider === "postgresql" ? { mode: "insensitive" } : {};
        return { [field]: { [like]: text, ...mode } };
      }
      return { [field]: { [COMPARE[operator] ?? operator]: value } };
    }
  }
}

/** Translates a physical where tree into a Prisma `where`. */
export function prismaWhere(node: WhereNode | undefined, ctx: PrismaWhereContext): PrismaWhere | undefined {
  if (!node) return undefined;
  if (node.kind === "condition") {
    return condition(ctx, ctx.columnOf(node.field), node.operator, node.value);
  }
  if (node.kind === "or" && node.children.length === 0) return { [ctx.idField]: { in: [] } };
  const children = node.children.map((child) => prismaWhere(child, ctx) ?? EVERYTHING);
  return node.kind === "and" ? { AND: children } : { OR: children };
}
