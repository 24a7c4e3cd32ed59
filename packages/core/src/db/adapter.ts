import type { AggregateArgs, AggregateGroup, DriverAggregateArgs, DriverAggregateGroup } from "./aggregate";
import type { Schema } from "./model";
import type {
  DriverUpdateWithArgs,
  DriverUpdateWithResult,
  UpdateOneWithArgs,
  UpdateWithResult,
} from "./update-with";
import type { Where, WhereNode } from "./where";

/**
 * Two layers, as in better-auth but with race-safe primitives named in the contract:
 *
 * - `AdapterDriver` is what an adapter author writes. It speaks physical names (tables and columns,
 *   after casing and renames) and storage values (already converted for what the database can hold,
 *   per `capabilities`). It knows nothing of models.
 * - `DBAdapter` is what the library uses. `createDBAdapter(driver, schema)` wraps a driver: it maps
 *   names, generates ids, applies defaults and transforms, converts values both ways, resolves joins
 *   from model references, and builds the atomic helpers (`consumeOne`, `incrementOne`, `claimDue`)
 *   from the driver's primitives so that every adapter gets them with the same guarantees.
 */

export type Row = Record<string, unknown>;

export interface DriverCapabilities {
  /** Can the database store JavaScript Date values natively? Otherwise ISO strings are stored. */
  readonly dates: boolean;
  /** Native booleans? Otherwise 1/0 are stored. */
  readonly booleans: boolean;
  /** Native JSON values (objects accepted on write)? Otherwise JSON text is stored. */
  readonly json: boolean;
  /** Does `transaction` give real isolation and rollback? */
  readonly transactions: boolean;
  /** Can the driver perform a one-to-one LEFT JOIN in the same round trip? */
  readonly joins: boolean;
}

export type SortDirection = "asc" | "desc";

export interface PhysicalSort {
  readonly column: string;
  readonly direction: SortDirection;
}

/**
 * A one-to-one join: `base.localColumn = table.foreignColumn`, result nested under `alias`. A LEFT
 * JOIN, unless `where` is set: then only base rows whose joined row matches it are returned (an
 * INNER JOIN with the condition on the joined table).
 */
export interface PhysicalJoin {
  readonly alias: string;
  readonly table: string;
  readonly localColumn: string;
  readonly foreignColumn: string;
  readonly columns: readonly string[];
  readonly where?: WhereNode;
}

export interface DriverFindArgs {
  readonly table: string;
  readonly where?: WhereNode;
  /** Columns to return; all columns when absent. */
  readonly columns?: readonly string[];
  readonly sortBy?: readonly PhysicalSort[];
  readonly limit?: number;
  readonly offset?: number;
  /** Only passed when `capabilities.joins` is true. A missing joined row yields `alias: null`. */
  readonly joins?: readonly PhysicalJoin[];
}

export interface AdapterDriver {
  readonly id: string;
  readonly capabilities: DriverCapabilities;
  /** Inserts one row and returns it as stored (all columns). */
  insert(args: { table: string; values: Row }): Promise<Row>;
  /**
   * Optional: inserts many rows with as few statements as the database allows (a multi-row
   * INSERT, `insertMany`, `createMany`); returns how many were inserted. Rows may have different
   * column sets. Without it, `DBAdapter.createMany` inserts one row at a time in a transaction.
   */
  insertMany?(args: { table: string; rows: readonly Row[] }): Promise<number>;
  /**
   * Optional: the same, except that a row whose `unique` columns (those of a unique index) equal
   * a stored row's, or an earlier row's of the same call, is skipped by the database instead of
   * failing the call; returns how many were inserted. Rows with a NULL in those columns never
   * collide. (Kysely: SQLite `ON CONFLICT (...) DO NOTHING`; PostgreSQL `WHERE NOT EXISTS` on
   * those columns plus `ON CONFLICT DO NOTHING`, which also works on a table partitioned by time.)
   */
  insertManySkippingDuplicates?(args: {
    table: string;
    rows: readonly Row[];
    unique: readonly string[];
  }): Promise<number>;
  /**
   * Optional: evaluates an aggregation in the database, in one round trip (see `db/aggregate.ts`
   * for the semantics). Without it, `DBAdapter.aggregate` refuses: rows are never loaded into the
   * process to be aggregated there.
   */
  aggregate?(args: DriverAggregateArgs): Promise<DriverAggregateGroup[]>;
  findMany(args: DriverFindArgs): Promise<Row[]>;
  count(args: { table: string; where?: WhereNode }): Promise<number>;
  /** Updates every matching row; returns how many matched. */
  updateMany(args: { table: string; where?: WhereNode; values: Row }): Promise<number>;
  /**
   * Optional: updates every matching row and returns them after the change, in one round trip
   * (UPDATE ... RETURNING). Without it, `DBAdapter.update` finds, updates and re-reads.
   */
  updateReturning?(args: { table: string; where?: WhereNode; values: Row }): Promise<Row[]>;
  /** Deletes every matching row; returns how many were deleted. */
  deleteMany(args: { table: string; where?: WhereNode }): Promise<number>;
  /**
   * Atomically adds `by` to a numeric column of every matching row in one statement
   * (`SET col = col + by WHERE ...`), so concurrent callers never lose an update. Returns how many
   * rows changed. Guards are expressed in `where` by the caller.
   */
  increment(args: { table: string; where?: WhereNode; column: string; by: number }): Promise<number>;
  /**
   * Optional: one UPDATE whose values the database computes from each matching row (literals,
   * `column + n`, `CASE WHEN`), assignments applied in the given order (see `db/update-with.ts`).
   * With `returning`, the changed rows come back in the same statement where the database can
   * (else `rows` is null). Without it, `DBAdapter.updateOneWith` is absent and callers fall back to
   * several conditional statements.
   */
  updateWith?(args: DriverUpdateWithArgs): Promise<DriverUpdateWithResult>;
  /**
   * Optional: `increment` that returns the changed rows after the change, in one round trip
   * (UPDATE ... RETURNING). Without it, `DBAdapter.incrementOne` increments and re-reads.
   */
  incrementReturning?(args: { table: string; where?: WhereNode; column: string; by: number }): Promise<Row[]>;
  /** Runs `fn` in a transaction: everything commits together or rolls back when `fn` throws. */
  transaction<T>(fn: (tx: AdapterDriver) => Promise<T>): Promise<T>;
}

