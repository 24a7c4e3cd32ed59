import type { Row } from "../../db/adapter";
import type { PhysicalModel } from "../../db/physical";

/**
 * PostgreSQL multi-row inserts as one JSON parameter:
 * `INSERT INTO t (cols) SELECT cols FROM json_populate_recordset(NULL::t, $1)`. PostgreSQL
 * converts each JSON value to the column's own type, so the statement has one bound parameter
 * instead of one per value: for 1,000 usage events (10 columns) it took about a third less time
 * in the database than a 10,000-parameter VALUES list, and far less CPU in Node (no
 * per-parameter serialisation). See docs/performance.md, "Usage ingestion".
 */

/** The columns per table that hold JSON (their values reach the driver as JSON text). */
export function jsonColumnsOf(models: Iterable<PhysicalModel>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const pm of models) {
    const columns = new Set<string>();
    for (const [field, def] of Object.entries(pm.model.fields)) {
      if (def.type === "json" || def.type === "string[]" || def.type === "number[]") {
        columns.add(pm.columns.get(field) ?? field);
      }
    }
    if (columns.size > 0) out.set(pm.table, columns);
  }
  return out;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** `date.toISOString()` for years 1000-9999, in a third of its time (one per row and date column). */
function isoText(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString();
  return `${year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}T${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}.${pad3(date.getUTCMilliseconds())}Z`;
}

/** A value's JSON text when JSON carries it exactly (dates as ISO text, which timestamptz reads
 * back to the ms), else undefined. */
function jsonOf(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : undefined;
    case "boolean":
      return value ? "true" : "false";
    case "undefined":
      return "null";
    case "object":
      if (value === null) return "null";
      return value instanceof Date && !Number.isNaN(value.getTime()) ? `"${isoText(value)}"` : undefined;
    default:
      return undefined;
  }
}

/**
 * The rows as one JSON array keyed by column, or undefined when some value has no exact JSON
 * form (bytes, bigint, NaN): the caller then uses a VALUES list. JSON columns' text is spliced
 * in as it is (it is JSON already), so the column receives the document, not a JSON string.
 * The text is built by concatenation (no object per row, no JSON.stringify of one): half the
 * CPU of a 1,000-row batch's earlier version.
 */
export function rowsAsJson(
  rows: readonly Row[],
  columns: readonly string[],
  jsonColumns: ReadonlySet<string> | undefined,
): string | undefined {
  if (columns.length === 0) return undefined;
  const keys = columns.map((c, i) => `${i === 0 ? "{" : ","}${JSON.stringify(c)}:`);
  const documents = columns.map((c) => jsonColumns?.has(c) === true);
  // A value identical to the previous row's in that column (a batch's merchant, its createdAt
  // Date) reuses its text.
  const previous: unknown[] = new Array(columns.length);
  const previousJson: string[] = new Array(columns.length);
  let out = "[";
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let text = r === 0 ? "" : ",";
    for (let i = 0; i < columns.length; i++) {
      const value = row[columns[i]!];
      let json: string | undefined;
      if (r > 0 && value === previous[i]) json = previousJson[i]!;
      else {
        json = documents[i] && typeof value === "string" ? value : jsonOf(value);
        if (json === undefined) return undefined;
        previous[i] = value;
        previousJson[i] = json;
      }
      text += keys[i]! + json;
    }
    out += `${text}}`;
  }
  return `${out}]`;
}
