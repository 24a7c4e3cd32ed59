import { type RawBuilder, sql } from "kysely";
import type { DriverFindArgs, PhysicalJoin, Row } from "../../db/adapter";
import type { SqlDialect } from "./types";
import { whereSql } from "./where-sql";

/** MySQL and SQLite accept OFFSET only after a LIMIT: these mean "no limit". */
const NO_LIMIT: Partial<Record<SqlDialect, string>> = { mysql: "18446744073709551615", sqlite: "-1" };

const joinedName = (join: PhysicalJoin, column: string): string => `${join.alias}__${column}`;

/** The columns read from a joined table: the requested ones plus the one that tells a miss. */
const joinedColumns = (join: PhysicalJoin): string[] => [...new Set([join.foreignColumn, ...join.columns])];

/** `SELECT ... FROM table LEFT JOIN ... WHERE ... ORDER BY ... LIMIT ... OFFSET ...` for `findMany`. */
export function selectSql(args: DriverFindArgs, dialect: SqlDialect): RawBuilder<Row> {
  const { table } = args;
  const joins = args.joins ?? [];
  const columns: RawBuilder<unknown>[] = args.columns
    ? args.columns.map((c) => sql.id(table, c))
    : [sql`${sql.table(table)}.*`];
  for (const join of joins) {
    for (const c of joinedColumns(join))
      columns.push(sql`${sql.id(join.alias, c)} AS ${sql.id(joinedName(join, c))}`);
  }
  const parts: RawBuilder<unknown>[] = [sql`SELECT ${sql.join(columns)} FROM ${sql.table(table)}`];
  for (const join of joins) {
    const on = sql`${sql.id(join.alias, join.foreignColumn)} = ${sql.id(table, join.localColumn)}`;
    // A condition on the joined table makes it an inner join: only base rows whose related row matches.
    parts.push(
      join.where
        ? sql`INNER JOIN ${sql.table(join.table)} AS ${sql.id(join.alias)} ON ${on} AND ${whereSql(join.where, dialect, join.alias)}`
        : sql`LEFT JOIN ${sql.table(join.table)} AS ${sql.id(join.alias)} ON ${on}`,
    );
  }
  if (args.where) parts.push(sql`WHERE ${whereSql(args.where, dialect, table)}`);
  if (args.sortBy && args.sortBy.length > 0) {
    const order = args.sortBy.map(
      (s) => sql`${sql.id(table, s.column)} ${sql.raw(s.direction === "desc" ? "DESC" : "ASC")}`,
    );
    parts.push(sql`ORDER BY ${sql.join(order)}`);
  }
  if (args.limit !== undefined) parts.push(sql`LIMIT ${args.limit}`);
  else if (args.offset !== undefined && NO_LIMIT[dialect])
    parts.push(sql`LIMIT ${sql.raw(NO_LIMIT[dialect])}`);
  if (args.offset !== undefined) parts.push(sql`OFFSET ${args.offset}`);
  return sql<Row>`${sql.join(parts, sql` `)}`;
}

/**
 * Moves the `alias__column` values of each joined table into `row[alias]` (null for a miss). The
 * rows are copied without the joined names rather than copied whole and then `delete`d from: a
 * deleted property turns an object into a slow dictionary for everything that reads it later.
 */
export function nestJoins(rows: readonly Row[], joins: readonly PhysicalJoin[] | undefined): Row[] {
  if (!joins || joins.length === 0) return rows as Row[];
  const plan = joins.map((join) => ({
    join,
    columns: joinedColumns(join).map((c) => [c, joinedName(join, c)] as const),
  }));
  const joinedNames = new Set(plan.flatMap((p) => p.columns.map(([, name]) => name)));
  return rows.map((row) => {
    const out: Row = {};
    for (const key of Object.keys(row)) if (!joinedNames.has(key)) out[key] = row[key];
    for (const { join, columns } of plan) {
      const nested: Row = {};
      for (const [c, name] of columns) nested[c] = row[name];
      out[join.alias] =
        nested[join.foreignColumn] === null || nested[join.foreignColumn] === undefined ? null : nested;
    }
    return out;
  });
}
