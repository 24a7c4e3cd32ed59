import { type AdapterOptions, adapterError, type DriverCapabilities, type Row } from "./adapter";
import type { FieldDef, ModelDef, Schema } from "./model";
import type { WhereValue } from "./where";

/** A model resolved to physical names: what adapters and migrations work with. */
export interface PhysicalModel {
  readonly model: ModelDef;
  readonly table: string;
  /** logical field -> column, including `id`. */
  readonly columns: ReadonlyMap<string, string>;
  /** column -> logical field. */
  readonly fieldsByColumn: ReadonlyMap<string, string>;
}

export const ID_FIELD: FieldDef = { type: "string", required: true, unique: true };

export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

export function resolvePhysical(schema: Schema, options: AdapterOptions = {}): Map<string, PhysicalModel> {
  const casing = options.casing === "snake" ? snakeCase : (n: string) => n;
  const out = new Map<string, PhysicalModel>();
  for (const [name, model] of Object.entries(schema)) {
    const table =
      (options.tablePrefix ?? "") + (options.tables?.[name] ?? casing(model.tableName ?? model.name));
    const columns = new Map<string, string>([["id", options.fields?.[name]?.id ?? "id"]]);
    for (const [fieldName, def] of Object.entries(model.fields)) {
      columns.set(fieldName, options.fields?.[name]?.[fieldName] ?? def.fieldName ?? casing(fieldName));
    }
    const fieldsByColumn = new Map([...columns].map(([f, c]) => [c, f] as const));
    out.set(name, { model, table, columns, fieldsByColumn });
  }
  return out;
}

export function fieldDef(model: ModelDef, field: string): FieldDef {
  if (field === "id") return ID_FIELD;
  const def = model.fields[field];
  if (!def) throw adapterError("UNKNOWN_FIELD", `Model "${model.name}" has no field "${field}"`);
  return def;
}

/** Converts one value to what the database stores, per field type and driver capabilities. */
export function toStorage(def: FieldDef, value: unknown, caps: DriverCapabilities): unknown {
  if (value === null || value === undefined) return null;
  switch (def.type) {
    case "date": {
      const date = value instanceof Date ? value : new Date(value as string);
      if (Number.isNaN(date.getTime())) throw adapterError("INVALID_VALUE", "Invalid date value");
      return caps.dates ? date : date.toISOString();
    }
    case "boolean":
      return caps.booleans ? Boolean(value) : value ? 1 : 0;
    case "json":
    case "string[]":
    case "number[]":
      // Always sent as JSON text: drivers would otherwise turn arrays into SQL array literals.
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** Converts a where value for comparison against a stored column. */
export function whereToStorage(def: FieldDef, value: WhereValue, caps: DriverCapabilities): WhereValue {
  if (Array.isArray(value)) return value;
  if (value === null) return null;
  if (def.type === "date") return toStorage(def, value, caps) as WhereValue;
  if (def.type === "boolean") return toStorage(def, value, caps) as WhereValue;
  return value;
}

/** Converts a stored value back to its JavaScript form. */
export function fromStorage(def: FieldDef, value: unknown, caps: DriverCapabilities): unknown {
  if (value === null || value === undefined) return null;
  switch (def.type) {
    case "date":
      return value instanceof Date ? value : new Date(typeof value === "number" ? value : String(value));
    case "boolean":
      return value === true || value === 1 || value === "1" || value === "true" || value === "t";
    case "number":
      return typeof value === "number" ? value : Number(value);
    case "json":
    case "string[]":
    case "number[]":
      // Drivers with native JSON hand back parsed values; the others hand back the text we wrote.
      return !caps.json && typeof value === "string" ? JSON.parse(value) : value;
    default:
      return value;
  }
}

/** A logical row -> storage row with physical column names (unknown fields rejected). */
export function rowToStorage(pm: PhysicalModel, data: Row, caps: DriverCapabilities): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    const column = pm.columns.get(key);
    if (!column) throw adapterError("UNKNOWN_FIELD", `Model "${pm.model.name}" has no field "${key}"`);
    out[column] = toStorage(fieldDef(pm.model, key), value, caps);
  }
  return out;
}

/** A storage row -> logical row (only known columns; optional `select` limits the fields). */
export function rowFromStorage(
  pm: PhysicalModel,
  row: Row,
  caps: DriverCapabilities,
  select?: readonly string[],
): Row {
  const out: Row = {};
  for (const column of Object.keys(row)) {
    const field = pm.fieldsByColumn.get(column);
    if (!field) continue;
    if (select && !select.includes(field)) continue;
    out[field] = fromStorage(fieldDef(pm.model, field), row[column], caps);
  }
  return out;
}

interface FieldPlan {
  readonly name: string;
  readonly def: FieldDef;
  readonly column: string;
}
const plans = new WeakMap<PhysicalModel, readonly FieldPlan[]>();

/** The model's fields with their columns, resolved once per model (rows are converted per row). */
function fieldPlan(pm: PhysicalModel): readonly FieldPlan[] {
  let plan = plans.get(pm);
  if (!plan) {
    plan = Object.entries(pm.model.fields).map(([name, def]) => ({
      name,
      def,
      column: pm.columns.get(name) ?? name,
    }));
    plans.set(pm, plan);
  }
  return plan;
}

/**
 * A row to insert, in storage form, in one pass (one object per row: inserts of 1,000 rows
 * spent more CPU here than in building their SQL): `id` generated when missing, then per field
 * its default when undefined, its transform when set, the required check, then the value as
 * `rowToStorage` converts it. A key that is no field of the model is UNKNOWN_FIELD.
 */
export function insertRowToStorage(
  pm: PhysicalModel,
  data: Row,
  caps: DriverCapabilities,
  fill: { readonly id: () => string; readonly value: (value: unknown) => unknown },
): Row {
  const plan = fieldPlan(pm);
  const values: unknown[] = new Array(plan.length);
  for (let i = 0; i < plan.length; i++) {
    const { name, def } = plan[i]!;
    let value = data[name];
    if (value === undefined && def.default !== undefined) value = fill.value(def.default);
    if (value !== undefined && value !== null && def.transform) {
      value = (def.transform as (v: unknown) => unknown)(value);
    }
    if ((value === undefined || value === null) && def.required !== false) {
      throw adapterError("INVALID_VALUE", `Field "${name}" of model "${pm.model.name}" is required`);
    }
    values[i] = value;
  }
  for (const key in data) {
    if (data[key] !== undefined && !pm.columns.has(key)) {
      throw adapterError("UNKNOWN_FIELD", `Model "${pm.model.name}" has no field "${key}"`);
    }
  }
  const out: Row = {};
  const id = data.id === undefined || data.id === null ? fill.id() : data.id;
  out[pm.columns.get("id") ?? "id"] = toStorage(ID_FIELD, id, caps);
  for (let i = 0; i < plan.length; i++) {
    if (values[i] !== undefined) out[plan[i]!.column] = toStorage(plan[i]!.def, values[i], caps);
  }
  return out;
}
