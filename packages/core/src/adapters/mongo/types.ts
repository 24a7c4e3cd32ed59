import type { Collection, Db, Document, MongoClient, Sort } from "mongodb";

/**
 * Exactly the parts of the official `mongodb` driver the adapter calls, typed structurally. A `Db`,
 * `Collection`, `FindCursor`, `MongoClient` and `ClientSession` of the driver fit (checked below at
 * compile time), and so does the in-process substitute the tests run against.
 */

export interface MongoSessionLike {
  /** Runs `fn` in a transaction; commits when it resolves, aborts when it throws. */
  withTransaction<T>(fn: () => Promise<T>): Promise<T>;
  endSession(): Promise<void>;
}

export interface MongoClientLike {
  startSession(): MongoSessionLike;
}

export interface MongoOperationOptions {
  readonly session?: MongoSessionLike;
}

export interface MongoCursorLike {
  sort(sort: Sort): MongoCursorLike;
  skip(value: number): MongoCursorLike;
  limit(value: number): MongoCursorLike;
  project(projection: Document): MongoCursorLike;
  toArray(): Promise<Document[]>;
}

export interface MongoIndexOptions {
  readonly name: string;
  readonly unique?: boolean;
  readonly partialFilterExpression?: Document;
}

export interface MongoCollectionLike {
  insertOne(doc: Document, options?: MongoOperationOptions): Promise<unknown>;
  /** Ordered: stops at the first failing document (earlier ones stay unless a transaction aborts). */
  insertMany(docs: Document[], options?: MongoOperationOptions): Promise<unknown>;
  aggregate(pipeline: Document[], options?: MongoOperationOptions): { toArray(): Promise<Document[]> };
  find(filter: Document, options?: MongoOperationOptions): MongoCursorLike;
  countDocuments(filter: Document, options?: MongoOperationOptions): Promise<number>;
  /** `update` is an update document or an aggregation pipeline (computed values). */
  updateMany(
    filter: Document,
    update: Document | Document[],
    options?: MongoOperationOptions,
  ): Promise<{ readonly matchedCount: number }>;
  /** Updates one document and returns it after the change (null when none matched). */
  findOneAndUpdate(
    filter: Document,
    update: Document[],
    options: MongoOperationOptions & { readonly returnDocument: "after" },
  ): Promise<Document | null>;
  deleteMany(filter: Document, options?: MongoOperationOptions): Promise<{ readonly deletedCount: number }>;
  createIndex(keys: Document, options: MongoIndexOptions): Promise<string>;
  /** Fails with code 26 (NamespaceNotFound) when the collection does not exist. */
  indexes(): Promise<readonly { readonly name?: string }[]>;
}

export interface MongoDbLike {
  collection(name: string): MongoCollectionLike;
  /** Used by `detectMongoTransactions` (the `hello` command). */
  command(command: Document): Promise<Document>;
}

/** Compile-time proof that the real driver fits the structural types (fails to compile otherwise). */
type Fits<Target, Source extends Target> = Source;
export type MongoDriverFits = [
  Fits<MongoDbLike, Db>,
  Fits<MongoCollectionLike, Collection<Document>>,
  Fits<MongoClientLike, MongoClient>,
];
