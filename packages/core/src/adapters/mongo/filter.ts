import type { Document } from "mongodb";
import type { WhereNode, WhereOperator, WhereValue } from "../../db/where";

/**
 * Where trees as MongoDB filters, with the semantics of `db/where.ts`. The adapter never stores
 * NULL: a NULL column is an absent field, and `{ field: null }` matches exactly those.
 * - `ne` / `not_in` (`$ne` / `$nin`) match documents without the field, as SQL's IS DISTINCT FROM.
 * - `lt`... (`$lt`...) never match a missing field (MongoDB compares within one BSON type).
 * - `contains` / `starts_with` / `ends_with` are case-insensitive regular expressions over the
 *   escaped value, so every character (`%`, `_`, `.`, `*`...) is literal.
 */

/** A filter no document matches: every document has an `_id`. */
export const MATCH_NOTHING: Document = { _id: { $in: [] } };

export interface MongoFilterContext {
  /** Document key of a column (`_id` for the id column). */
  keyOf(column: string): string;
  /** A where value as stored for that column (ids as ObjectId in objectId mode). */
  valueOf(column: string, value: string | number | boolean | Date): unknown;
}

/** Escapes every regular expression metacharacter (same syntax in PCRE and JavaScript). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
}

/**
 * `$` would also match before a final newline in PCRE (the server); "not followed by any
 * character" is the end of the string in both PCRE and JavaScript.
 */
const END = "(?![\\s\\S])";

function likePattern(operator: WhereOperator, value: string): string {
  const text = escapeRegex(value);
  if (operator === "starts_with") return `^${text}`;
  if (operator === "ends_with") return `${text}${END}`;
  return text;
}

function condition(
  ctx: MongoFilterContext,
  column: string,
  operator: WhereOperator,
  value: WhereValue,
): Document {
  const key = ctx.keyOf(column);
  const one = (v: WhereValue) =>
    v === null || Array.isArray(v) ? null : ctx.valueOf(column, v as string | number | boolean | Date);
  const list = (v: WhereValue) => (Array.isArray(v) ? v.map((item) => ctx.valueOf(column, item)) : []);
  switch (operator) {
    case "eq":
      return value === null ? { [key]: null } : { [key]: { $eq: one(value) } };
    case "ne":
      return { [key]: { $ne: one(value) } };
    case "lt":
    case "lte":
    case "gt":
    case "gte":
      return value === null ? MATCH_NOTHING : { [key]: { [`$${operator}`]: one(value) } };
    case "in": {
      const values = list(value);
      return values.length === 0 ? MATCH_NOTHING : { [key]: { $in: values } };
    }
    case "not_in": {
      const values = list(value);
      return values.length === 0 ? {} : { [key]: { $nin: values } };
    }
    default:
      if (value === null) return MATCH_NOTHING;
      return { [key]: { $regex: likePattern(operator, String(value)), $options: "i" } };
  }
}

/** Translates a physical where tree into a filter (`{}` for no condition). */
export function mongoFilter(node: WhereNode | undefined, ctx: MongoFilterContext): Document {
  if (!node) return {};
  if (node.kind === "condition") return condition(ctx, node.field, node.operator, node.value);
  // The server rejects empty $and / $or arrays.
  if (node.children.length === 0) return node.kind === "and" ? {} : MATCH_NOTHING;
  const children = node.children.map((child) => mongoFilter(child, ctx));
  return node.kind === "and" ? { $and: children } : { $or: children };
}
