import { ObjectId } from "mongodb";
import type { AdapterOptions, DatabaseAdapter, MigrationStep } from "../../db/adapter";
import { createDBAdapter } from "../../db/create-db-adapter";
import type { Schema } from "../../db/model";
import { createMongoDriver } from "./driver";
import { type MongoIndexSpec, mongoIndexes, mongoTables } from "./tables";
import type { MongoClientLike, MongoDbLike } from "./types";
import { type MongoIdType, MongoValues } from "./values";

export interface MongoAdapterOptions extends AdapterOptions {
  /**
   * "string" (default): `_id` holds Gatehouse's string ids. "objectId": ids are new ObjectIds (as
   * 24 hex characters in Gatehouse) and `_id` and references to ids are stored as ObjectId.
   */
  readonly idType?: MongoIdType;
  /** The MongoClient of `db`: transactions run in its sessions. */
  readonly client?: MongoClientLike;
  /**
   * Real transactions (default: on when `client` is given). They need a replica set or a sharded
   * cluster; see `detectMongoTransactions`. Off, `transaction()` runs its callback without rollback.
   */
  readonly transactions?: boolean;
  /** Where the "no rollback" warning goes (default: console.warn). */
  readonly warn?: (message: string) => void;
}

export interface MongoDatabaseAdapter extends DatabaseAdapter {
  readonly options: MongoAdapterOptions;
}

/** Does this deployment support transactions (a replica set member, or mongos)? */
export async function detectMongoTransactions(db: MongoDbLike): Promise<boolean> {
  const hello = await db.command({ hello: 1 });
  return typeof hello.setName === "string" || hello.msg === "isdbgrid";
}

/** The createIndex options of a spec. */
function indexOptions(spec: MongoIndexSpec) {
  return {
    name: spec.name,
    ...(spec.unique ? { unique: true } : {}),
    ...(spec.partialFilterExpression ? { partialFilterExpression: spec.partialFilterExpression } : {}),
  };
}

/** A plan step; `sql` holds the equivalent mongosh command. */
function indexStep(spec: MongoIndexSpec): MigrationStep {
  const command = `db.getCollection(${JSON.stringify(spec.collection)}).createIndex(${JSON.stringify(spec.keys)}, ${JSON.stringify(indexOptions(spec))})`;
  return { kind: "create_index", table: spec.collection, index: spec.name, sql: command };
}

/** The indexes of the schema missing from the database (a collection that does not exist has none). */
async function missingIndexes(
  db: MongoDbLike,
  schema: Schema,
  options: AdapterOptions,
): Promise<MongoIndexSpec[]> {
  const specs = mongoIndexes(schema, options);
  const present = new Map<string, Set<string>>();
  for (const collection of new Set(specs.map((s) => s.collection))) {
    try {
      const list = await db.collection(collection).indexes();
      present.set(collection, new Set(list.map((i) => i.name ?? "")));
    } catch (error) {
      // 26: NamespaceNotFound, the collection does not exist yet.
      if (typeof error !== "object" || error === null || Reflect.get(error, "code") !== 26) throw error;
      present.set(collection, new Set());
    }
  }
  return specs.filter((s) => !present.get(s.collection)?.has(s.name));
}

/**
 * A database adapter over a MongoDB `Db` (official `mongodb` driver). `migrate` creates the unique
 * and regular indexes of the schema (collections appear on first write). See docs/adapters/mongodb.md.
 */
export function mongoAdapter(db: MongoDbLike, options: MongoAdapterOptions = {}): MongoDatabaseAdapter {
  const { idType = "string", client, transactions, warn, ...rest } = options;
  if (transactions === true && !client) {
    throw new Error("mongoAdapter: `transactions: true` needs the MongoClient as `client`.");
  }
  const adapterOptions: AdapterOptions =
    idType === "objectId" && !rest.generateId
      ? { ...rest, generateId: () => new ObjectId().toHexString() }
      : rest;
  return {
    id: "mongodb",
    options,
    create({ schema, now: clock }) {
      const driver = createMongoDriver(db, {
        tables: mongoTables(schema, adapterOptions),
        values: new MongoValues(idType),
        client,
        transactions: transactions ?? client !== undefined,
        warn: warn ?? ((message) => console.warn(message)),
      });
      return createDBAdapter(driver, schema, { ...adapterOptions, now: adapterOptions.now ?? clock });
    },
    async plan({ schema }) {
      return { steps: (await missingIndexes(db, schema, adapterOptions)).map(indexStep) };
    },
    async migrate({ schema }) {
      const missing = await missingIndexes(db, schema, adapterOptions);
      for (const spec of missing) {
        await db.collection(spec.collection).createIndex(spec.keys, indexOptions(spec));
      }
      return { steps: missing.map(indexStep) };
    },
  };
}