/* ------------------------------------------------------------------------------------------------ */

export type SortBy = { readonly field: string; readonly direction?: SortDirection };

/**
 * Joins by related model name. `where` on a one-to-one join keeps only the rows whose related row
 * matches (one query where the database joins: e.g. an account by its user's email); on a
 * one-to-many join it filters the related rows.
 */
export type JoinOption = Readonly<Record<string, true | { readonly limit?: number; readonly where?: Where }>>;

export interface FindOneArgs {
  readonly model: string;
  readonly where: Where;
  readonly select?: readonly string[];
  /**
   * Related models to load with the row, keyed by model name. A reference from this model to the
   * other gives one object (or null), loaded in the same query where the database can join; a
   * reference from the other model to this one gives a list, loaded with one extra query for all rows.
   */
  readonly join?: JoinOption;
}

export interface FindManyArgs {
  readonly model: string;
  readonly where?: Where;
  readonly select?: readonly string[];
  readonly sortBy?: SortBy | readonly SortBy[];
  readonly limit?: number;
  readonly offset?: number;
  readonly join?: JoinOption;
}

export interface ClaimDueArgs {
  readonly model: string;
  /** Extra conditions for a row to be due (e.g. `nextAttemptAt <= now`). */
  readonly where?: Where;
  readonly limit: number;
  /** How long the claim lasts before another worker may take the row again. */
  readonly leaseMs: number;
  readonly now: Date;
  readonly sortBy?: SortBy | readonly SortBy[];
  /** Lease fields on the model (date and string). Defaults: `lockedUntil`, `lockToken`. */
  readonly leaseFields?: { readonly until: string; readonly token: string };
}

