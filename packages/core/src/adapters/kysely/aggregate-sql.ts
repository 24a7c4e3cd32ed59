import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Row } from "../../db/adapter";
import {
  type DriverAggregateArgs,
  isPhysicalGroup,
  type JsonFilterOperator,
  type PhysicalFilter,
  type PhysicalFilterClause,
  type TimeBucket,
} from "../../db/aggregate";
import type { SqlDialect } from "./types";
import { whereSql } from "./where-sql";

/**
 * `SELECT <bucket>, <func>(...) FROM table WHERE <where> AND <filter> GROUP BY <bucket>`: a meter
 * evaluated by the database in one statement, with each dialect's JSON functions (semantics in
 * `db/aggregate.ts`). PGlite speaks "postgres", MariaDB "mysql".
 */

type Sql = RawBuilder<unknown>;
const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

const COMPARE: Record<Exclude<JsonFilterOperator, "like" | "not_like">, string> = {
  eq: "=",
  ne: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
};

/** `$."a"."b"` (segments were checked: no quote or backslash). */
const mysqlPath = (path: readonly string[]) => `$${path.map((p) => `."${p}"`).join("")}`;

interface JsonAccess {
  /** The JSON type is one of: number / string / boolean. */
  isNumber: RawBuilder<SqlBool>;
  isString: RawBuilder<SqlBool>;
  isBoolean: RawBuilder<SqlBool>;
  number: Sql;
  text: Sql;
  /** Is the boolean at the path equal to `value`? (only meaningful when isBoolean) */
  booleanIs: (value: boolean) => RawBuilder<SqlBool>;
}

function jsonAccess(dialect: SqlDialect, table: string, column: string, path: readonly string[]): JsonAccess {
  const col = sql.id(table, column);
  if (dialect === "postgres") {
    const keys = sql.join(path.map((p) => sql`${p}::text`));
    const value = sql`jsonb_extract_path(${col}, ${keys})`;
    const text = sql`jsonb_extract_path_text(${col}, ${keys})`;
    return {
      isNumber: sql<SqlBool>`jsonb_typeof(${value}) = 'number'`,
      isString: sql<SqlBool>`jsonb_typeof(${value}) = 'string'`,
      isBoolean: sql<SqlBool>`jsonb_typeof(${value}) = 'boolean'`,
      number: sql`(${text})::numeric`,
      text: sql`${text} COLLATE "C"`,
      booleanIs: (v) => sql<SqlBool>`${text} = ${v ? "true" : "false"}`,
    };
  }
  if (dialect === "mysql") {
    const p = mysqlPath(path);
    const value = sql`JSON_EXTRACT(${col}, ${p})`;
    return {
      isNumber: sql<SqlBool>`JSON_TYPE(${value}) IN ('INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL')`,
      isString: sql<SqlBool>`JSON_TYPE(${value}) = 'STRING'`,
      isBoolean: sql<SqlBool>`JSON_TYPE(${value}) = 'BOOLEAN'`,
      number: sql`(JSON_UNQUOTE(${value}) + 0)`,
      text: sql`CAST(JSON_UNQUOTE(${value}) AS BINARY)`,
      booleanIs: (v) => sql<SqlBool>`JSON_UNQUOTE(${value}) = ${v ? "true" : "false"}`,
    };
  }
  const p = mysqlPath(path);
  const type = sql`json_type(${col}, ${p})`;
  const value = sql`json_extract(${col}, ${p})`;
  return {
    isNumber: sql<SqlBool>`${type} IN ('integer', 'real')`,
    isString: sql<SqlBool>`${type} = 'text'`,
    isBoolean: sql<SqlBool>`${type} IN ('true', 'false')`,
    number: value,
    text: value,
    booleanIs: (v) => sql<SqlBool>`${type} = ${v ? "true" : "false"}`,
  };
}

/** A string value on the right-hand side, compared the way `text` is (binary). */
function textValue(dialect: SqlDialect, value: string): Sql {
  return dialect === "mysql" ? sql`CAST(${value} AS BINARY)` : sql`${value}`;
}

function contains(dialect: SqlDialect, haystack: Sql, needle: string): RawBuilder<SqlBool> {
  if (dialect === "postgres") return sql<SqlBool>`strpos(${haystack}, ${needle}) > 0`;
  if (dialect === "mysql") return sql<SqlBool>`INSTR(${haystack}, CAST(${needle} AS BINARY)) > 0`;
  return sql<SqlBool>`instr(${haystack}, ${needle}) > 0`;
}

function stringClause(dialect: SqlDialect, text: Sql, operator: JsonFilterOperator, value: string) {
  if (operator === "like") return contains(dialect, text, value);
  if (operator === "not_like") return sql<SqlBool>`NOT (${contains(dialect, text, value)})`;
  return sql<SqlBool>`${text} ${sql.raw(COMPARE[operator])} ${textValue(dialect, value)}`;
}

