import type { Document } from "mongodb";
import type { ColumnExpr } from "../../db/update-with";
import type { WhereNode, WhereValue } from "../../db/where";
import { escapeRegex } from "./filter";

/**
 * `updateWith` for MongoDB: a pipeline update (`[{ $set: { key: <aggregation expression> } }]`),
 * which the server evaluates on each document as it writes it, so it is atomic per document and
 * every expression reads the document as it was (as in SQL). Conditions follow `db/where.ts`:
 * a NULL column is an absent field; `lt`... never match it; `ne`/`not_in` match it.
 */
export interface ExpressionContext {
  keyOf(column: string): string;
  /** A condition's value as compared with `column` (ids as ObjectId in objectId mode). */
  valueOf(column: string, value: unknown): unknown;
  /** A value as written to `column` (also JSON text as documents). */
  storedOf(column: string, value: unknown): unknown;
}

/** A field's value, `null` when the field is absent. */
const fieldOf = (key: string) => ({ $ifNull: [`$${key}`, null] });
const isSet = (key: string) => ({ $ne: [fieldOf(key), null] });

function condition(node: Extract<WhereNode, { kind: "condition" }>, ctx: ExpressionContext): Document {
  const key = ctx.keyOf(node.field);
  const one = (v: WhereValue) => ({ $literal: v === null ? null : ctx.valueOf(node.field, v) });
  const list = (v: WhereValue) => ({
    $literal: Array.isArray(v) ? v.map((x) => ctx.valueOf(node.field, x)) : [],
  });
  const { value } = node;
  switch (node.operator) {
    case "eq":
      return value === null ? { $eq: [fieldOf(key), null] } : { $eq: [fieldOf(key), one(value)] };
    case "ne":
      return { $ne: [fieldOf(key), one(value)] };
    case "lt":
    case "lte":
    case "gt":
    case "gte":
      if (value === null) return { $literal: false } as Document;
      return { $and: [isSet(key), { [`$${node.operator}`]: [`$${key}`, one(value)] }] };
    case "in":
      return { $in: [fieldOf(key), list(value)] };
    case "not_in":
      return { $not: [{ $in: [fieldOf(key), list(value)] }] };
    default: {
      if (value === null) return { $literal: false } as Document;
      const text = escapeRegex(String(value));
      const regex =
        node.operator === "starts_with"
          ? `^${text}`
          : node.operator === "ends_with"
            ? `${text}(?![\\s\\S])`
            : text;
      return {
        $and: [isSet(key), { $regexMatch: { input: { $toString: `$${key}` }, regex, options: "i" } }],
      };
    }
  }
}

export function whereExpression(node: WhereNode, ctx: ExpressionContext): Document {
  if (node.kind === "condition") return condition(node, ctx);
  const children = node.children.map((child) => whereExpression(child, ctx));
  if (children.length === 0) return { $literal: node.kind === "and" } as Document;
  return node.kind === "and" ? { $and: children } : { $or: children };
}

/** A column expression as an aggregation expression for the column `target`. */
export function columnExpression(expr: ColumnExpr, target: string, ctx: ExpressionContext): unknown {
  if ("when" in expr) {
    return {
      $cond: [
        whereExpression(expr.when, ctx),
        columnExpression(expr.use, target, ctx),
        columnExpression(expr.otherwise, target, ctx),
      ],
    };
  }
  if ("column" in expr) {
    const key = `$${ctx.keyOf(expr.column)}`;
    return expr.add ? { $add: [key, expr.add] } : key;
  }
  // NULL is an absent field: $$REMOVE leaves the field out of the document.
  return expr.value === null || expr.value === undefined
    ? "$$REMOVE"
    : { $literal: ctx.storedOf(target, expr.value) };
}
