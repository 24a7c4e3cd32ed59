import {
  type AdapterDriver,
  adapterError,
  type DriverCapabilities,
  type DriverFindArgs,
  type PhysicalJoin,
  type Row,
} from "../../db/adapter";
import { evaluateColumnExpr } from "../../db/update-with";
import type { WhereNode } from "../../db/where";
import { aggregateRows } from "./aggregate";
import { matches, sameValue, sortRows } from "./match";
import {
  acquire,
  cloneRow,
  cloneValue,
  createMemoryStore,
  type MemoryStore,
  type MemoryTable,
  nextKey,
  restore,
  runOutside,
  snapshot,
  tableOf,
  tick,
} from "./store";

/** What the driver knows of a physical table: its columns and unique column sets. */
export interface MemoryTableInfo {
  readonly columns: readonly string[];
  readonly unique: readonly (readonly string[])[];
}

export interface MemoryDriverOptions {
  /** Where rows live; a fresh store when absent. */
  readonly store?: MemoryStore;
  /** Known tables (columns filled with NULL on insert, unique constraints enforced); others are schemaless. */
  readonly tables?: Readonly<Record<string, MemoryTableInfo>>;
}

export const MEMORY_CAPABILITIES: DriverCapabilities = {
  dates: true,
  booleans: true,
  json: false,
  transactions: true,
  joins: true,
};

type Run = <T>(work: () => T) => Promise<T>;

/** A key for a unique constraint, or undefined when a column is NULL (NULLs never collide, as in SQL). */
function uniqueKey(row: Row, columns: readonly string[]): string | undefined {
  const parts: string[] = [];
  for (const column of columns) {
    const value = row[column];
    if (value === null || value === undefined) return undefined;
    parts.push(value instanceof Date ? `d${value.getTime()}` : `${typeof value}:${String(value)}`);
  }
  return JSON.stringify(parts);
}

function violation(table: string, columns: readonly string[]) {
  return adapterError("UNIQUE_VIOLATION", `Duplicate value for unique ${table}(${columns.join(", ")})`);
}

