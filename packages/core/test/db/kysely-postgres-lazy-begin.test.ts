import type { Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import { preparedStatementPool } from "../../src/adapters/kysely/pg-prepared";
import { type DatabaseAdapter, type DBAdapter, isAdapterError } from "../../src/db/adapter";
import type { Schema } from "../../src/db/model";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { randomPrefix } from "./kysely-helpers";

/*
 * PostgreSQL: a transaction's BEGIN is sent with its first statement, in one write and one round
 * trip (pg's pipeline mode for those two); a transaction that sends nothing sends no BEGIN and no
 * COMMIT/ROLLBACK. The statements must behave exactly as in a transaction opened on its own.
 */
const available = await serviceAvailable("postgres");

const schema: Schema = {
  item: { name: "item", fields: { label: { type: "string", unique: true }, rank: { type: "number" } } },
};

describe.skipIf(!available)("kysely postgres: BEGIN sent with the first statement", () => {
  const prefix = randomPrefix("lzb");
  let pool: pg.Pool;
  let factory: DatabaseAdapter;
  let db: DBAdapter;
  let writes = 0;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 });
    // Every write to the connection's socket (a corked batch is one write).
    pool.on("connect", (client) => {
      const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      const s = socket as unknown as Record<string, (...a: unknown[]) => unknown>;
      for (const method of ["_write", "_writev"]) {
        const original = s[method]!.bind(socket);
        s[method] = (...args: unknown[]) => {
          writes++;
          return original(...args);
        };
      }
    });
    factory = postgresAdapter(pool, { tablePrefix: prefix });
    db = factory.create({ schema });
    await factory.migrate!({ schema });
  });

  afterAll(async () => {
    const admin = new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 });
    await admin.query(`DROP TABLE IF EXISTS "${prefix}item" CASCADE`);
    await admin.end();
    await factory.close!();
  });

  const count = () => db.count({ model: "item" });
  const counted = async <T>(run: () => Promise<T>) => {
    const before = writes;
    const value = await run();
    return { value, writes: writes - before };
  };

  it("a transaction of two statements is three writes: BEGIN with the first, the second, COMMIT", async () => {
    await db.findMany({ model: "item" }); // the connection exists and the read is prepared
    await db.transaction(async (tx) => {
      await tx.create({ model: "item", data: { label: "warm", rank: 0 } });
      return tx.findMany({ model: "item" });
    });
    const { value, writes: n } = await counted(() =>
      db.transaction(async (tx) => {
        await tx.create({ model: "item", data: { label: "a", rank: 1 } });
        return tx.findMany({ model: "item", where: [{ field: "label", value: "a" }] });
      }),
    );
    expect(value.map((r) => r.label)).toEqual(["a"]);
    expect(n).toBe(3);
  });

  it("the first statement is inside the transaction: a rollback undoes it", async () => {
    const before = await count();
    await expect(
      db.transaction(async (tx) => {
        await tx.create({ model: "item", data: { label: "undone", rank: 2 } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await count()).toBe(before);
    expect(await db.findOne({ model: "item", where: [{ field: "label", value: "undone" }] })).toBeNull();
  });

  it("a first statement that fails: the error surfaces, nothing is kept, the connection works", async () => {
    const before = await count();
    const error = await db
      .transaction(async (tx) => {
        await tx.create({ model: "item", data: { label: "a", rank: 3 } }); // "a" exists
        return "unreachable";
      })
      .catch((e: unknown) => e);
    expect(isAdapterError(error, "UNIQUE_VIOLATION")).toBe(true);
    expect(await count()).toBe(before);
    await db.transaction((tx) => tx.create({ model: "item", data: { label: "after", rank: 4 } }));
    expect(await count()).toBe(before + 1);
  });

  it("a transaction that sends nothing writes nothing, whether it commits or fails", async () => {
    const committed = await counted(() => db.transaction(async () => "nothing"));
    expect(committed).toEqual({ value: "nothing", writes: 0 });
    const failed = await counted(() =>
      db
        .transaction(async () => {
          throw new Error("early");
        })
        .catch((e: Error) => e.message),
    );
    expect(failed).toEqual({ value: "early", writes: 0 });
    expect(await count()).toBeGreaterThan(0);
  });

  it("a query object (a cursor) after a pending BEGIN runs inside the transaction", async () => {
    const wrapped = preparedStatementPool(pool as never);
    const client = (await wrapped.connect()) as unknown as {
      query(text: string | object, values?: unknown[]): Promise<unknown>;
      release(): void;
    };
    try {
      await client.query("begin", []);
      const insert = new pg.Query(
        `INSERT INTO "${prefix}item" ("id", "label", "rank") VALUES ('cursor-row', 'cursor', 9)`,
      );
      await new Promise<void>((resolve, reject) => {
        insert.on("end", () => resolve());
        insert.on("error", reject);
        client.query(insert);
      });
      await client.query("rollback", []);
    } finally {
      client.release();
    }
    expect(await db.findOne({ model: "item", where: [{ field: "label", value: "cursor" }] })).toBeNull();
  });
});
