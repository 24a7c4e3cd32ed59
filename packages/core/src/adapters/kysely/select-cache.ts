import type { DriverFindArgs, Row } from "../../db/adapter";
import { selectSql } from "./select-sql";
import { runCached, whereKey, whereValues } from "./statement-cache";
import type { DynamicKysely, SqlDialect } from "./types";

/*
 * A `findMany`'s shape (table, columns, joins, the where tree's fields and operators, sorting,
 * whether there is a limit or offset) keys its statement text in the shared statement cache
 * (`statement-cache.ts`).
 */

function shapeKey(args: DriverFindArgs): string {
  let key = `S\u0002${args.table}\u0002${args.columns ? args.columns.join("\u0001") : "*"}`;
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
  return (await runCached(db, owner, shapeKey(args), findValues(args), () => selectSql(args, dialect))).rows;
}
