import { type AdapterOptions, adapterError, type DatabaseAdapter } from "../../db/adapter";
import { createDBAdapter } from "../../db/create-db-adapter";
import type { Schema } from "../../db/model";
import { type PhysicalModel, resolvePhysical } from "../../db/physical";
import { type MemoryTableInfo, memoryDriver } from "./driver";
import { createMemoryStore, type MemoryStore } from "./store";

export interface MemoryAdapterOptions extends AdapterOptions {
  /**
   * The store holding the rows (see `createMemoryStore`). Pass the same store to several adapters
   * to share data; a fresh, empty store when absent.
   */
  readonly data?: MemoryStore;
}

function uniqueSets(pm: PhysicalModel): string[][] {
  const column = (field: string): string => {
    const c = pm.columns.get(field);
    if (!c) throw adapterError("UNKNOWN_FIELD", `Model "${pm.model.name}" has no field "${field}"`);
    return c;
  };
  const sets: string[][] = [[column("id")]];
  for (const [name, def] of Object.entries(pm.model.fields)) {
    if (def.unique) sets.push([column(name)]);
  }
  for (const index of pm.model.indexes ?? []) {
    if (index.unique) sets.push(index.fields.map(column));
  }
  return sets;
}

/** Physical tables of a schema as the memory driver needs them: columns and unique column sets. */
export function memoryTables(schema: Schema, options: AdapterOptions = {}): Record<string, MemoryTableInfo> {
  const out: Record<string, MemoryTableInfo> = {};
  for (const pm of resolvePhysical(schema, options).values()) {
    out[pm.table] = { columns: [...pm.columns.values()], unique: uniqueSets(pm) };
  }
  return out;
}

/**
 * A database that lives in memory: for tests, demos and prototypes. Tables appear on first use, so
 * there is nothing to migrate. Transactions roll back for real but run one at a time, and an
 * operation outside a transaction waits for the running one to finish: inside a transaction, use
 * the transaction's adapter, never the outer one.
 */
export function memoryAdapter(options: MemoryAdapterOptions = {}): DatabaseAdapter {
  const { data, ...adapterOptions } = options;
  const store = data ?? createMemoryStore();
  return {
    id: "memory",
    create: ({ schema, now }) =>
      createDBAdapter(memoryDriver({ store, tables: memoryTables(schema, adapterOptions) }), schema, {
        ...adapterOptions,
        now: adapterOptions.now ?? now,
      }),
    migrate: async () => ({ steps: [] }),
    plan: async () => ({ steps: [] }),
  };
}
