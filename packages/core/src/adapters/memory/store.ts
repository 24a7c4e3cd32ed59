import type { Row } from "../../db/adapter";

/** One table: rows keyed by an internal insertion counter, so Map order is insertion order. */
export type MemoryTable = Map<number, Row>;

/**
 * Where the memory adapter keeps its rows: one Map per physical table (names after casing, renames
 * and prefix; values in storage form: Date objects, booleans, JSON text). Pass the same store to
 * several adapters to share data between them (for instance across app restarts in a test); they
 * also share the transaction lock.
 */
export interface MemoryStore {
  readonly tables: Map<string, MemoryTable>;
  /** Copies of the stored rows of a table, in insertion order (empty when the table is unknown). */
  rows(table: string): Row[];
}

interface StoreState {
  /** Settles when the running transaction ends; operations outside it wait for it. */
  active: Promise<void> | undefined;
  nextKey: number;
}

const states = new WeakMap<MemoryStore, StoreState>();

function stateOf(store: MemoryStore): StoreState {
  let state = states.get(store);
  if (!state) {
    state = { active: undefined, nextKey: 0 };
    states.set(store, state);
  }
  return state;
}

export function cloneValue(value: unknown): unknown {
  if (value instanceof Date) return new Date(value.getTime());
  if (value !== null && typeof value === "object") return structuredClone(value);
  return value;
}

export function cloneRow(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) out[key] = cloneValue(value);
  return out;
}

/** Creates an empty store, optionally seeded with storage rows per physical table. */
export function createMemoryStore(seed: Readonly<Record<string, readonly Row[]>> = {}): MemoryStore {
  const tables = new Map<string, MemoryTable>();
  const store: MemoryStore = {
    tables,
    rows: (table) => [...(tables.get(table)?.values() ?? [])].map(cloneRow),
  };
  for (const [table, rows] of Object.entries(seed)) {
    const map = tableOf(store, table);
    for (const row of rows) map.set(nextKey(store), cloneRow(row));
  }
  return store;
}

/** The table's rows, creating the table on first use (memory needs no migration). */
export function tableOf(store: MemoryStore, table: string): MemoryTable {
  let map = store.tables.get(table);
  if (!map) {
    map = new Map();
    store.tables.set(table, map);
  }
  return map;
}

export function nextKey(store: MemoryStore): number {
  const state = stateOf(store);
  state.nextKey += 1;
  return state.nextKey;
}

export type Snapshot = Map<string, MemoryTable>;

export function snapshot(store: MemoryStore): Snapshot {
  // Stored rows are never changed in place (an insert stores a new object, an update replaces
  // the row with a changed copy), so the saved tables can share them: a copy of each Map is
  // enough, and a transaction costs one pointer per row instead of a deep copy of the store.
  const copy: Snapshot = new Map();
  for (const [table, rows] of store.tables) copy.set(table, new Map(rows));
  return copy;
}

export function restore(store: MemoryStore, saved: Snapshot): void {
  store.tables.clear();
  for (const [table, rows] of saved) store.tables.set(table, rows);
}

/**
 * Lets other callers run first, as a round trip to a database would (a macrotask: `setImmediate`
 * where the runtime has it, `setTimeout` elsewhere).
 */
export const tick = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve);
    else setTimeout(resolve, 0);
  });

/** Waits until no transaction runs, then runs `work` synchronously (nothing interleaves with it). */
export async function runOutside<T>(store: MemoryStore, work: () => T): Promise<T> {
  await tick();
  const state = stateOf(store);
  while (state.active) await state.active;
  return work();
}

/**
 * Takes the store's transaction lock (transactions run one at a time), returning the function that
 * releases it. Operations outside the transaction wait until it is released.
 */
export async function acquire(store: MemoryStore): Promise<() => void> {
  await tick();
  const state = stateOf(store);
  while (state.active) await state.active;
  let release: () => void = () => {};
  const active = new Promise<void>((resolve) => {
    release = resolve;
  });
  state.active = active;
  return () => {
    if (state.active === active) state.active = undefined;
    release();
  };
}
