import { aggregate as mingoAggregate, find as mingoFind, Query } from "mingo";
import { type Document, ObjectId, type Sort } from "mongodb";
import type {
  MongoCollectionLike,
  MongoCursorLike,
  MongoDbLike,
  MongoIndexOptions,
  MongoOperationOptions,
} from "../../src/adapters/mongo/index";
import {
  applyPipeline,
  applyUpdate,
  bsonCopy,
  duplicateKey,
  indexKey,
  sameDocument,
  serverError,
  validateFilter,
  validatePipeline,
  validateUpdate,
} from "./mongo-fake-rules";
import { FakeClient, type FakeCollectionState, FakeServer } from "./mongo-fake-session";

/**
 * An in-process substitute for a MongoDB deployment: exactly the `Db`, `Collection`, cursor,
 * client and session methods the adapter calls (typed by the structural interfaces that the real
 * driver is checked against), with query semantics from mingo, values through the real BSON
 * library, and the server's rules for unique indexes, partial indexes and multi-document writes
 * (one document at a time, stopping at the first error, yielding between documents so that
 * concurrent operations interleave as on a server).
 */

const matches = (filter: Document, doc: Document): boolean => new Query(filter, {}).test(doc);
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

function sortSpec(sort: Sort): Document {
  if (Array.isArray(sort)) return Object.fromEntries(sort);
  if (sort instanceof Map) return Object.fromEntries(sort);
  if (typeof sort === "object" && sort !== null) return { ...sort };
  throw new Error("The MongoDB substitute only implements object, array and Map sorts");
}

class FakeCursor implements MongoCursorLike {
  private sortBy: Document | undefined;
  private skipped = 0;
  private limited = 0;
  private projection: Document | undefined;

  constructor(
    private readonly load: () => Promise<Document[]>,
    private readonly filter: Document,
  ) {}

  sort(sort: Sort) {
    this.sortBy = sortSpec(sort);
    return this;
  }
  skip(value: number) {
    this.skipped = value;
    return this;
  }
  limit(value: number) {
    this.limited = value;
    return this;
  }
  project(projection: Document) {
    if (Object.values(projection).some((v) => v !== 1))
      throw new Error("Only inclusion projections are implemented");
    this.projection = projection;
    return this;
  }

  async toArray(): Promise<Document[]> {
    validateFilter(this.filter);
    let cursor = mingoFind(await this.load(), this.filter);
    if (this.sortBy) cursor = cursor.sort(this.sortBy);
    if (this.skipped) cursor = cursor.skip(this.skipped);
    // limit(0) means "no limit" on MongoDB.
    if (this.limited) cursor = cursor.limit(this.limited);
    return cursor.all().map((doc) => {
      const projection = this.projection;
      const out = projection
        ? Object.fromEntries(Object.entries(doc).filter(([key]) => key === "_id" || key in projection))
        : doc;
      return bsonCopy(out);
    });
  }
}

class FakeCollection implements MongoCollectionLike {
  constructor(
    private readonly server: FakeServer,
    private readonly namespace: string,
    private readonly name: string,
  ) {}

  private state(create = true): FakeCollectionState | undefined {
    let state = this.server.collections.get(this.name);
    if (!state && create) {
      state = { docs: [], indexes: [{ name: "_id_", key: { _id: 1 }, unique: true }] };
      this.server.collections.set(this.name, state);
    }
    return state;
  }

  /** Throws E11000 when `doc` (replacing `replacing`) would duplicate a unique key. */
  private checkUnique(state: FakeCollectionState, doc: Document, replacing?: Document): void {
    for (const index of state.indexes.filter((i) => i.unique)) {
      const partial = index.partialFilterExpression;
      if (partial && !matches(partial, doc)) continue;
      const fields = Object.keys(index.key);
      const key = indexKey(doc, fields);
      for (const other of state.docs) {
        if (other === replacing || (partial && !matches(partial, other))) continue;
        if (indexKey(other, fields) === key) {
          throw duplicateKey(
            `${this.namespace}.${this.name}`,
            index.name,
            Object.fromEntries(fields.map((f) => [f, doc[f] ?? null])),
          );
        }
      }
    }
  }

  async insertOne(doc: Document, options?: MongoOperationOptions) {
    await this.server.admit(options?.session);
    // The driver adds an ObjectId _id on the client side when there is none.
    if (doc._id === undefined) doc._id = new ObjectId();
    const stored = bsonCopy(doc);
    const state = this.state()!;
    this.checkUnique(state, stored);
    state.docs.push(stored);
    return { acknowledged: true, insertedId: stored._id };
  }

  /** Ordered, as the driver's default: one document at a time, stopping at the first error. */
  async insertMany(docs: Document[], options?: MongoOperationOptions) {
    const insertedIds: unknown[] = [];
    for (const doc of docs) {
      insertedIds.push((await this.insertOne(doc, options)).insertedId);
      await yieldToOthers();
    }
    return { acknowledged: true, insertedCount: docs.length, insertedIds };
  }

  /**
   * The `$match` + `$group` pipelines the adapter sends, evaluated by mingo over a snapshot of
   * the collection (other stages are refused, so an unexpected pipeline fails loudly).
   */
  aggregate(pipeline: Document[], options?: MongoOperationOptions) {
    return {
      toArray: async (): Promise<Document[]> => {
        await this.server.admit(options?.session);
        for (const stage of pipeline) {
          const [name] = Object.keys(stage);
          if (name !== "$match" && name !== "$group")
            throw new Error(`The MongoDB substitute only implements $match and $group stages, not ${name}`);
          if (name === "$match") validateFilter(stage.$match as Document);
        }
        return mingoAggregate([...(this.state(false)?.docs ?? [])], pipeline).map((doc) => bsonCopy(doc));
      },
    };
  }

