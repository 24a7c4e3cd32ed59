import {
  type AggregateFunc,
  assertPathSegment,
  type JsonFilter,
  type JsonFilterClause,
  type JsonFilterTarget,
} from "../../../plugin";
import { invalid } from "../input";
import type { MeterRow } from "../rows";

/**
 * A meter definition (BILLING.md 7.2-7.4) as an adapter aggregation: `name` and `source` are
 * columns; any other property is a metadata path (a leading `metadata.` is stripped, dots address
 * nested keys). `timestamp` is not a filterable property here (windows come from the query).
 */

type ClauseInput = {
  property: string;
  operator: JsonFilterClause["operator"];
  value: string | number | boolean;
};
type FilterInput = { conjunction: "and" | "or"; clauses: unknown[] };

const COLUMNS = new Set(["name", "source"]);

export function propertyTarget(property: string): JsonFilterTarget {
  if (COLUMNS.has(property)) return { field: property };
  return { json: "metadata", path: metadataPath(property) };
}

/** `metadata.a.b` / `a.b` -> ["a", "b"]; a path no database can address is a 422. */
function metadataPath(property: string): string[] {
  const path = (property.startsWith("metadata.") ? property.slice("metadata.".length) : property).split(".");
  try {
    for (const segment of path) assertPathSegment(segment);
  } catch {
    throw invalid(["filter"], `The meter property "${property}" is not a valid metadata path.`);
  }
  return path;
}

export function meterFilter(filter: FilterInput): JsonFilter {
  return {
    conjunction: filter.conjunction,
    clauses: filter.clauses.map((c) => {
      const item = c as ClauseInput | FilterInput;
      if ("conjunction" in item && item.conjunction !== undefined) return meterFilter(item as FilterInput);
      const clause = item as ClauseInput;
      return { target: propertyTarget(clause.property), operator: clause.operator, value: clause.value };
    }),
  };
}

/** The aggregation of a meter: func and, except for count, the metadata number it reads. */
export function meterAggregation(meter: MeterRow): {
  func: AggregateFunc;
  property?: { json: string; path: string[] };
} {
  const func = meter.aggregation.func as AggregateFunc;
  if (func === "count" || !meter.aggregation.property) return { func: "count" };
  // Always a metadata path: only JSON numbers are aggregated (a `name` property means metadata.name).
  return { func, property: { json: "metadata", path: metadataPath(meter.aggregation.property) } };
}
