import type { Document } from "mongodb";
import {
  type DriverAggregateArgs,
  isPhysicalGroup,
  type PhysicalFilter,
  type PhysicalFilterClause,
} from "../../db/aggregate";
import { escapeRegex, MATCH_NOTHING } from "./filter";

/**
 * A meter as one aggregation pipeline (`$match` then `$group`; buckets need `$dateTrunc`, MongoDB 5.0+), with the semantics of
 * `db/aggregate.ts`. MongoDB compares within one BSON type, and `$type` pins it: a clause on a
 * number only sees numbers (int, long, double, decimal), on a string only strings (binary order),
 * on a boolean only booleans; a missing field never matches.
 */

const TYPE = { number: "number", string: "string", boolean: "bool" } as const;

function clauseFilter(clause: PhysicalFilterClause, keyOf: (column: string) => string): Document {
  const { target, operator, value } = clause;
  const key = "column" in target ? keyOf(target.column) : [keyOf(target.json), ...target.path].join(".");
  if ("column" in target && typeof value !== "string") return MATCH_NOTHING;
  if (operator === "like" || operator === "not_like") {
    if (typeof value !== "string") return MATCH_NOTHING;
    const pattern = new RegExp(escapeRegex(value));
    return {
      [key]: operator === "like" ? { $type: "string", $regex: pattern } : { $type: "string", $not: pattern },
    };
  }
  const type = TYPE[typeof value as "number" | "string" | "boolean"];
  if (typeof value === "boolean" && operator !== "eq" && operator !== "ne") return MATCH_NOTHING;
  return { [key]: { $type: type, [`$${operator}`]: value } };
}

export function filterDocument(filter: PhysicalFilter, keyOf: (column: string) => string): Document {
  if (filter.clauses.length === 0) return {};
  const parts = filter.clauses.map((c) =>
    isPhysicalGroup(c) ? filterDocument(c, keyOf) : clauseFilter(c, keyOf),
  );
  return filter.conjunction === "and" ? { $and: parts } : { $or: parts };
}

/** `[{ $match }, { $group: { _id: bucket | null, value } }]` */
export function aggregatePipeline(
  args: DriverAggregateArgs,
  where: Document,
  keyOf: (column: string) => string,
): Document[] {
  const conditions: Document[] = [where];
  if (args.filter) conditions.push(filterDocument(args.filter, keyOf));
  const property =
    args.func !== "count" && args.property
      ? [keyOf(args.property.json), ...args.property.path].join(".")
      : undefined;
  if (property) conditions.push({ [property]: { $type: "number" } });
  const present = conditions.filter((c) => Object.keys(c).length > 0);
  const match = present.length === 0 ? {} : present.length === 1 ? present[0]! : { $and: present };
  const value = property ? { [`$${args.func}`]: `$${property}` } : { $sum: 1 };
  const bucket = args.groupBy
    ? {
        $dateTrunc: {
          date: `$${keyOf(args.groupBy.column)}`,
          unit: args.groupBy.interval,
          ...(args.groupBy.interval === "week" ? { startOfWeek: "monday" } : {}),
        },
      }
    : null;
  return [{ $match: match }, { $group: { _id: bucket, value } }];
}
