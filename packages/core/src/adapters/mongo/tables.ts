import type { Document } from "mongodb";
import type { AdapterOptions } from "../../db/adapter";
import type { Schema } from "../../db/model";
import { type PhysicalModel, resolvePhysical } from "../../db/physical";

/** A physical table (a collection) as the driver sees it. */
export interface MongoTable {
  /** Collection name (the physical table name) and Gatehouse model. */
  readonly name: string;
  readonly model: string;
  /** Every column, the id column included. */
  readonly columns: readonly string[];
  /** The column stored as `_id`. */
  readonly idColumn: string;
  /** Columns holding ids (the id and references to ids): ObjectId values in objectId mode. */
  readonly idColumns: ReadonlySet<string>;
  /** json, string[] and number[] columns: stored as BSON values, handed over as JSON text. */
  readonly jsonColumns: ReadonlySet<string>;
  /** Unique column sets besides `_id` (for the all-or-nothing check of updateMany). */
  readonly unique: readonly (readonly string[])[];
}

export interface MongoIndexSpec {
  readonly collection: string;
  readonly name: string;
  readonly keys: Readonly<Record<string, 1>>;
  readonly unique: boolean;
  /** Unique indexes over optional fields only cover documents that have them (NULLs never collide). */
  readonly partialFilterExpression?: Document;
}

const JSON_TYPES = new Set(["json", "string[]", "number[]"]);

function columnOf(pm: PhysicalModel, field: string): string {
  const column = pm.columns.get(field);
  if (!column) throw new Error(`Model "${pm.model.name}" has no field "${field}"`);
  return column;
}

export function mongoTables(schema: Schema, options: AdapterOptions): Map<string, MongoTable> {
  const tables = new Map<string, MongoTable>();
  for (const [model, pm] of resolvePhysical(schema, options)) {
    const idColumn = columnOf(pm, "id");
    const idColumns = new Set([idColumn]);
    const jsonColumns = new Set<string>();
    const unique: string[][] = [];
    for (const [field, def] of Object.entries(pm.model.fields)) {
      if (def.references?.field === "id") idColumns.add(columnOf(pm, field));
      if (JSON_TYPES.has(def.type)) jsonColumns.add(columnOf(pm, field));
      if (def.unique) unique.push([columnOf(pm, field)]);
    }
    for (const index of pm.model.indexes ?? []) {
      if (index.unique) unique.push(index.fields.map((f) => columnOf(pm, f)));
    }
    tables.set(pm.table, {
      name: pm.table,
      model,
      columns: [...pm.columns.values()],
      idColumn,
      idColumns,
      jsonColumns,
      unique,
    });
  }
  return tables;
}

/** The indexes a schema asks for: unique fields, indexed fields and composite indexes. */
export function mongoIndexes(schema: Schema, options: AdapterOptions): MongoIndexSpec[] {
  const specs: MongoIndexSpec[] = [];
  for (const pm of resolvePhysical(schema, options).values()) {
    const add = (fields: readonly string[], unique: boolean) => {
      const columns = fields.map((f) => columnOf(pm, f));
      const optional = fields.filter((f) => f !== "id" && pm.model.fields[f]?.required === false);
      const partial = Object.fromEntries(optional.map((f) => [columnOf(pm, f), { $exists: true }]));
      specs.push({
        collection: pm.table,
        name: `${pm.table}_${columns.join("_")}_${unique ? "uidx" : "idx"}`,
        keys: Object.fromEntries(columns.map((c) => [c, 1 as const])),
        unique,
        ...(unique && optional.length > 0 ? { partialFilterExpression: partial } : {}),
      });
    };
    for (const [field, def] of Object.entries(pm.model.fields)) {
      if (def.unique) add([field], true);
      else if (def.index) add([field], false);
    }
    for (const index of pm.model.indexes ?? []) add(index.fields, index.unique === true);
  }
  return specs;
}
