import { adapterError, type Row } from "./adapter";
import type { Where, WhereNode } from "./where";

/**
 * Updates whose new values the database computes from the row being updated, in one statement:
 * the primitive behind counters that have several conditions at once (an API key's use and its
 * rate-limit window in one UPDATE, issue 18). A value is a literal, a numeric field plus a constant,
 * or a choice on a condition over the row (SQL `CASE WHEN ... THEN ... ELSE ... END`). Every
 * expression reads the row as it was before the statement (standard SQL; the drivers order the
 * assignments so that MySQL's left-to-right evaluation gives the same result).
 */
export type FieldExpr =
  | { readonly value: unknown }
  | { readonly field: string; readonly add?: number }
  | { readonly when: Where; readonly use: FieldExpr; readonly otherwise: FieldExpr };

/** `FieldExpr` in physical names and storage values: what a driver's `updateWith` receives. */
export type ColumnExpr =
  | { readonly value: unknown }
  | { readonly column: string; readonly add?: number }
  | { readonly when: WhereNode; readonly use: ColumnExpr; readonly otherwise: ColumnExpr };

/** One `column = expression`; drivers apply a list in its order. */
export type ColumnAssignment = readonly [column: string, expr: ColumnExpr];

export interface DriverUpdateWithArgs {
  readonly table: string;
  readonly where: WhereNode;
  readonly set: readonly ColumnAssignment[];
  /** Return the changed rows after the change, where the database can in the same statement. */
  readonly returning: boolean;
}

/** `rows` is null when the database cannot return rows from an UPDATE (MySQL/MariaDB). */
export interface DriverUpdateWithResult {
  readonly count: number;
  readonly rows: Row[] | null;
}

export interface UpdateOneWithArgs {
  readonly model: string;
  /** Identifies the row by a unique field (id, or a unique column): also used to re-read it. */
  readonly match: Where;
  /** Further conditions: the row changes only when they hold (checked in the same statement). */
  readonly where?: Where;
  /** Fields to set; fields not named keep their value (no `onUpdate` is applied). */
  readonly set: Readonly<Record<string, FieldExpr>>;
  /** Return the row after the change (default true). Without it nothing is read back. */
  readonly returning?: boolean;
}

export interface UpdateWithResult<T> {
  readonly changed: boolean;
  /** The row after the change when `returning` (null when not changed or not asked for). */
  readonly row: T | null;
}

/** Columns an expression reads. */
function columnsRead(expr: ColumnExpr, into: Set<string>): Set<string> {
  if ("when" in expr) {
    whereColumns(expr.when, into);
    columnsRead(expr.use, into);
    columnsRead(expr.otherwise, into);
  } else if ("column" in expr) {
    into.add(expr.column);
  }
  return into;
}

function whereColumns(node: WhereNode, into: Set<string>): void {
  if (node.kind === "condition") into.add(node.field);
  else for (const child of node.children) whereColumns(child, into);
}

/**
 * Orders assignments so that a column another assignment reads is assigned after that one: under
 * MySQL's left-to-right evaluation every expression then still reads the old row. A cycle (two
 * columns each reading the other) cannot be ordered and is refused.
 */
export function orderAssignments(set: readonly ColumnAssignment[]): ColumnAssignment[] {
  const reads = new Map(set.map(([column, expr]) => [column, columnsRead(expr, new Set())] as const));
  const pending = [...set];
  const ordered: ColumnAssignment[] = [];
  while (pending.length > 0) {
    // Next: an assignment whose column no other pending assignment still has to read.
    const index = pending.findIndex(([column]) =>
      pending.every(([other]) => other === column || !reads.get(other)?.has(column)),
    );
    if (index < 0) {
      throw adapterError(
        "INVALID_VALUE",
        `Cannot order the assignments of ${pending.map(([c]) => c).join(", ")}: they read each other`,
      );
    }
    ordered.push(pending.splice(index, 1)[0]!);
  }
  return ordered;
}

/** Evaluates a column expression against a stored row (for drivers that update in process). */
export function evaluateColumnExpr(
  expr: ColumnExpr,
  row: Row,
  matches: (row: Row, node: WhereNode) => boolean,
): unknown {
  if ("when" in expr) {
    return evaluateColumnExpr(matches(row, expr.when) ? expr.use : expr.otherwise, row, matches);
  }
  if ("column" in expr) {
    const current = row[expr.column] ?? null;
    if (!expr.add) return current;
    const n = typeof current === "string" ? Number(current) : current;
    return typeof n === "number" ? n + expr.add : null;
  }
  return expr.value;
}