/** An in-memory driver: rows in Maps, real rollback, transactions serialised by a lock. */
export function memoryDriver(options: MemoryDriverOptions = {}): AdapterDriver {
  const store = options.store ?? createMemoryStore();
  const tables = options.tables ?? {};

  /** Throws UNIQUE_VIOLATION when a `pending` row (to be written) would share a unique key with another row. */
  function checkUnique(table: string, rows: MemoryTable, pending: ReadonlyMap<number, Row>): void {
    for (const columns of tables[table]?.unique ?? []) {
      const claimed = new Set<string>();
      for (const row of pending.values()) {
        const unique = uniqueKey(row, columns);
        if (unique === undefined) continue;
        if (claimed.has(unique)) throw violation(table, columns);
        claimed.add(unique);
      }
      if (claimed.size === 0) continue;
      for (const [key, row] of rows) {
        if (pending.has(key)) continue;
        const unique = uniqueKey(row, columns);
        if (unique !== undefined && claimed.has(unique)) throw violation(table, columns);
      }
    }
  }

  /** Rows matching `where`, by key. */
  function select(rows: MemoryTable, where: WhereNode | undefined): [number, Row][] {
    return [...rows].filter(([, row]) => matches(row, where));
  }

  /** Applies a change to every matching row atomically (all or none, checked for uniqueness). */
  function write(table: string, where: WhereNode | undefined, change: (row: Row) => Row): Row[] {
    const rows = tableOf(store, table);
    const pending = new Map(select(rows, where).map(([key, row]) => [key, change(row)] as const));
    checkUnique(table, rows, pending);
    for (const [key, row] of pending) rows.set(key, row);
    return [...pending.values()];
  }

  function project(row: Row, columns: readonly string[] | undefined): Row {
    if (!columns) return cloneRow(row);
    const out: Row = {};
    for (const column of columns) out[column] = cloneValue(row[column] ?? null);
    return out;
  }

  function joinedRow(row: Row, join: PhysicalJoin): Row | null {
    const local = row[join.localColumn];
    for (const target of tableOf(store, join.table).values()) {
      if (sameValue(target[join.foreignColumn], local)) return target;
    }
    return null;
  }

  function find(args: DriverFindArgs): Row[] {
    const filtered = (args.joins ?? []).filter((j) => j.where);
    const rows = sortRows(
      select(tableOf(store, args.table), args.where)
        .map(([, row]) => row)
        // A join with a condition is an inner join: the joined row must exist and match.
        .filter((row) =>
          filtered.every((j) => {
            const target = joinedRow(row, j);
            return target !== null && matches(target, j.where);
          }),
        ),
      args.sortBy,
    );
    const start = args.offset ?? 0;
    const page = rows.slice(start, args.limit === undefined ? undefined : start + args.limit);
    return page.map((row) => {
      const out = project(row, args.columns);
      for (const join of args.joins ?? []) {
        const target = joinedRow(row, join);
        out[join.alias] = target ? project(target, join.columns) : null;
      }
      return out;
    });
  }

  function insert(table: string, values: Row): Row {
    const rows = tableOf(store, table);
    const row: Row = {};
    for (const column of tables[table]?.columns ?? []) row[column] = null;
    for (const [column, value] of Object.entries(values)) {
      if (value !== undefined) row[column] = cloneValue(value);
    }
    const key = nextKey(store);
    checkUnique(table, rows, new Map([[key, row]]));
    rows.set(key, row);
    return cloneRow(row);
  }

  /** All rows or none: every unique key is checked before the first row is stored. */
  function insertAll(table: string, values: readonly Row[]): number {
    const rows = tableOf(store, table);
    const pending = new Map<number, Row>();
    for (const v of values) {
      const row: Row = {};
      for (const column of tables[table]?.columns ?? []) row[column] = null;
      for (const [column, value] of Object.entries(v)) {
        if (value !== undefined) row[column] = cloneValue(value);
      }
      pending.set(nextKey(store), row);
    }
    checkUnique(table, rows, pending);
    for (const [key, row] of pending) rows.set(key, row);
    return pending.size;
  }

  function update(table: string, where: WhereNode | undefined, values: Row): Row[] {
    return write(table, where, (row) => {
      const next = { ...row };
      for (const [column, value] of Object.entries(values)) {
        if (value !== undefined) next[column] = cloneValue(value);
      }
      return next;
    });
  }

  function increment(table: string, where: WhereNode | undefined, column: string, by: number): number {
    return write(table, where, (row) => {
      const current = row[column];
      const value = typeof current === "string" ? Number(current) : current;
      return { ...row, [column]: typeof value === "number" ? value + by : null };
    }).length;
  }

  function remove(table: string, where: WhereNode | undefined): number {
    const rows = tableOf(store, table);
    const doomed = select(rows, where);
    for (const [key] of doomed) rows.delete(key);
    return doomed.length;
  }

  function make(run: Run, transaction: AdapterDriver["transaction"]): AdapterDriver {
    return {
      id: "memory",
      capabilities: MEMORY_CAPABILITIES,
      insert: ({ table, values }) => run(() => insert(table, values)),
      insertMany: ({ table, rows }) => run(() => insertAll(table, rows)),
      aggregate: (args) =>
        run(() =>
          aggregateRows(
            select(tableOf(store, args.table), args.where).map(([, row]) => row),
            args,
          ),
        ),
      findMany: (args) => run(() => find(args)),
      count: ({ table, where }) => run(() => select(tableOf(store, table), where).length),
      updateMany: ({ table, where, values }) => run(() => update(table, where, values).length),
      updateReturning: ({ table, where, values }) => run(() => update(table, where, values).map(cloneRow)),
      updateWith: ({ table, where, set }) =>
        run(() => {
          const changed = write(table, where, (row) => {
            const next = { ...row };
            for (const [column, expr] of set)
              next[column] = cloneValue(evaluateColumnExpr(expr, row, matches));
            return next;
          });
          return { count: changed.length, rows: changed.map(cloneRow) };
        }),
      deleteMany: ({ table, where }) => run(() => remove(table, where)),
      increment: ({ table, where, column, by }) => run(() => increment(table, where, column, by)),
      transaction,
    };
  }

  async function transaction<T>(fn: (tx: AdapterDriver) => Promise<T>): Promise<T> {
    const release = await acquire(store);
    const saved = snapshot(store);
    let open = true;
    const inside: Run = async (work) => {
      await tick();
      if (!open) throw new Error("This transaction has already finished");
      return work();
    };
    const tx: AdapterDriver = make(inside, (inner) => inner(tx));
    try {
      return await fn(tx);
    } catch (error) {
      restore(store, saved);
      throw error;
    } finally {
      open = false;
      release();
    }
  }

  return make((work) => runOutside(store, work), transaction);
}
