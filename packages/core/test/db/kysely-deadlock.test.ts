import mysql from "mysql2";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { mysqlAdapter, postgresAdapter } from "../../src/adapters/kysely/index";
import { type DatabaseAdapter, isAdapterError } from "../../src/db/adapter";
import type { Schema } from "../../src/db/model";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { randomPrefix } from "./kysely-helpers";

/*
 * Two transactions that update the same two rows in opposite orders: the database rolls one back to
 * break the deadlock. Its caller gets `AdapterError("DEADLOCK")` (the driver's error as its cause),
 * so it can run the whole transaction again; the other transaction commits.
 */
const schema: Schema = { item: { name: "item", fields: { rank: { type: "number" } } } };

interface Opened {
  readonly factory: DatabaseAdapter;
  /** Drops the test's table (before the adapter closes its pool). */
  readonly drop: () => Promise<unknown>;
}

const backends: { name: string; available: boolean; open: (prefix: string) => Opened }[] = [
  {
    name: "postgres",
    available: await serviceAvailable("postgres"),
    open(tablePrefix) {
      const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 4 });
      const factory = postgresAdapter(pool, { tablePrefix });
      return { factory, drop: () => pool.query(`DROP TABLE IF EXISTS "${tablePrefix}item"`) };
    },
  },
  {
    name: "mysql",
    available: await serviceAvailable("mysql"),
    open(tablePrefix) {
      const pool = mysql.createPool({ uri: serviceUrls.mysql, timezone: "Z", connectionLimit: 4 });
      const factory = mysqlAdapter(pool, { tablePrefix });
      return { factory, drop: () => pool.promise().query(`DROP TABLE IF EXISTS \`${tablePrefix}item\``) };
    },
  },
];

for (const backend of backends) {
  describe.skipIf(!backend.available)(`kysely ${backend.name}: a deadlocked transaction`, () => {
    it("is rolled back with AdapterError DEADLOCK; the other commits; run again, it commits", async () => {
      const prefix = randomPrefix("dlk");
      const { factory, drop } = backend.open(prefix);
      await factory.migrate!({ schema });
      const db = factory.create({ schema });
      try {
        const a = await db.create<{ id: string }>({ model: "item", data: { rank: 0 } });
        const b = await db.create<{ id: string }>({ model: "item", data: { rank: 0 } });
        let arrived = 0;
        let release: () => void = () => {};
        const bothHoldOne = new Promise<void>((resolve) => {
          release = resolve;
        });
        const crossing = (first: string, second: string) =>
          db.transaction(async (tx) => {
            await tx.incrementOne({
              model: "item",
              where: [{ field: "id", value: first }],
              field: "rank",
              by: 1,
            });
            if (++arrived === 2) release();
            await bothHoldOne;
            await tx.incrementOne({
              model: "item",
              where: [{ field: "id", value: second }],
              field: "rank",
              by: 1,
            });
            return "committed";
          });
        const outcomes = await Promise.allSettled([crossing(a.id, b.id), crossing(b.id, a.id)]);
        const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
        expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
        expect(failed).toHaveLength(1);
        expect(isAdapterError(failed[0]!.reason, "DEADLOCK")).toBe(true);
        // Rolled back whole: each row was incremented once, by the winner.
        const ranks = async () =>
          (await db.findMany<{ rank: number }>({ model: "item" })).map((r) => Number(r.rank)).sort();
        expect(await ranks()).toEqual([1, 1]);
        await expect(crossing(a.id, b.id)).resolves.toBe("committed");
        expect(await ranks()).toEqual([2, 2]);
      } finally {
        await drop();
        await factory.close?.();
      }
    }, 20_000);
  });
}
