import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import type { DatabaseAdapter, DBAdapter, Row } from "../../src/db/adapter";
import type { Schema } from "../../src/db/model";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { randomPrefix } from "./kysely-helpers";

/*
 * PostgreSQL: a prepared statement a connection has already described is executed without a
 * Describe (its result columns are kept per connection, src/adapters/kysely/pg-described.ts). The
 * rows must be exactly those of a described execution; a column added while running must show.
 */
const available = await serviceAvailable("postgres");

const schema: Schema = {
  entry: {
    name: "entry",
    fields: {
      label: { type: "string" },
      rank: { type: "number" },
      at: { type: "date" },
      note: { type: "string", required: false },
      flags: { type: "json", required: false },
      active: { type: "boolean" },
    },
  },
};

describe.skipIf(!available)("kysely postgres: statements described once per connection", () => {
  const prefix = randomPrefix("dsc");
  let pool: pg.Pool;
  let factory: DatabaseAdapter;
  let db: DBAdapter;
  const messages = { rowDescription: 0, noData: 0 };

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 });
    pool.on("connect", (client) => {
      const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
      connection.on("rowDescription", () => messages.rowDescription++);
      connection.on("noData", () => messages.noData++);
    });
    factory = postgresAdapter(pool, { tablePrefix: prefix });
    db = factory.create({ schema });
    await factory.migrate!({ schema });
    const at = new Date(Date.UTC(2026, 0, 15, 12, 30, 45, 123));
    await db.create({
      model: "entry",
      data: { label: "a", rank: 1, at, note: null, flags: { x: [1] }, active: true },
    });
    await db.create({
      model: "entry",
      data: { label: "b", rank: 2, at, note: "n", flags: null, active: false },
    });
  });

  afterAll(async () => {
    const admin = new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 });
    await admin.query(`DROP TABLE IF EXISTS "${prefix}entry" CASCADE`);
    await admin.end();
    await factory.close!();
  });

  const read = () =>
    db.findMany<Row>({
      model: "entry",
      where: [{ field: "rank", operator: "gte", value: 1 }],
      sortBy: { field: "rank" },
    });

  it("describes a read once, then answers the same rows (dates, JSON, booleans, nulls) without it", async () => {
    const first = await read();
    const described = messages.rowDescription;
    const again = [await read(), await read(), await read()];
    expect(messages.rowDescription).toBe(described);
    for (const rows of again) expect(rows).toEqual(first);
    expect(first[0]!.at).toBeInstanceOf(Date);
    expect((first[0]!.at as Date).toISOString()).toBe("2026-01-15T12:30:45.123Z");
    expect(first.map((r) => [r.label, r.rank, r.note, r.flags, r.active])).toEqual([
      ["a", 1, null, { x: [1] }, true],
      ["b", 2, "n", null, false],
    ]);
  });

  it("a statement without rows is described once too, and still counts its rows", async () => {
    const update = (rank: number) =>
      db.updateMany({
        model: "entry",
        where: [{ field: "rank", value: rank }],
        update: { note: `r${rank}` },
      });
    expect(await update(1)).toBe(1);
    const before = messages.noData;
    expect(await update(2)).toBe(1);
    expect(await update(3)).toBe(0);
    expect(messages.noData).toBe(before);
  });

  it("a column added while running: the connection describes again and the rows are right", async () => {
    await read();
    await pool.query(`ALTER TABLE "${prefix}entry" ADD COLUMN "extra" text DEFAULT 'e'`);
    const raw = await pool.query(`SELECT "extra" FROM "${prefix}entry" ORDER BY "rank"`);
    expect(raw.rows).toEqual([{ extra: "e" }, { extra: "e" }]);
    const rows = await read();
    expect(rows.map((r) => [r.label, r.rank, r.active])).toEqual([
      ["a", 1, true],
      ["b", 2, false],
    ]);
    expect(await read()).toEqual(rows);
  });
});
