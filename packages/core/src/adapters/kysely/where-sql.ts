import { type RawBuilder, type SqlBool, sql } from "kysely";
import { escapeLike, type WhereNode, type WhereOperator, type WhereValue } from "../../db/where";
import type { SqlDialect } from "./types";

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/**
 * The LIKE escape character (backslash, as `escapeLike` writes it) as an SQL string literal. MySQL and
 * MariaDB treat a backslash in a string literal as an escape, so there it is written twice.
 */
function escapeClause(dialect: SqlDialect): RawBuilder<unknown> {
  return sql.raw(dialect === "mysql" ? "ESCAPE '\\\\'" : "ESCAPE '\\'");
}

export function likePattern(operator: WhereOperator, value: WhereValue): string {
  const text = escapeLike(String(value));
  if (operator === "contains") return `%${text}%`;
  if (operator === "starts_with") return `${text}%`;
  return `%${text}`;
}

function listOf(value: WhereValue): readonly (string | number)[] {
  return Array.isArray(value) ? value : [];
}

function condition(
  column: RawBuilder<unknown>,
  operator: WhereOperator,
  value: WhereValue,
  dialect: SqlDialect,
): RawBuilder<SqlBool> {
  switch (operator) {
    case "eq":
      return value === null ? sql<SqlBool>`${column} IS NULL` : sql<SqlBool>`${column} = ${value}`;
    case "ne":
      return value === null
        ? sql<SqlBool>`${column} IS NOT NULL`
        : sql<SqlBool>`(${column} <> ${value} OR ${column} IS NULL)`;
    case "lt":
      return sql<SqlBool>`${column} < ${value}`;
    case "lte":
      return sql<SqlBool>`${column} <= ${value}`;
    case "gt":
      return sql<SqlBool>`${column} > ${value}`;
    case "gte":
      return sql<SqlBool>`${column} >= ${value}`;
    case "in": {
      const list = listOf(value);
      return list.length === 0 ? FALSE : sql<SqlBool>`${column} IN (${sql.join(list)})`;
    }
    case "not_in": {
      const list = listOf(value);
      return list.length === 0
        ? TRUE
        : sql<SqlBool>`(${column} NOT IN (${sql.join(list)}) OR ${column} IS NULL)`;
    }
    case "contains":
    case "starts_with":
    case "ends_with": {
      const pattern = likePattern(operator, value);
      return dialect === "postgres"
        ? sql<SqlBool>`${column} ILIKE ${pattern} ${escapeClause(dialect)}`
        : sql<SqlBool>`lower(${column}) LIKE lower(${pattern}) ${escapeClause(dialect)}`;
    }
  }
}

/**
 * Translates a physical where tree into one SQL boolean expression, with the semantics documented
 * in `db/where.ts`. Columns are qualified with `table` so that they stay unambiguous under joins.
 */
export function whereSql(node: WhereNode, dialect: SqlDialect, table: string): RawBuilder<SqlBool> {
  if (node.kind === "condition") {
    return condition(sql.id(table, node.field), node.operator, node.value, dialect);
  }
  if (node.children.length === 0) return node.kind === "and" ? TRUE : FALSE;
  const parts = node.children.map((child) => whereSql(child, dialect, table));
  return sql<SqlBool>`(${sql.join(parts, sql.raw(node.kind === "and" ? " AND " : " OR "))})`;
}
