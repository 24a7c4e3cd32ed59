import { type Document, MongoExpiredSessionError } from "mongodb";
import type { MongoClientLike, MongoSessionLike } from "../../src/adapters/mongo/index";
import { bsonCopy, serverError } from "./mongo-fake-rules";

/**
 * Sessions and transactions of the substitute. Transactions run one at a time (a lock) and roll
 * back by restoring a BSON snapshot of every collection. The server instead runs transactions
 * concurrently under snapshot isolation and aborts one of two conflicting writers; the substitute
 * does not model that, so an operation without the transaction's session while a transaction is
 * open fails loudly rather than seeing (or waiting for) uncommitted writes. What this proves: the
 * adapter passes its session to every operation and rolls back on failure. What it does not: that
 * MongoDB's isolation behaves as the adapter assumes.
 */
export interface FakeCollectionState {
  docs: Document[];
  indexes: { name: string; key: Document; unique: boolean; partialFilterExpression?: Document }[];
}

export class FakeServer {
  readonly collections = new Map<string, FakeCollectionState>();
  /** The session whose transaction holds the lock. */
  active: FakeSession | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly options: {
      /** A replica set supports transactions; a standalone refuses them (code 20). */
      readonly replicaSet: boolean;
    },
  ) {}

  /** May an operation run now? Inside its transaction, or when no transaction is open. */
  async admit(session: MongoSessionLike | undefined): Promise<void> {
    if (session !== undefined && (!(session instanceof FakeSession) || session.ended)) {
      throw new MongoExpiredSessionError("Cannot use a session that has ended");
    }
    if (this.active && session !== this.active) {
      throw new Error(
        "The MongoDB substitute got an operation without the open transaction's session (it does not model " +
          "concurrent snapshot isolation; on a server this would read committed data)",
      );
    }
  }

  snapshot(): Map<string, FakeCollectionState> {
    const copy = new Map<string, FakeCollectionState>();
    for (const [name, state] of this.collections) {
      copy.set(name, { docs: state.docs.map(bsonCopy), indexes: state.indexes.map((i) => ({ ...i })) });
    }
    return copy;
  }

  restore(saved: Map<string, FakeCollectionState>): void {
    this.collections.clear();
    for (const [name, state] of saved) this.collections.set(name, state);
  }

  /** Runs `work` holding the transaction lock. */
  async exclusive<T>(session: FakeSession, work: () => Promise<T>): Promise<T> {
    const previous = this.queue;
    let release = () => {};
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.active = session;
    try {
      return await work();
    } finally {
      this.active = undefined;
      release();
    }
  }
}

export class FakeSession implements MongoSessionLike {
  ended = false;
  constructor(private readonly server: FakeServer) {}

  async withTransaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.ended) throw new MongoExpiredSessionError("Cannot use a session that has ended");
    if (!this.server.options.replicaSet) {
      throw serverError(
        20,
        "IllegalOperation",
        "Transaction numbers are only allowed on a replica set member or mongos",
      );
    }
    return this.server.exclusive(this, async () => {
      const saved = this.server.snapshot();
      try {
        return await fn();
      } catch (error) {
        this.server.restore(saved);
        throw error;
      }
    });
  }

  async endSession(): Promise<void> {
    this.ended = true;
  }
}

export class FakeClient implements MongoClientLike {
  constructor(private readonly server: FakeServer) {}
  startSession(): FakeSession {
    return new FakeSession(this.server);
  }
}
