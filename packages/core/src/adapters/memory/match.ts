import type { PhysicalSort, Row } from "../../db/adapter";
import type { WhereNode, WhereOperator } from "../../db/where";

/**
 * Where evaluation and ordering over storage rows, with the semantics documented in `db/where.ts`:
 * NULL never equals or compares; `ne`/`not_in` match NULL; LIKE-style operators are
 * case-insensitive and literal; `eq`/`in` are case-sensitive.
 */

type Scalar = number | string | boolean;

function toTime(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string" || typeof value === "number") {
    const time = new Date(value).getTime();
    return Number.isNaN(time) ? undefined : time;
  }
  return undefined;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  return undefined;
}

/** Brings a stored value and a where value to one comparable kind, or undefined when they cannot be. */
function coerce(stored: unknown, value: unknown): [Scalar, Scalar] | undefined {
  if (stored instanceof Date || value instanceof Date) {
    const a = toTime(stored);
    const b = toTime(value);
    return a === undefined || b === undefined ? undefined : [a, b];
  }
  if (typeof stored === "string" && typeof value === "string") return [stored, value];
  if (typeof stored === "boolean" && typeof value === "boolean") return [stored, value];
  const a = toNumber(stored);
  const b = toNumber(value);
  if (a !== undefined && b !== undefined) return [a, b];
  if (typeof stored === "bigint" || typeof value === "bigint") return undefined;
  return stored === null || value === null ? undefined : [String(stored), String(value)];
}

const isNull = (value: unknown): boolean => value === null || value === undefined;

/** SQL equality: NULL equals nothing; Dates by time; numbers numerically; strings case-sensitively. */
export function sameValue(stored: unknown, value: unknown): boolean {
  if (isNull(stored) || isNull(value)) return false;
  const pair = coerce(stored, value);
  return pair !== undefined && pair[0] === pair[1];
}

/** Negative, zero or positive; undefined when the values cannot be ordered against each other. */
function order(a: unknown, b: unknown): number | undefined {
  const pair = coerce(a, b);
  if (!pair) return undefined;
  const [x, y] = pair;
  return x < y ? -1 : x > y ? 1 : 0;
}

function text(value: unknown): string {
  return (value instanceof Date ? value.toISOString() : String(value)).toLowerCase();
}

function like(stored: unknown, value: unknown, test: (haystack: string, needle: string) => boolean) {
  if (isNull(stored) || isNull(value)) return false;
  return test(text(stored), text(value));
}

function condition(stored: unknown, operator: WhereOperator, value: unknown): boolean {
  switch (operator) {
    case "eq":
      return value === null ? isNull(stored) : sameValue(stored, value);
    case "ne":
      if (value === null) return !isNull(stored);
      return isNull(stored) || !sameValue(stored, value);
    case "lt":
    case "lte":
    case "gt":
    case "gte": {
      if (isNull(stored) || isNull(value)) return false;
      const c = order(stored, value);
      if (c === undefined) return false;
      return operator === "lt" ? c < 0 : operator === "lte" ? c <= 0 : operator === "gt" ? c > 0 : c >= 0;
    }
    case "in":
      return Array.isArray(value) && !isNull(stored) && value.some((v) => sameValue(stored, v));
    case "not_in":
      return Array.isArray(value) && (isNull(stored) || !value.some((v) => sameValue(stored, v)));
    case "contains":
      return like(stored, value, (h, n) => h.includes(n));
    case "starts_with":
      return like(stored, value, (h, n) => h.startsWith(n));
    case "ends_with":
      return like(stored, value, (h, n) => h.endsWith(n));
  }
}

/** Does a row satisfy a where tree? No tree matches every row; an empty AND is true, an empty OR false. */
export function matches(row: Row, node: WhereNode | undefined): boolean {
  if (!node) return true;
  switch (node.kind) {
    case "condition":
      return condition(row[node.field], node.operator, node.value);
    case "and":
      return node.children.every((child) => matches(row, child));
    case "or":
      return node.children.some((child) => matches(row, child));
  }
}

/** Orders two stored values: NULL first, then Dates by time, numbers numerically, strings by code unit. */
export function compareValues(a: unknown, b: unknown): number {
  if (isNull(a)) return isNull(b) ? 0 : -1;
  if (isNull(b)) return 1;
  return order(a, b) ?? (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0);
}

/** Sorts rows in place by several keys; ties keep insertion order (the sort is stable). */
export function sortRows(rows: Row[], sortBy: readonly PhysicalSort[] | undefined): Row[] {
  if (!sortBy || sortBy.length === 0) return rows;
  return rows.sort((a, b) => {
    for (const { column, direction } of sortBy) {
      const c = compareValues(a[column], b[column]);
      if (c !== 0) return direction === "desc" ? -c : c;
    }
    return 0;
  });
}
