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

/** A value JSON carries exactly (dates as ISO text, which timestamptz reads back to the ms). */
function plain(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/**
 * The rows as one JSON array keyed by column, or undefined when some value has no exact JSON
 * form (bytes, bigint, NaN): the caller then uses a VALUES list. JSON columns' text is spliced
 * in as it is (it is JSON already), so the column receives the document, not a JSON string.
 */
export function rowsAsJson(
  rows: readonly Row[],
  columns: readonly string[],
  jsonColumns: ReadonlySet<string> | undefined,
): string | undefined {
  const documents = columns.filter((c) => jsonColumns?.has(c) === true);
  const scalars = columns.filter((c) => jsonColumns?.has(c) !== true);
  const keys = documents.map((c) => `,${JSON.stringify(c)}:`);
  const out: string[] = [];
  for (const row of rows) {
    // One native JSON.stringify per row for the plain values, then the documents appended.
    const plainPart: Row = {};
    for (const c of scalars) {
      const value = row[c] ?? null;
      if (!plain(value)) return undefined;
      plainPart[c] = value;
    }
    let text = JSON.stringify(plainPart).slice(0, -1);
    for (let i = 0; i < documents.length; i++) {
      const value = row[documents[i]!] ?? null;
      if (typeof value !== "string" && !plain(value)) return undefined;
      const json = typeof value === "string" ? value : JSON.stringify(value);
      text += text.length === 1 ? keys[i]!.slice(1) + json : keys[i]! + json;
    }
    out.push(`${text}}`);
  }
  return `[${out.join(",")}]`;
}
