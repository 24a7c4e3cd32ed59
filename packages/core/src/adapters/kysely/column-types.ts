import type { FieldDef } from "../../db/model";
import type { SqlDialect } from "./types";

/**
 * The column type of a field. `keyed` says the column takes part in an index, a unique constraint
 * or a foreign key: MySQL cannot index TEXT without a prefix, so keyed strings become VARCHAR there.
 */
export function columnType(def: FieldDef, dialect: SqlDialect, keyed: boolean): string {
  switch (def.type) {
    case "string":
      if (dialect === "mysql") return keyed ? `varchar(${def.maxLength ?? 255})` : "text";
      return "text";
    case "number":
      return def.bigint ? "bigint" : "integer";
    case "boolean":
      return dialect === "sqlite" ? "integer" : "boolean";
    case "date":
      return { postgres: "timestamptz(3)", mysql: "datetime(3)", sqlite: "text" }[dialect];
    case "json":
    case "string[]":
    case "number[]":
      return { postgres: "jsonb", mysql: "longtext", sqlite: "text" }[dialect];
  }
}

/** The primary key column type: ids are strings. */
export function idColumnType(dialect: SqlDialect): string {
  return dialect === "mysql" ? "varchar(255)" : "text";
}

/**
 * A literal default that lets a NOT NULL column be added to a table that already has rows, or
 * undefined when the field has none (a function default cannot fill existing rows).
 */
export function backfillDefault(def: FieldDef, dialect: SqlDialect): string | number | boolean | undefined {
  if (def.required === false || def.default === undefined || typeof def.default === "function")
    return undefined;
  const value: unknown = def.default;
  if (def.type === "string" && typeof value === "string") return value;
  if (def.type === "number" && typeof value === "number") return value;
  if (def.type === "boolean" && typeof value === "boolean") {
    return dialect === "postgres" ? value : value ? 1 : 0;
  }
  return undefined;
}
