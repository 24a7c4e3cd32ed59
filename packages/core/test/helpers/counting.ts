import { createMemoryStore, memoryDriver, memoryTables } from "../../src/adapters/memory";
import type { AdapterDriver, DatabaseAdapter } from "../../src/db/adapter";
import { createDBAdapter } from "../../src/db/create-db-adapter";

export interface RoundTrips {
  total: number;
  byOperation: Record<string, number>;
  /** Reads (`findMany` round trips, joins included) by the table they read. */
  readsByTable: Record<string, number>;
  /** Transactions opened (each is a BEGIN and a COMMIT on a SQL database). */
  transactions: number;
  reset(): void;
}

const OPERATIONS = [
  "insert",
  "insertMany",
  "aggregate",
  "findMany",
  "count",
  "updateMany",
  "updateReturning",
  "deleteMany",
  "increment",
  "incrementReturning",
] as const;

/** Wraps a driver so that every call that would be a database round trip is counted. */
export function countRoundTrips(driver: AdapterDriver, trips: RoundTrips): AdapterDriver {
  const wrapped: Record<string, unknown> = { id: driver.id, capabilities: driver.capabilities };
  for (const op of OPERATIONS) {
    const fn = driver[op] as ((args: never) => Promise<unknown>) | undefined;
    if (!fn) continue;
    wrapped[op] = (args: never) => {
      trips.total++;
      trips.byOperation[op] = (trips.byOperation[op] ?? 0) + 1;
      if (op === "findMany") {
        const table = (args as { table: string }).table;
        trips.readsByTable[table] = (trips.readsByTable[table] ?? 0) + 1;
      }
      return fn.call(driver, args);
    };
  }
  wrapped.transaction = <T>(fn: (tx: AdapterDriver) => Promise<T>) => {
    trips.transactions++;
    return driver.transaction((tx) => fn(countRoundTrips(tx, trips)));
  };
  return wrapped as unknown as AdapterDriver;
}

/** A memory database whose round trips are counted (for "one query" performance contracts). */
export function countingMemoryDatabase(): { database: DatabaseAdapter; trips: RoundTrips } {
  const trips: RoundTrips = {
    total: 0,
    byOperation: {},
    readsByTable: {},
    transactions: 0,
    reset() {
      this.total = 0;
      this.byOperation = {};
      this.readsByTable = {};
      this.transactions = 0;
    },
  };
  const store = createMemoryStore();
  return {
    trips,
    database: {
      id: "memory-counting",
      create: ({ schema }) =>
        createDBAdapter(
          countRoundTrips(memoryDriver({ store, tables: memoryTables(schema) }), trips),
          schema,
        ),
    },
  };
}

/** A memory database whose writes can be made to fail, like a database going away mid-request. */
export function faultyMemoryDatabase(): { database: DatabaseAdapter; failWrites: (on: boolean) => void } {
  let failing = false;
  const store = createMemoryStore();
  const fail = () => Promise.reject(new Error("simulated database failure"));
  const wrap = (driver: AdapterDriver): AdapterDriver => ({
    ...driver,
    id: driver.id,
    capabilities: driver.capabilities,
    insert: (args) => (failing ? fail() : driver.insert(args)),
    updateMany: (args) => (failing ? fail() : driver.updateMany(args)),
    ...(driver.updateReturning
      ? { updateReturning: (args) => (failing ? fail() : driver.updateReturning!(args)) }
      : {}),
    findMany: (args) => driver.findMany(args),
    count: (args) => driver.count(args),
    deleteMany: (args) => driver.deleteMany(args),
    increment: (args) => driver.increment(args),
    transaction: (fn) => driver.transaction((tx) => fn(wrap(tx))),
  });
  return {
    failWrites: (on) => {
      failing = on;
    },
    database: {
      id: "memory-faulty",
      create: ({ schema }) =>
        createDBAdapter(wrap(memoryDriver({ store, tables: memoryTables(schema) })), schema),
    },
  };
}
