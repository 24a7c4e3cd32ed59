import type { Where, WhereNode } from "./where";

/**
 * Aggregation over rows with a JSON column (usage events and their metadata), evaluated by the
 * database: SQL for Kysely and Prisma, an aggregation pipeline for MongoDB, plain code for memory.
 *
 * Filter semantics every adapter must honour (the conformance suite checks them):
 * - A clause on a column (`{ field }`) only matches a string value against a string column; a
 *   number or boolean value never matches it.
 * - A clause on a JSON path (`{ json, path }`) compares by the stored JSON type: a string against
 *   a string value, a number against a number value (numerically), a boolean against a boolean
 *   value (`eq`/`ne` only). A missing key, a JSON null, an object or a type mismatch never matches,
 *   whatever the operator (`ne` and `not_like` included).
 * - `like` / `not_like`: the stored string contains / does not contain the value, case-sensitive
 *   and literal (no wildcards). Only string values and stored strings take part.
 * - Strings compare by code point (binary collation), case-sensitively.
 * - A filter without clauses matches every row; nesting is recursive.
 * - sum/max/min/avg only take rows whose property is a JSON number (booleans excluded); count
 *   takes every matching row. An empty result is 0.
 */

export type JsonFilterOperator = "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "like" | "not_like";
export const JSON_FILTER_OPERATORS: readonly JsonFilterOperator[] = [
  "eq",
  "ne",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "not_like",
];

export type JsonFilterValue = string | number | boolean;

/** A column (`field`) or a path inside a JSON column (`json` holds the field name). */
export type JsonFilterTarget =
  | { readonly field: string }
  | { readonly json: string; readonly path: readonly string[] };

export interface JsonFilterClause {
  readonly target: JsonFilterTarget;
  readonly operator: JsonFilterOperator;
  readonly value: JsonFilterValue;
}

export interface JsonFilter {
  readonly conjunction: "and" | "or";
  readonly clauses: readonly (JsonFilterClause | JsonFilter)[];
}

export type AggregateFunc = "count" | "sum" | "max" | "min" | "avg";
export type TimeBucket = "hour" | "day" | "week" | "month";
export const TIME_BUCKETS: readonly TimeBucket[] = ["hour", "day", "week", "month"];

export interface AggregateArgs {
  readonly model: string;
  /** Ordinary conditions (e.g. merchant, customer, time window). */
  readonly where?: Where;
  readonly filter?: JsonFilter;
  readonly func: AggregateFunc;
  /** The JSON number aggregated by sum/max/min/avg (ignored by count). */
  readonly property?: { readonly json: string; readonly path: readonly string[] };
  /** Groups by UTC time bucket of a date field (weeks start on Monday). */
  readonly groupBy?: { readonly field: string; readonly interval: TimeBucket };
}

/** One group: `bucket` is the UTC start of the bucket, null without `groupBy`. */
export interface AggregateGroup {
  readonly bucket: Date | null;
  readonly value: number;
}

/** The same, with physical names (what a driver receives). */
export type PhysicalTarget =
  | { readonly column: string }
  | { readonly json: string; readonly path: readonly string[] };

export interface PhysicalFilterClause {
  readonly target: PhysicalTarget;
  readonly operator: JsonFilterOperator;
  readonly value: JsonFilterValue;
}

export interface PhysicalFilter {
  readonly conjunction: "and" | "or";
  readonly clauses: readonly (PhysicalFilterClause | PhysicalFilter)[];
}

export interface DriverAggregateArgs {
  readonly table: string;
  readonly where?: WhereNode;
  readonly filter?: PhysicalFilter;
  readonly func: AggregateFunc;
  readonly property?: { readonly json: string; readonly path: readonly string[] };
  readonly groupBy?: { readonly column: string; readonly interval: TimeBucket };
}

/** A group as a driver returns it: the bucket start as a Date or any date text/number. */
export interface DriverAggregateGroup {
  readonly bucket: unknown;
  readonly value: unknown;
}

export const isFilterGroup = (c: JsonFilterClause | JsonFilter): c is JsonFilter => "conjunction" in c;
export const isPhysicalGroup = (c: PhysicalFilterClause | PhysicalFilter): c is PhysicalFilter =>
  "conjunction" in c;

/** A JSON path segment every database can address (no quote, backslash or control character). */
export function assertPathSegment(segment: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (segment.length === 0 || /["\\\u0000-\u001f]/.test(segment)) {
    throw new Error(`Invalid JSON path segment ${JSON.stringify(segment)}`);
  }
}

/** The UTC start of the bucket holding `date` (weeks start on Monday). */
export function bucketStart(date: Date, interval: TimeBucket): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (interval) {
    case "hour":
      return new Date(Date.UTC(y, m, d, date.getUTCHours()));
    case "day":
      return new Date(Date.UTC(y, m, d));
    case "week":
      return new Date(Date.UTC(y, m, d - ((date.getUTCDay() + 6) % 7)));
    case "month":
      return new Date(Date.UTC(y, m, 1));
  }
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: Date, interval: TimeBucket): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  const h = start.getUTCHours();
  switch (interval) {
    case "hour":
      return new Date(Date.UTC(y, m, d, h + 1));
    case "day":
      return new Date(Date.UTC(y, m, d + 1));
    case "week":
      return new Date(Date.UTC(y, m, d + 7));
    case "month":
      return new Date(Date.UTC(y, m + 1, 1));
  }
}

/** A bucket key as a driver returned it (Date, ISO text, "YYYY-MM-DD[ HH:MM:SS]" in UTC) -> Date. */
export function parseBucket(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value);
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(`${text}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) {
    return new Date(`${text.replace(" ", "T")}Z`);
  }
  return new Date(text);
}
