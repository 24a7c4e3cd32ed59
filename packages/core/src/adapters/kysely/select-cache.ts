import { CompiledQuery } from "kysely";
import type { DriverFindArgs, Row } from "../../db/adapter";
import type { WhereNode } from "../../db/where";
import { selectSql } from "./select-sql";
import type { DynamicKysely, SqlDialect } from "./types";
import { likePattern } from "./where-sql";

/*
 * The statement text of a `findMany` depends only on its shape (table, columns, joins, the where
 * tree's fields and operators, sorting, whether there is a limit or offset), not on its values. The
 * first query of a shape is built and compiled by Kysely (`selectSql`); its SQL is kept, and later
 * queries of that shape only collect their values, in the order the compiled statement binds them.
 * A shape whose collected values do not equal Kysely's parameters on that first query is never
 * cached (it keeps going through Kysely), so the cache cannot bind a value to the wrong placeholder.
 */

/** Shapes kept per driver configuration (`in` lists of every length are distinct shapes). */
const MAX_SHAPES = 512;

type Entry = { readonly sql: string } | null;

/** A where tree's shape: everything but the bound values. */
function whereKey(node: WhereNode): string {
  if (node.kind !== "condition") return `(${node.kind}${node.children.map(whereKey).join(",")})`;
  const { field, operator, value } = node;
  if (operator === "in" || operator === "not_in")
    return `${field}\u0001${operator}\u0001${Array.isArray(value) ? value.length : 0}`;
  if ((operator === "eq" || operator === "ne") && value === null)
    return `${field}\u0001${operator}\u0001null`;
  return `${field}\u0001${operator}`;
}

/** The where tree's values in the order `whereSql` binds them. */
function whereValues(node: WhereNode, out: unknown[]): void {
  if (node.kind !== "condition") {
    for (const child of node.children) whereValues(child, out);
    return;
  }
  const { operator, value } = node;
  switch (operator) {
    case "in":
    case "not_in":
      if (Array.isArray(value)) for (const item of value) out.push(item);
      return;
    case "contains":
    case "starts_with":
    case "ends_with":
      out.push(likePattern(operator, value));
      return;
    default:
      if (value !== null || (operator !== "eq" && operator !== "ne")) out.push(value);
  }
}

function shapeKey(args: DriverFindArgs): string {
  let key = `${args.table}\u0002${args.columns ? args.columns.join("\u0001") : "*"}`;
  for (const join of args.joins ?? []) {
    key += `\u0002J${join.alias}\u0001${join.table}\u0001${join.localColumn}\u0001${join.foreignColumn}\u0001${join.columns.join("\u0001")}`;
    if (join.where) key += `\u0001W${whereKey(join.where)}`;
  }
  if (args.where) key += `\u0002W${whereKey(args.where)}`;
  for (const s of args.sortBy ?? []) key += `\u0002S${s.column}\u0001${s.direction === "desc" ? "d" : "a"}`;
  if (args.limit !== undefined) key += "\u0002L";
  if (args.offset !== undefined) key += "\u0002O";
  return key;
}

/** The values of a `findMany`, in the order `selectSql` binds them. */
function findValues(args: DriverFindArgs): unknown[] {
  const out: unknown[] = [];
  for (const join of args.joins ?? []) if (join.where) whereValues(join.where, out);
  if (args.where) whereValues(args.where, out);
  if (args.limit !== undefined) out.push(args.limit);
  if (args.offset !== undefined) out.push(args.offset);
  return out;
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * Runs a `findMany` statement: from the cached text of its shape when there is one, else built
 * and compiled by Kysely (and cached for next time). `owner` scopes the cache (one per driver
 * configuration: a dialect and its Kysely plugins).
 */
export async function runSelect(
  db: DynamicKysely,
  owner: object,
  dialect: SqlDialect,
  args: DriverFindArgs,
): Promise<Row[]> {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  const key = shapeKey(args);
  const entry = cache.get(key);
  if (entry) return (await db.executeQuery<Row>(CompiledQuery.raw(entry.sql, findValues(args)))).rows;
  const compiled = selectSql(args, dialect).compile(db);
  if (entry === undefined && cache.size < MAX_SHAPES)
    cache.set(key, sameValues(findValues(args), compiled.parameters) ? { sql: compiled.sql } : null);
  return (await db.executeQuery<Row>(compiled)).rows;
}
