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

interface JoinNest {
  readonly alias: string;
  readonly key: string;
  /** [column, `alias__column`] pairs, and the joined names alone. */
  readonly columns: readonly (readonly [string, string])[];
  readonly names: ReadonlySet<string>;
}

/**
 * How one join's columns are nested, built once per join shape: a join's column list is one array
 * per joined model (the adapter builds it once), so it keys the plans without building a string.
 */
const joinNests = new WeakMap<readonly string[], Map<string, JoinNest>>();

function joinNest(join: PhysicalJoin): JoinNest {
  let byAlias = joinNests.get(join.columns);
  if (!byAlias) {
    byAlias = new Map();
    joinNests.set(join.columns, byAlias);
  }
  const id = `${join.alias}\u0001${join.foreignColumn}`;
  let nest = byAlias.get(id);
  if (!nest) {
    const columns = joinedColumns(join).map((c) => [c, joinedName(join, c)] as const);
    nest = { alias: join.alias, key: join.foreignColumn, columns, names: new Set(columns.map(([, n]) => n)) };
    byAlias.set(id, nest);
  }
  return nest;
}

/**
 * Moves the `alias__column` values of each joined table into `row[alias]` (null for a miss). The
 * rows are copied without the joined names rather than copied whole and then `delete`d from: a
 * deleted property turns an object into a slow dictionary for everything that reads it later.
 * Every row of one result has the same columns: the base columns are found once per result.
 */
export function nestJoins(rows: readonly Row[], joins: readonly PhysicalJoin[] | undefined): Row[] {
  if (!joins || joins.length === 0 || rows.length === 0) return rows as Row[];
  const nests = joins.map(joinNest);
  const base = Object.keys(rows[0]!).filter((key) => !nests.some((n) => n.names.has(key)));
  const out: Row[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const nestedRow: Row = {};
    for (const key of base) nestedRow[key] = row[key];
    for (const join of nests) {
      const nested: Row = {};
      for (const [c, name] of join.columns) nested[c] = row[name];
      const key = nested[join.key];
      nestedRow[join.alias] = key === null || key === undefined ? null : nested;
    }
    out[r] = nestedRow;
  }
  return out;
}