export interface DBAdapter {
  readonly id: string;
  readonly schema: Schema;
  readonly capabilities: DriverCapabilities;
  create<T = Row>(args: { model: string; data: Row; select?: readonly string[] }): Promise<T>;
  /**
   * Inserts many rows (ids and defaults applied as by `create`) and returns how many. With a
   * driver `insertMany`, one statement per chunk; else one insert per row inside a transaction.
   * Either way all rows land or none do (a unique violation rejects the whole call).
   */
  createMany(args: { model: string; data: readonly Row[] }): Promise<number>;
  /**
   * Present when the driver has `insertManySkippingDuplicates`: `createMany`, except that rows
   * colliding on `unique` (the fields of one of the model's unique indexes) with a stored row
   * are skipped by the database, without a read; returns how many were inserted.
   */
  createManySkippingDuplicates?(args: {
    model: string;
    data: readonly Row[];
    unique: readonly string[];
  }): Promise<number>;
  /**
   * Evaluates `func` over the matching rows in the database, in one round trip: one group without
   * `groupBy` (value 0 when nothing matches), else one group per non-empty time bucket, oldest first.
   */
  aggregate(args: AggregateArgs): Promise<AggregateGroup[]>;
  findOne<T = Row>(args: FindOneArgs): Promise<T | null>;
  findMany<T = Row>(args: FindManyArgs): Promise<T[]>;
  count(args: { model: string; where?: Where }): Promise<number>;
  /** Updates the first matching row (callers pass a unique where) and returns it, or null. */
  update<T = Row>(args: { model: string; where: Where; update: Row }): Promise<T | null>;
  updateMany(args: { model: string; where?: Where; update: Row }): Promise<number>;
  delete(args: { model: string; where: Where }): Promise<number>;
  deleteMany(args: { model: string; where?: Where }): Promise<number>;
  /**
   * Deletes and returns one matching row. Under any concurrency exactly one caller receives a given
   * row; the others receive null. For single-use values (tokens, codes).
   */
  consumeOne<T = Row>(args: { model: string; where: Where }): Promise<T | null>;
  /**
   * Adds `by` to `field` of the row matching `where`, unless the result would leave [min, max].
   * Returns the row after the change, or null when no row matched or the guard refused. Never
   * overshoots under concurrency (20 concurrent increments with room for 5: exactly 5 succeed).
   */
  incrementOne<T = Row>(args: {
    model: string;
    where: Where;
    field: string;
    by: number;
    max?: number;
    min?: number;
  }): Promise<T | null>;
  /**
   * Claims up to `limit` due rows for this caller by setting a lease; a row is never held by two
   * callers at once. Release a row by updating it (clear `lockedUntil`) or let the lease expire.
   */
  claimDue<T = Row>(args: ClaimDueArgs): Promise<T[]>;
  /**
   * Present when the driver has `updateWith`: updates the row `match` identifies, only when `where`
   * holds, with values computed in the database from that row, in one statement; with `returning`
   * (default) the row after the change comes back in the same round trip where the database has
   * UPDATE ... RETURNING (PostgreSQL, SQLite, memory), else by one read after it (MySQL/MariaDB:
   * that row may already include a concurrent caller's later change).
   * Atomic under any concurrency: the condition and the new values are evaluated on the row the
   * statement changes.
   */
  updateOneWith?<T = Row>(args: UpdateOneWithArgs): Promise<UpdateWithResult<T>>;
  transaction<T>(fn: (tx: DBAdapter) => Promise<T>): Promise<T>;
  /** Is this adapter bound to an open transaction? */
  readonly inTransaction: boolean;
}

/* ------------------------------------------------------------------------------------------------ */

/**
 * `DEADLOCK`: the database rolled back a transaction (or a statement) to break a deadlock; the
 * whole transaction may be run again.
 */
export type AdapterErrorCode =
  | "UNIQUE_VIOLATION"
  | "DEADLOCK"
  | "UNKNOWN_MODEL"
  | "UNKNOWN_FIELD"
  | "INVALID_VALUE";

export interface AdapterError extends Error {
  readonly name: "AdapterError";
  readonly code: AdapterErrorCode;
}

export function adapterError(code: AdapterErrorCode, message: string, cause?: unknown): AdapterError {
  const error = new Error(message, cause === undefined ? undefined : { cause }) as Error & {
    code: AdapterErrorCode;
  };
  error.name = "AdapterError";
  error.code = code;
  return error as AdapterError;
}

export function isAdapterError(error: unknown, code?: AdapterErrorCode): error is AdapterError {
  return (
    error instanceof Error &&
    error.name === "AdapterError" &&
    (code === undefined || (error as AdapterError).code === code)
  );
}

/** Name mapping and id options shared by every adapter. */
export interface AdapterOptions {
  /** Column casing applied to field names without a `fieldName`. Default "camel". */
  readonly casing?: "camel" | "snake";
  /** Table names per model (logical model name -> table). */
  readonly tables?: Readonly<Record<string, string>>;
  /** Column names per model field. */
  readonly fields?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Prefix for every table name (used by tests to isolate runs). */
  readonly tablePrefix?: string;
  /** Id generation: random (default, 32 url-safe characters), a function, or "database" (not supported by all). */
  readonly generateId?: (model: string) => string;
  /** Clock for `currentTime` defaults (createdAt, updatedAt). Default: the system clock. */
  readonly now?: () => Date;
}

/** What `createAuth` passes to an adapter factory once the schema is known. */
export interface AdapterFactoryContext {
  readonly schema: Schema;
  /** The app clock (`advanced.now`), for timestamp defaults. */
  readonly now?: () => Date;
}

/** A database option for `createAuth`: builds the adapter for the merged schema. */
export interface DatabaseAdapter {
  readonly id: string;
  create(ctx: AdapterFactoryContext): DBAdapter;
  /** Applies missing tables, columns and indexes (adapters that own a schema, like Kysely). */
  migrate?(ctx: AdapterFactoryContext): Promise<MigrationPlan>;
  /** Computes the migration plan without applying it. */
  plan?(ctx: AdapterFactoryContext): Promise<MigrationPlan>;
  close?(): Promise<void>;
}

export interface MigrationStep {
  readonly kind: "create_table" | "add_column" | "create_index";
  readonly table: string;
  readonly column?: string;
  readonly index?: string;
  readonly sql: string;
}

export interface MigrationPlan {
  readonly steps: readonly MigrationStep[];
}
