import Database from "better-sqlite3";
import { Kysely, type KyselyPlugin, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKyselyDriver } from "../../src/adapters/kysely/driver";
import type { DynamicDatabase } from "../../src/adapters/kysely/types";
import type { WhereNode } from "../../src/db/where";

// Writes go through the same statement cache as reads: Kysely compiles the first statement of a
// shape only, later ones bind their values to the kept text. Each write here runs several times with
// different values; the table must end exactly as the writes say, and Kysely must have compiled
// once per shape.
let compiled = 0;
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    compiled++;
    return args.node;
  },
  transformResult: async (args) => args.result,
};
const db = new Kysely<DynamicDatabase>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
  plugins: [counting],
});
const driver = createKyselyDriver(db, { dialect: "sqlite", idColumns: new Map() });

const eq = (field: string, value: string | number | null): WhereNode =>
  ({ kind: "condition", field, operator: "eq", value }) as WhereNode;
const and = (...children: WhereNode[]): WhereNode => ({ kind: "and", children }) as WhereNode;
const rows = async () =>
  (await sql<Record<string, unknown>>`SELECT * FROM item ORDER BY id`.execute(db)).rows;

beforeAll(async () => {
  await sql`CREATE TABLE item (id TEXT PRIMARY KEY, name TEXT, rank INTEGER, tag TEXT)`.execute(db);
});
afterAll(() => db.destroy());

describe("kysely write statement cache", () => {
  it("compiles each write shape once and binds every later call's own values", async () => {
    const before = compiled;
    for (let i = 0; i < 4; i++) {
      const row = await driver.insert({
        table: "item",
        values: { id: `i${i}`, name: `n${i}`, rank: i, tag: i % 2 ? "odd" : null },
      });
      expect(row).toEqual({ id: `i${i}`, name: `n${i}`, rank: i, tag: i % 2 ? "odd" : null });
    }
    expect(compiled - before).toBe(1);

    const updates = compiled;
    expect(await driver.updateMany({ table: "item", where: eq("id", "i1"), values: { name: "one" } })).toBe(
      1,
    );
    expect(await driver.updateMany({ table: "item", where: eq("id", "i2"), values: { name: "two" } })).toBe(
      1,
    );
    expect(
      await driver.updateReturning!({
        table: "item",
        where: and(eq("tag", null), eq("rank", 0)),
        values: { name: "zero", rank: 10 },
      }),
    ).toEqual([{ id: "i0", name: "zero", rank: 10, tag: null }]);
    expect(
      await driver.updateReturning!({
        table: "item",
        where: and(eq("tag", null), eq("rank", 2)),
        values: { name: "TWO", rank: 20 },
      }),
    ).toEqual([{ id: "i2", name: "TWO", rank: 20, tag: null }]);
    // tag = null and tag = 'odd' are two shapes (IS NULL binds nothing).
    expect(await driver.updateMany({ table: "item", where: eq("tag", "odd"), values: { name: "odd" } })).toBe(
      2,
    );
    expect(compiled - updates).toBe(3);

    const counters = compiled;
    await driver.increment({ table: "item", where: eq("id", "i1"), column: "rank", by: 5 });
    await driver.increment({ table: "item", where: eq("id", "i3"), column: "rank", by: -3 });
    expect(
      await driver.incrementReturning!({ table: "item", where: eq("id", "i0"), column: "rank", by: 1 }),
    ).toEqual([{ id: "i0", name: "zero", rank: 11, tag: null }]);
    expect(
      await driver.incrementReturning!({ table: "item", where: eq("id", "i2"), column: "rank", by: 2 }),
    ).toEqual([{ id: "i2", name: "TWO", rank: 22, tag: null }]);
    expect(compiled - counters).toBe(2);

    const counts = compiled;
    expect(await driver.count({ table: "item", where: eq("tag", "odd") })).toBe(2);
    expect(await driver.count({ table: "item", where: eq("tag", "none") })).toBe(0);
    expect(await driver.deleteMany({ table: "item", where: eq("id", "i3") })).toBe(1);
    expect(await driver.deleteMany({ table: "item", where: eq("id", "nope") })).toBe(0);
    expect(compiled - counts).toBe(2);

    expect(await rows()).toEqual([
      { id: "i0", name: "zero", rank: 11, tag: null },
      { id: "i1", name: "odd", rank: 6, tag: "odd" },
      { id: "i2", name: "TWO", rank: 22, tag: null },
    ]);
  });

  it("an insert of other columns is another statement", async () => {
    const before = compiled;
    await driver.insert({ table: "item", values: { id: "a", name: "x" } });
    await driver.insert({ table: "item", values: { id: "b", rank: 7 } });
    await driver.insert({ table: "item", values: { id: "c", rank: 8 } });
    expect(compiled - before).toBe(2);
    expect((await rows()).filter((r) => ["a", "b", "c"].includes(String(r.id)))).toEqual([
      { id: "a", name: "x", rank: null, tag: null },
      { id: "b", name: null, rank: 7, tag: null },
      { id: "c", name: null, rank: 8, tag: null },
    ]);
  });
});
