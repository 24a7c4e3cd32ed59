import type { Row } from "../../db/adapter";
import {
  bucketStart,
  type DriverAggregateArgs,
  type DriverAggregateGroup,
  isPhysicalGroup,
  type JsonFilterValue,
  type PhysicalFilter,
  type PhysicalFilterClause,
} from "../../db/aggregate";

/**
 * Aggregation in plain code over the stored rows (the memory database lives in the process, so
 * this is its "database side"), with the semantics documented in `db/aggregate.ts`.
 */

const parsed = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

/** The value at a JSON path of a stored JSON column (text), or undefined. */
function atPath(row: Row, json: string, path: readonly string[]): unknown {
  let value: unknown = parsed(row[json]);
  for (const key of path) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Code point order (as binary collations), not UTF-16 code unit order. */
function compareStrings(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) ?? 0);
  const y = [...b].map((c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  }
  return x.length - y.length;
}

function compare(stored: unknown, value: JsonFilterValue): number | undefined {
  if (typeof stored === "number" && typeof value === "number") return stored - value;
  if (typeof stored === "string" && typeof value === "string") return compareStrings(stored, value);
  return undefined;
}

function clauseMatches(row: Row, clause: PhysicalFilterClause): boolean {
  const { target, operator, value } = clause;
  const stored = "column" in target ? row[target.column] : atPath(row, target.json, target.path);
  if ("column" in target && typeof value !== "string") return false;
  if (operator === "like" || operator === "not_like") {
    if (typeof stored !== "string" || typeof value !== "string") return false;
    return stored.includes(value) === (operator === "like");
  }
  if (typeof stored === "boolean" || typeof value === "boolean") {
    if (typeof stored !== "boolean" || typeof value !== "boolean") return false;
    if (operator === "eq") return stored === value;
    if (operator === "ne") return stored !== value;
    return false;
  }
  const c = compare(stored, value);
  if (c === undefined) return false;
  switch (operator) {
    case "eq":
      return c === 0;
    case "ne":
      return c !== 0;
    case "gt":
      return c > 0;
    case "gte":
      return c >= 0;
    case "lt":
      return c < 0;
    case "lte":
      return c <= 0;
  }
}

export function filterMatches(row: Row, filter: PhysicalFilter | undefined): boolean {
  if (!filter || filter.clauses.length === 0) return true;
  const test = (c: PhysicalFilter | PhysicalFilterClause) =>
    isPhysicalGroup(c) ? filterMatches(row, c) : clauseMatches(row, c);
  return filter.conjunction === "and" ? filter.clauses.every(test) : filter.clauses.some(test);
}

/** Aggregates rows that already passed `where`. */
export function aggregateRows(rows: readonly Row[], args: DriverAggregateArgs): DriverAggregateGroup[] {
  const groups = new Map<number | null, number[]>();
  for (const row of rows) {
    if (!filterMatches(row, args.filter)) continue;
    let sample = 1;
    if (args.func !== "count") {
      const value = args.property ? atPath(row, args.property.json, args.property.path) : undefined;
      if (typeof value !== "number") continue;
      sample = value;
    }
    let key: number | null = null;
    if (args.groupBy) {
      const raw = row[args.groupBy.column];
      const date = raw instanceof Date ? raw : new Date(String(raw));
      key = bucketStart(date, args.groupBy.interval).getTime();
    }
    const list = groups.get(key) ?? [];
    list.push(sample);
    groups.set(key, list);
  }
  return [...groups].map(([key, values]) => ({
    bucket: key === null ? null : new Date(key),
    value: reduce(args, values),
  }));
}

function reduce(args: DriverAggregateArgs, values: readonly number[]): number {
  switch (args.func) {
    case "count":
      return values.length;
    case "sum":
      return values.reduce((a, b) => a + b, 0);
    case "max":
      return Math.max(...values);
    case "min":
      return Math.min(...values);
    case "avg":
      return values.reduce((a, b) => a + b, 0) / values.length;
  }
}
