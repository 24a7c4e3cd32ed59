import { CompiledQuery, type QueryResult, type RawBuilder } from "kysely";
import type { Row } from "../../db/adapter";
import type { WhereNode } from "../../db/where";
import type { DynamicKysely } from "./types";
import { likePattern } from "./where-sql";

/*
 * The text of a statement this adapter builds depends only on its shape (table, columns, the where
 * tree's fields and operators, ...), not on its values. The first statement of a shape is built and
 * compiled by Kysely; its SQL is kept, and later statements of that shape only collect their values,
 * in the order the compiled statement binds them. A shape whose collected values do not equal
 * Kysely's parameters on that first statement is never cached (it keeps going through Kysely), so
 * the cache cannot bind a value to the wrong placeholder. Reads (`select-cache.ts`) and writes
 * (`driver.ts`) share it: compiling a 50-column INSERT cost more CPU than sending it.
 */

/** Shapes kept per driver configuration (`in` lists of every length are distinct shapes). */
const MAX_SHAPES = 1024;

type Entry = { readonly sql: string } | null;

/** A where tree's shape: everything but the bound values. */
export function whereKey(node: WhereNode | undefined): string {
  if (!node) return "";
  if (node.kind !== "condition") return `(${node.kind}${node.children.map(whereKey).join(",")})`;
  const { field, operator, value } = node;
  if (operator === "in" || operator === "not_in")
    return `${field}\u0001${operator}\u0001${Array.isArray(value) ? value.length : 0}`;
  if ((operator === "eq" || operator === "ne") && value === null)
    return `${field}\u0001${operator}\u0001null`;
  return `${field}\u0001${operator}`;
}

/** The where tree's values in the order `whereSql` binds them. */
export function whereValues(node: WhereNode | undefined, out: unknown[]): unknown[] {
  if (!node) return out;
  if (node.kind !== "condition") {
    for (const child of node.children) whereValues(child, out);
    return out;
  }
  const { operator, value } = node;
  switch (operator) {
    case "in":
    case "not_in":
      if (Array.isArray(value)) for (const item of value) out.push(item);
      return out;
    case "contains":
    case "starts_with":
    case "ends_with":
      out.push(likePattern(operator, value));
      return out;
    default:
      if (value !== null || (operator !== "eq" && operator !== "ne")) out.push(value);
      return out;
  }
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * Runs the statement of shape `key` with `values`: from the cached text when there is one, else
 * `build()` compiled by Kysely (and cached for next time when its parameters are `values`).
 * `owner` scopes the cache (one per driver configuration: a dialect and its Kysely plugins).
 */
export async function runCached(
  db: DynamicKysely,
  owner: object,
  key: string,
  values: unknown[],
  build: () => RawBuilder<unknown>,
): Promise<QueryResult<Row>> {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  const entry = cache.get(key);
  if (entry) return db.executeQuery<Row>(CompiledQuery.raw(entry.sql, values));
  const compiled = build().compile(db) as CompiledQuery<Row>;
  if (entry === undefined && cache.size < MAX_SHAPES)
    cache.set(key, sameValues(values, compiled.parameters) ? { sql: compiled.sql } : null);
  return db.executeQuery<Row>(compiled);
}
