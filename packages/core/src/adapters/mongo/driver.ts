import type { Document } from "mongodb";
import { type AdapterDriver, adapterError, type DriverCapabilities } from "../../db/adapter";
import type { WhereNode } from "../../db/where";
import { aggregatePipeline } from "./aggregate";
import { columnExpression, type ExpressionContext } from "./expressions";
import { mongoFilter } from "./filter";
import type { MongoTable } from "./tables";
import type { MongoClientLike, MongoDbLike, MongoOperationOptions, MongoSessionLike } from "./types";
import type { MongoValues } from "./values";

export const NO_TRANSACTIONS_MESSAGE =
  "[gatehouse] MongoDB adapter: transactions are off (no `client` was passed, or `transactions: false`), so " +
  "the writes of a failing transaction() are NOT rolled back. Pass the MongoClient of a replica set or a " +
  "sharded cluster as `client` to get real transactions.";

const STANDALONE_MESSAGE =
  "MongoDB transactions need a replica set or a sharded cluster, and this server is a standalone. Run it as a " +
  "(single-node) replica set, or create the adapter with `transactions: false` (writes are then not rolled back).";

export interface MongoDriverConfig {
  readonly tables: ReadonlyMap<string, MongoTable>;
  readonly values: MongoValues;
  readonly client?: MongoClientLike;
  readonly transactions: boolean;
  /** Called once, the first time a transaction runs without rollback. */
  readonly warn: (message: string) => void;
}

function code(error: unknown): unknown {
  return typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined;
}

async function mapErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (code(error) === 11000 || code(error) === 11001) {
      const message = error instanceof Error ? error.message : "Duplicate key";
      throw adapterError("UNIQUE_VIOLATION", message, error);
    }
    throw error;
  }
}