function clauseSql(dialect: SqlDialect, table: string, clause: PhysicalFilterClause): RawBuilder<SqlBool> {
  const { target, operator, value } = clause;
  if ("column" in target) {
    if (typeof value !== "string") return FALSE;
    const col = sql.id(table, target.column);
    const text =
      dialect === "mysql"
        ? sql`CAST(${col} AS BINARY)`
        : dialect === "postgres"
          ? sql`${col} COLLATE "C"`
          : col;
    // Equality on the plain column keeps the (merchant, customer, name, timestamp) index usable.
    if (operator === "eq") return sql<SqlBool>`${col} = ${value}`;
    return sql<SqlBool>`(${col} IS NOT NULL AND ${stringClause(dialect, text, operator, value)})`;
  }
  const json = jsonAccess(dialect, table, target.json, target.path);
  if (operator === "like" || operator === "not_like") {
    if (typeof value !== "string") return FALSE;
    return sql<SqlBool>`(${json.isString} AND ${stringClause(dialect, json.text, operator, value)})`;
  }
  if (typeof value === "boolean") {
    if (operator === "eq") return sql<SqlBool>`(${json.isBoolean} AND ${json.booleanIs(value)})`;
    if (operator === "ne") return sql<SqlBool>`(${json.isBoolean} AND ${json.booleanIs(!value)})`;
    return FALSE;
  }
  if (typeof value === "number") {
    return sql<SqlBool>`(${json.isNumber} AND ${json.number} ${sql.raw(COMPARE[operator])} ${value})`;
  }
  return sql<SqlBool>`(${json.isString} AND ${stringClause(dialect, json.text, operator, value)})`;
}

export function filterSql(dialect: SqlDialect, table: string, filter: PhysicalFilter): RawBuilder<SqlBool> {
  if (filter.clauses.length === 0) return TRUE;
  const parts = filter.clauses.map((c) =>
    isPhysicalGroup(c) ? filterSql(dialect, table, c) : clauseSql(dialect, table, c),
  );
  return sql<SqlBool>`(${sql.join(parts, sql.raw(filter.conjunction === "and" ? " AND " : " OR "))})`;
}

/** The UTC start of a row's time bucket (a timestamp on PostgreSQL, text elsewhere). */
function bucketSql(dialect: SqlDialect, table: string, column: string, interval: TimeBucket): Sql {
  const col = sql.id(table, column);
  if (dialect === "postgres") return sql`date_trunc(${sql.lit(interval)}, ${col}, 'UTC')`;
  if (dialect === "mysql") {
    const format = { hour: "%Y-%m-%d %H:00:00", day: "%Y-%m-%d", month: "%Y-%m-01", week: "%Y-%m-%d" }[
      interval
    ];
    const day = interval === "week" ? sql`DATE_SUB(${col}, INTERVAL WEEKDAY(${col}) DAY)` : col;
    return sql`DATE_FORMAT(${day}, ${sql.lit(format)})`;
  }
  if (interval === "week") {
    return sql`date(${col}, '-' || ((CAST(strftime('%w', ${col}) AS INTEGER) + 6) % 7) || ' days')`;
  }
  const format = { hour: "%Y-%m-%d %H:00:00", day: "%Y-%m-%d", month: "%Y-%m-01" }[interval];
  return sql`strftime(${sql.lit(format)}, ${col})`;
}

function valueSql(
  dialect: SqlDialect,
  args: DriverAggregateArgs,
): { value: Sql; guard?: RawBuilder<SqlBool> } {
  if (args.func === "count" || !args.property) return { value: sql`COUNT(*)` };
  const json = jsonAccess(dialect, args.table, args.property.json, args.property.path);
  const value = sql`${sql.raw(args.func.toUpperCase())}(${json.number})`;
  // SQLite types a result column per value: REAL throughout, so that no client (Prisma types a
  // column by its first row) reads 2.5 as an integer.
  return { value: dialect === "sqlite" ? sql`CAST(${value} AS REAL)` : value, guard: json.isNumber };
}

export function aggregateSql(args: DriverAggregateArgs, dialect: SqlDialect): RawBuilder<Row> {
  const { table } = args;
  const { value, guard } = valueSql(dialect, args);
  const conditions: RawBuilder<SqlBool>[] = [];
  if (args.where) conditions.push(whereSql(args.where, dialect, table));
  if (args.filter) conditions.push(filterSql(dialect, table, args.filter));
  if (guard) conditions.push(guard);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  if (!args.groupBy) {
    return sql<Row>`SELECT ${value} AS ${sql.id("value")} FROM ${sql.table(table)} ${where}`;
  }
  const bucket = bucketSql(dialect, table, args.groupBy.column, args.groupBy.interval);
  return sql<Row>`SELECT ${bucket} AS ${sql.id("bucket")}, ${value} AS ${sql.id("value")} FROM ${sql.table(table)} ${where} GROUP BY ${sql.id("bucket")}`;
}