  find(filter: Document, options?: MongoOperationOptions): MongoCursorLike {
    return new FakeCursor(async () => {
      await this.server.admit(options?.session);
      return [...(this.state(false)?.docs ?? [])];
    }, filter);
  }

  async countDocuments(filter: Document, options?: MongoOperationOptions) {
    await this.server.admit(options?.session);
    validateFilter(filter);
    return (this.state(false)?.docs ?? []).filter((doc) => matches(filter, doc)).length;
  }

  /** One document at a time, each re-checked against the filter when it is written. */
  async updateMany(filter: Document, update: Document | Document[], options?: MongoOperationOptions) {
    await this.server.admit(options?.session);
    validateFilter(filter);
    const change = this.changeOf(update);
    let matchedCount = 0;
    let modifiedCount = 0;
    for (const target of [...(this.state(false)?.docs ?? [])].filter((doc) => matches(filter, doc))) {
      const state = this.state()!;
      const current = state.docs.indexOf(target);
      if (current === -1 || !matches(filter, target)) continue;
      const next = change(target);
      this.checkUnique(state, next, target);
      state.docs[current] = next;
      matchedCount++;
      if (!sameDocument(next, target)) modifiedCount++;
      await yieldToOthers();
      await this.server.admit(options?.session);
    }
    return { acknowledged: true, matchedCount, modifiedCount, upsertedCount: 0, upsertedId: null };
  }

  /** An update document (operators) or a pipeline (`[{ $set: expressions }]`) as a function. */
  private changeOf(update: Document | Document[]): (doc: Document) => Document {
    if (Array.isArray(update)) {
      validatePipeline(update);
      return (doc) => applyPipeline(doc, update);
    }
    validateUpdate(update);
    return (doc) => applyUpdate(doc, update);
  }

  /** The first matching document, changed and returned as written (one atomic step). */
  async findOneAndUpdate(
    filter: Document,
    update: Document[],
    options: MongoOperationOptions & { readonly returnDocument: "after" },
  ) {
    await this.server.admit(options.session);
    validateFilter(filter);
    const change = this.changeOf(update);
    const target = (this.state(false)?.docs ?? []).find((doc) => matches(filter, doc));
    if (!target) return null;
    const state = this.state()!;
    const next = change(target);
    this.checkUnique(state, next, target);
    state.docs[state.docs.indexOf(target)] = next;
    return bsonCopy(next);
  }

  async deleteMany(filter: Document, options?: MongoOperationOptions) {
    await this.server.admit(options?.session);
    validateFilter(filter);
    let deletedCount = 0;
    for (const target of [...(this.state(false)?.docs ?? [])].filter((doc) => matches(filter, doc))) {
      const docs = this.state()!.docs;
      const current = docs.indexOf(target);
      if (current === -1 || !matches(filter, target)) continue;
      docs.splice(current, 1);
      deletedCount++;
      await yieldToOthers();
      await this.server.admit(options?.session);
    }
    return { acknowledged: true, deletedCount };
  }

  async createIndex(keys: Document, options: MongoIndexOptions) {
    await this.server.admit(undefined);
    const state = this.state()!;
    const spec = {
      name: options.name,
      key: { ...keys },
      unique: options.unique === true,
      ...(options.partialFilterExpression
        ? { partialFilterExpression: options.partialFilterExpression }
        : {}),
    };
    const existing = state.indexes.find((i) => i.name === spec.name);
    if (existing) {
      if (JSON.stringify(existing) === JSON.stringify(spec)) return spec.name;
      throw serverError(
        86,
        "IndexKeySpecsConflict",
        `An existing index has the same name as the requested index: ${spec.name}`,
      );
    }
    const staged: FakeCollectionState = { docs: [], indexes: [...state.indexes, spec] };
    for (const doc of state.docs) {
      this.checkUnique(staged, doc);
      staged.docs.push(doc);
    }
    state.indexes.push(spec);
    return spec.name;
  }

  async indexes() {
    const state = this.state(false);
    if (!state)
      throw serverError(26, "NamespaceNotFound", `ns does not exist: ${this.namespace}.${this.name}`);
    return state.indexes.map((i) => ({ v: 2, ...i }));
  }
}

export class FakeDb implements MongoDbLike {
  constructor(
    readonly server: FakeServer,
    readonly databaseName = "gatehouse",
  ) {}

  collection(name: string): FakeCollection {
    return new FakeCollection(this.server, this.databaseName, name);
  }

  async command(command: Document): Promise<Document> {
    if (!("hello" in command)) throw new Error("The MongoDB substitute only implements the hello command");
    return { isWritablePrimary: true, ok: 1, ...(this.server.options.replicaSet ? { setName: "rs0" } : {}) };
  }
}

/** A substitute deployment: its `Db` and `MongoClient`. */
export function fakeMongo(options: { replicaSet?: boolean } = {}) {
  const server = new FakeServer({ replicaSet: options.replicaSet ?? true });
  return { server, db: new FakeDb(server), client: new FakeClient(server) };
}