/** An `AdapterDriver` over a MongoDB database; with `session`, every operation runs in its transaction. */
export function createMongoDriver(
  db: MongoDbLike,
  config: MongoDriverConfig,
  session?: MongoSessionLike,
): AdapterDriver {
  const { values } = config;
  const options: MongoOperationOptions = session ? { session } : {};
  let warned = false;

  const tableOf = (table: string): MongoTable => {
    const info = config.tables.get(table);
    if (!info) throw adapterError("UNKNOWN_MODEL", `No collection is known as "${table}"`);
    return info;
  };
  const filter = (t: MongoTable, node: WhereNode | undefined): Document =>
    mongoFilter(node, {
      keyOf: (column) => values.keyOf(t, column),
      valueOf: (column, value) => values.toFilterValue(t, column, value),
    });

  /** Runs `fn` with a session in a transaction; a standalone server's refusal gets a clear message. */
  async function inTransaction<T>(
    client: MongoClientLike,
    fn: (tx: MongoSessionLike) => Promise<T>,
  ): Promise<T> {
    const tx = client.startSession();
    try {
      return await tx.withTransaction(() => fn(tx));
    } catch (error) {
      if (
        code(error) === 20 ||
        (error instanceof Error && /only allowed on a replica set/i.test(error.message))
      ) {
        throw new Error(STANDALONE_MESSAGE, { cause: error });
      }
      throw error;
    } finally {
      await tx.endSession();
    }
  }

  /**
   * updateMany is not atomic across documents on MongoDB: a duplicate key on the second document
   * leaves the first one changed. When every column of a unique index gets one value and two or
   * more documents match, the duplicate is certain: it is reported before anything is written.
   * Other updates of unique columns run in a transaction when transactions are on (all or nothing).
   */
  async function update(t: MongoTable, node: WhereNode | undefined, change: Document): Promise<number> {
    const run = async (opts: MongoOperationOptions) =>
      (await db.collection(t.name).updateMany(filter(t, node), change, opts)).matchedCount;
    const set: Document = change.$set ?? {};
    const touched = t.unique.filter((columns) => columns.some((c) => values.keyOf(t, c) in set));
    if (touched.length === 0) return run(options);
    const certain = touched.some((columns) => columns.every((c) => values.keyOf(t, c) in set));
    if (certain && (await db.collection(t.name).countDocuments(filter(t, node), options)) > 1) {
      throw adapterError("UNIQUE_VIOLATION", `Duplicate values for a unique index of "${t.name}"`);
    }
    if (session || !config.transactions || !config.client) return run(options);
    return inTransaction(config.client, (tx) => run({ session: tx }));
  }

  const driver: AdapterDriver = {
    id: "mongodb",
    capabilities: {
      dates: true,
      booleans: true,
      json: true,
      transactions: config.transactions,
      joins: false,
    } satisfies DriverCapabilities,

    insert: ({ table, values: row }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const doc = values.toDocument(t, row);
        await db.collection(table).insertOne(doc, options);
        return values.toRow(t, doc);
      }),

    insertMany: ({ table, rows }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const run = async (opts: MongoOperationOptions) => {
          await db.collection(table).insertMany(
            rows.map((row) => values.toDocument(t, row)),
            opts,
          );
          return rows.length;
        };
        // All or nothing where a transaction is available; without one, an ordered insert stops
        // at the first failing document and the earlier ones stay.
        if (session || !config.transactions || !config.client || rows.length < 2) return run(options);
        return inTransaction(config.client, (tx) => run({ session: tx }));
      }),

    aggregate: (args) =>
      mapErrors(async () => {
        const t = tableOf(args.table);
        const pipeline = aggregatePipeline(args, filter(t, args.where), (column) => values.keyOf(t, column));
        const groups = await db.collection(args.table).aggregate(pipeline, options).toArray();
        return groups.map((g) => ({ bucket: g._id ?? null, value: g.value ?? 0 }));
      }),

    findMany: (args) =>
      mapErrors(async () => {
        const t = tableOf(args.table);
        if (args.limit === 0) return [];
        let cursor = db.collection(args.table).find(filter(t, args.where), options);
        if (args.columns) {
          cursor = cursor.project(Object.fromEntries(args.columns.map((c) => [values.keyOf(t, c), 1])));
        }
        if (args.sortBy && args.sortBy.length > 0) {
          const keys = args.sortBy.map((s): [string, 1 | -1] => [
            values.keyOf(t, s.column),
            s.direction === "desc" ? -1 : 1,
          ]);
          cursor = cursor.sort(keys);
        }
        if (args.offset) cursor = cursor.skip(args.offset);
        if (args.limit !== undefined) cursor = cursor.limit(args.limit);
        return (await cursor.toArray()).map((doc) => values.toRow(t, doc, args.columns));
      }),

    count: ({ table, where }) =>
      mapErrors(() => db.collection(table).countDocuments(filter(tableOf(table), where), options)),

    updateMany: ({ table, where, values: row }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const change = values.toUpdate(t, row);
        if (Object.keys(change).length === 0)
          return db.collection(table).countDocuments(filter(t, where), options);
        return update(t, where, change);
      }),

    deleteMany: ({ table, where }) =>
      mapErrors(
        async () =>
          (await db.collection(table).deleteMany(filter(tableOf(table), where), options)).deletedCount,
      ),

    updateWith: ({ table, where, set, returning }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const ctx: ExpressionContext = {
          keyOf: (column) => values.keyOf(t, column),
          valueOf: (column, value) => values.toFilterValue(t, column, value),
          storedOf: (column, value) => values.toStored(t, column, value),
        };
        const $set: Document = {};
        for (const [column, expr] of set) {
          const key = values.keyOf(t, column);
          if (key === "_id") throw adapterError("INVALID_VALUE", "A MongoDB document id cannot change");
          $set[key] = columnExpression(expr, column, ctx);
        }
        const collection = db.collection(table);
        if (returning) {
          // One document (callers match a unique field), returned as written, in the same operation.
          const doc = await collection.findOneAndUpdate(filter(t, where), [{ $set }], {
            ...options,
            returnDocument: "after",
          });
          return { count: doc ? 1 : 0, rows: doc ? [values.toRow(t, doc)] : [] };
        }
        const result = await collection.updateMany(filter(t, where), [{ $set }], options);
        return { count: result.matchedCount, rows: null };
      }),

    increment: ({ table, where, column, by }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const update = { $inc: { [values.keyOf(t, column)]: by } };
        return (await db.collection(table).updateMany(filter(t, where), update, options)).matchedCount;
      }),

    async transaction(fn) {
      if (session) return fn(driver);
      if (!config.transactions || !config.client) {
        if (!warned) config.warn(NO_TRANSACTIONS_MESSAGE);
        warned = true;
        return fn(driver);
      }
      return inTransaction(config.client, (tx) => fn(createMongoDriver(db, config, tx)));
    },
  };
  return driver;
}
