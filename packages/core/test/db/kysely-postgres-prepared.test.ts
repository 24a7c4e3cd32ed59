import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import {
  DEFAULT_MAX_PREPARED_STATEMENTS,
  preparedStatementPool,
} from "../../src/adapters/kysely/pg-prepared";
import type { DynamicDatabase, PostgresAdapterOptions } from "../../src/adapters/kysely/types";
import type { DatabaseAdapter, DBAdapter, Row } from "../../src/db/adapter";
import type { Schema } from "../../src/db/model";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { randomPrefix } from "./kysely-helpers";

const available = await serviceAvailable("postgres");

const schema: Schema = {
  item: {
    name: "item",
    fields: {
      label: { type: "string" },
      rank: { type: "number" },
      tag: { type: "string", required: false },
    },
  },
};

interface Opened {
  readonly pool: pg.Pool;
  readonly factory: DatabaseAdapter;
  readonly db: DBAdapter;
}

/** The named statements prepared on the pool's connection (`max: 1`: the adapter's one connection). */
async function prepared(pool: pg.Pool): Promise<{ name: string; statement: string }[]> {
  const { rows } = await pool.query<{ name: string; statement: string }>(
    "select name, statement from pg_prepared_statements order by prepare_time",
  );
  return rows;
}

describe.skipIf(!available)("kysely postgres: named prepared statements", () => {
  const prefix = randomPrefix("prep");
  const table = `${prefix}item`;
  const opened: Opened[] = [];

  async function open(options: PostgresAdapterOptions = {}, max = 1): Promise<Opened> {
    const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max });
    const factory = postgresAdapter(pool, { tablePrefix: prefix, ...options });
    const result = { pool, factory, db: factory.create({ schema }) };
    opened.push(result);
    return result;
  }

  beforeAll(async () => {
    const { factory, db } = await open();
    await factory.migrate!({ schema });
    for (let rank = 1; rank <= 6; rank++)
      await db.create({ model: "item", data: { label: `item-${rank}`, rank, tag: rank % 2 ? "odd" : null } });
  });

  afterAll(async () => {
    const admin = new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 });
    await admin.query(`DROP TABLE IF EXISTS "${table}" CASCADE`);
    await admin.end();
    for (const { factory } of opened) await factory.close!();
  });

  /** A mix of reads and writes whose results must not depend on how statements are sent. */
  async function workload(db: DBAdapter): Promise<unknown[]> {
    const strip = (rows: Row[]) => rows.map(({ id: _id, ...rest }) => rest);
    const byRank = { field: "rank", direction: "asc" } as const;
    return [
      strip(await db.findMany({ model: "item", sortBy: byRank })),
      strip(
        await db.findMany({
          model: "item",
          where: [{ field: "rank", operator: "gt", value: 2 }],
          sortBy: byRank,
        }),
      ),
      strip(
        await db.findMany({
          model: "item",
          where: [{ field: "rank", operator: "in", value: [1, 3, 5] }],
          sortBy: byRank,
        }),
      ),
      strip(
        await db.findMany({
          model: "item",
          where: [{ field: "tag", value: null }],
          sortBy: byRank,
          limit: 2,
        }),
      ),
      await db.count({ model: "item", where: [{ field: "tag", value: "odd" }] }),
      (
        await db.findOne<Row>({
          model: "item",
          where: [{ field: "label", value: "item-4" }],
          select: ["rank"],
        })
      )?.rank,
      await db.updateMany({
        model: "item",
        where: [{ field: "rank", operator: "gte", value: 100 }],
        update: { tag: "x" },
      }),
    ];
  }

  it("prepares parameterised statements under short names, and leaves the others unnamed", async () => {
    const { pool, db } = await open();
    await db.findMany({ model: "item", where: [{ field: "rank", operator: "gt", value: 0 }] });
    await db.findMany({ model: "item", where: [{ field: "rank", operator: "gt", value: 3 }] });
    await db.transaction((tx) => tx.count({ model: "item", where: [{ field: "rank", value: 1 }] }));
    const statements = await prepared(pool);
    expect(statements.length).toBe(2); // one per text: the same shape twice is prepared once
    for (const { name, statement } of statements) {
      expect(name).toMatch(/^gh[0-9a-z]+_[0-9a-z]+$/);
      expect(statement).toContain("$1");
    }
    expect(statements.some((s) => /^\s*(begin|commit)/i.test(s.statement))).toBe(false);
  });

  it("gives the same results with and without prepared statements", async () => {
    const on = await open();
    const off = await open({ preparedStatements: false });
    const withPrepared = await workload(on.db);
    expect(await workload(off.db)).toEqual(withPrepared);
    expect(await workload(on.db)).toEqual(withPrepared); // the second run binds the prepared statements
    expect((await prepared(on.pool)).length).toBeGreaterThanOrEqual(6);
  });

  it("sends every statement unnamed with preparedStatements: false", async () => {
    const { pool, db } = await open({ preparedStatements: false });
    await workload(db);
    expect(await prepared(pool)).toEqual([]);
  });

  it("names at most maxStatements texts; later texts still run, unnamed", async () => {
    expect(DEFAULT_MAX_PREPARED_STATEMENTS).toBe(2000);
    const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 });
    const kysely = new Kysely<DynamicDatabase>({
      dialect: new PostgresDialect({ pool: preparedStatementPool(pool, { maxStatements: 3 }) }),
    });
    try {
      for (let width = 1; width <= 6; width++) {
        const values = Array.from({ length: width }, (_, i) => i + 1);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
          where "rank" in (${sql.join(values)})`.execute(kysely);
        expect(rows[0]?.n).toBe(width);
      }
      const statements = await prepared(pool);
      expect(statements.length).toBe(3);
      expect(statements.map((s) => (s.statement.match(/\$\d+/g) ?? []).length)).toEqual([1, 2, 3]);
    } finally {
      await kysely.destroy();
    }
  });

  it("keeps reading after ALTER TABLE ADD COLUMN, on every connection (outside a transaction)", async () => {
    const { pool, db } = await open({}, 3);
    const read = () => db.findOne<Row>({ model: "item", where: [{ field: "label", value: "item-2" }] });
    // Concurrent reads: several connections prepare the `"item".*` statement.
    const before = await Promise.all([read(), read(), read()]);
    expect(before.map((row) => row?.rank)).toEqual([2, 2, 2]);
    await pool.query(`ALTER TABLE "${table}" ADD COLUMN "extra1" text`);
    const after = await Promise.all([read(), read(), read(), read()]);
    expect(after.map((row) => row?.rank)).toEqual([2, 2, 2, 2]);
    expect((await read())?.label).toBe("item-2");
  });

  it("inside a transaction, fails once after ALTER TABLE ADD COLUMN, then works", async () => {
    const { pool, db } = await open();
    const read = (d: DBAdapter) =>
      d.findOne<Row>({ model: "item", where: [{ field: "label", value: "item-3" }] });
    expect((await db.transaction(read))?.rank).toBe(3);
    await pool.query(`ALTER TABLE "${table}" ADD COLUMN "extra2" text`);
    await expect(db.transaction(read)).rejects.toMatchObject({ code: "0A000" });
    expect((await db.transaction(read))?.rank).toBe(3);
    expect((await read(db))?.rank).toBe(3);
  });

  it("prepares again when the connection lost its statements (DEALLOCATE ALL, DISCARD ALL)", async () => {
    const { pool, db } = await open();
    const read = (d: DBAdapter) =>
      d.findOne<Row>({ model: "item", where: [{ field: "label", value: "item-5" }] });
    expect((await read(db))?.rank).toBe(5);
    expect((await prepared(pool)).length).toBeGreaterThan(0);
    await pool.query("DEALLOCATE ALL"); // `max: 1`: the adapter's own connection
    expect(await prepared(pool)).toEqual([]);
    expect((await read(db))?.rank).toBe(5);
    await pool.query("DISCARD ALL");
    await expect(db.transaction(read)).rejects.toMatchObject({ code: "26000" });
    expect((await db.transaction(read))?.rank).toBe(5);
    expect((await prepared(pool)).length).toBeGreaterThan(0);
  });
});
