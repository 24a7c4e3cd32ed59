/**
 * Where clauses. Callers write a flat list of conditions (better-auth's shape: each may carry
 * `connector: "OR"`) or nest groups with `{ and: [...] }` / `{ or: [...] }`. Adapters receive one
 * normalised tree, so each adapter translates a single, unambiguous form.
 *
 * Semantics every adapter must honour (the conformance suite checks them):
 * - `eq`/`ne` with `null` mean IS NULL / IS NOT NULL.
 * - `ne` and `not_in` also match rows where the column is NULL (SQL's IS DISTINCT FROM).
 * - `lt`/`lte`/`gt`/`gte` never match NULL.
 * - `contains`/`starts_with`/`ends_with` are case-insensitive (guaranteed for ASCII); `%` and `_` in
 *   the value are literal characters, never wildcards.
 * - `eq`/`in` on strings are case-sensitive.
 * - `in` with an empty list matches nothing; `not_in` with an empty list matches everything.
 */

export type WhereOperator =
  | "eq"
  | "ne"
  | "lt"
  | "lte"
  | "gt"
  | "gte"
  | "in"
  | "not_in"
  | "contains"
  | "starts_with"
  | "ends_with";

export const WHERE_OPERATORS: readonly WhereOperator[] = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "not_in",
  "contains",
  "starts_with",
  "ends_with",
];

export type WhereScalar = string | number | boolean | Date | null;
export type WhereValue = WhereScalar | readonly (string | number)[];

export interface WhereCondition {
  readonly field: string;
  readonly operator?: WhereOperator;
  readonly value: WhereValue;
  /** How this condition joins the list: AND (default) or OR. */
  readonly connector?: "AND" | "OR";
}

export type WhereGroup = { readonly and: readonly WhereItem[] } | { readonly or: readonly WhereItem[] };
export type WhereItem = WhereCondition | WhereGroup;
/** A list of items; AND items are all required and, if any OR items exist, at least one of them. */
export type Where = readonly WhereItem[];

export type WhereNode =
  | {
      readonly kind: "condition";
      readonly field: string;
      readonly operator: WhereOperator;
      readonly value: WhereValue;
    }
  | { readonly kind: "and" | "or"; readonly children: readonly WhereNode[] };

function isGroup(item: WhereItem): item is WhereGroup {
  return "and" in item || "or" in item;
}

function normalizeItem(item: WhereItem): WhereNode {
  if (isGroup(item)) {
    const kind = "and" in item ? "and" : "or";
    const list = "and" in item ? item.and : item.or;
    return { kind, children: list.map(normalizeItem) };
  }
  const operator = item.operator ?? "eq";
  if ((operator === "in" || operator === "not_in") !== Array.isArray(item.value)) {
    throw new Error(`Where operator "${operator}" on field "${item.field}" got a value of the wrong shape`);
  }
  return { kind: "condition", field: item.field, operator, value: item.value };
}

/** Turns a caller's list into one tree; `undefined` for "no condition". */
export function normalizeWhere(where: Where | undefined): WhereNode | undefined {
  if (!where || where.length === 0) return undefined;
  const ands: WhereNode[] = [];
  const ors: WhereNode[] = [];
  for (const item of where) {
    const node = normalizeItem(item);
    if (!isGroup(item) && item.connector === "OR") ors.push(node);
    else ands.push(node);
  }
  if (ors.length > 0) ands.push(ors.length === 1 ? ors[0]! : { kind: "or", children: ors });
  return ands.length === 1 ? ands[0] : { kind: "and", children: ands };
}

/** Rewrites every field name (logical -> physical) and value (to storage form) of a tree. */
export function mapWhere(
  node: WhereNode,
  mapField: (field: string) => string,
  mapValue: (field: string, value: WhereValue) => WhereValue,
): WhereNode {
  if (node.kind === "condition") {
    return { ...node, field: mapField(node.field), value: mapValue(node.field, node.value) };
  }
  return { kind: node.kind, children: node.children.map((c) => mapWhere(c, mapField, mapValue)) };
}

export function andWhere(a: WhereNode | undefined, b: WhereNode | undefined): WhereNode | undefined {
  if (!a) return b;
  if (!b) return a;
  return { kind: "and", children: [a, b] };
}

/** Escapes LIKE wildcards so that a value matches literally (escape character: backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
