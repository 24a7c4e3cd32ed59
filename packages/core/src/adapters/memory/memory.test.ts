import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../db/adapter";
import { runAdapterConformance } from "../../db/conformance";
import { defineModel, field, type Schema } from "../../db/model";
import { createMemoryStore, memoryAdapter, memoryDriver, memoryTables } from "./index";

runAdapterConformance(
  {
    name: "memory",
    updateOneWith: true,
    async setup(schema, options) {
      const database = memoryAdapter(options);
      await database.migrate?.({ schema });
      return { adapter: database.create({ schema }), cleanup: async () => {} };
    },
  },
  { describe, it, expect, beforeAll, afterAll },
);

const schema = {
  entry: defineModel({
    name: "entry",
    fields: {
      name: field("string"),
      rank: field("number", { required: false }),
      at: field("date", { required: false }),
      slot: field("string", { required: false }),
    },
    indexes: [{ fields: ["name", "slot"], unique: true }],
  }),
} satisfies Schema;

const names = (rows: readonly Row[]) => rows.map((r) => r.name);

describe("memory adapter", () => {
  it("sorts NULL first ascending and last descending", async () => {
    const db = memoryAdapter().create({ schema });
    for (const [name, rank] of [
      ["b", 2],
      ["n", null],
      ["a", 1],
    ] as const) {
      await db.create({ model: "entry", data: { name, rank } });
    }
    expect(names(await db.findMany({ model: "entry", sortBy: { field: "rank" } }))).toEqual(["n", "a", "b"]);
    expect(
      names(await db.findMany({ model: "entry", sortBy: { field: "rank", direction: "desc" } })),
    ).toEqual(["b", "a", "n"]);
  });

  it("keeps rows in a store that adapters can share and tests can inspect", async () => {
    const data = createMemoryStore({
      p_entry: [{ id: "seeded", name: "seed", rank: null, at: null, slot: null }],
    });
    const one = memoryAdapter({ data, tablePrefix: "p_" }).create({ schema });
    const two = memoryAdapter({ data, tablePrefix: "p_" }).create({ schema });
    await one.create({ model: "entry", data: { id: "x", name: "shared", at: new Date(5) } });
    expect(names(await two.findMany({ model: "entry", sortBy: { field: "name" } }))).toEqual([
      "seed",
      "shared",
    ]);
    const stored = data.rows("p_entry").find((r) => r.id === "x");
    expect(stored).toEqual({ id: "x", name: "shared", rank: null, at: new Date(5), slot: null });
    expect(data.rows("unknown")).toEqual([]);
  });

  it("never hands out its own Date objects", async () => {
    const db = memoryAdapter().create({ schema });
    const at = new Date("2024-01-01T00:00:00.000Z");
    const created = await db.create<Row & { at: Date }>({ model: "entry", data: { name: "d", at } });
    at.setFullYear(1999);
    created.at.setFullYear(1998);
    const found = await db.findOne<Row & { at: Date }>({
      model: "entry",
      where: [{ field: "name", value: "d" }],
    });
    found?.at.setFullYear(1997);
    const selected = await db.findOne<Row & { at: Date }>({
      model: "entry",
      where: [{ field: "name", value: "d" }],
      select: ["at"],
    });
    selected?.at.setFullYear(1996);
    const again = await db.findOne<Row & { at: Date }>({
      model: "entry",
      where: [{ field: "name", value: "d" }],
    });
    expect(again?.at.toISOString()).toBe("2024-01-01T00:00:00.000Z");
  });

  it("makes operations outside a transaction wait until it ends", async () => {
    const db = memoryAdapter().create({ schema });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.create({ model: "entry", data: { name: "in-tx" } });
      inside();
      await gate;
      await t.create({ model: "entry", data: { name: "in-tx-2" } });
    });
    await started;
    let counted: number | undefined;
    const outside = db.count({ model: "entry" }).then((n) => {
      counted = n;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counted).toBeUndefined();
    finish();
    await Promise.all([tx, outside]);
    expect(counted).toBe(2);
  });

  it("runs transactions one at a time, so a rollback never erases another transaction's writes", async () => {
    const db = memoryAdapter().create({ schema });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.create({ model: "entry", data: { name: "first" } });
      await gate;
      throw new Error("first fails");
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = db.transaction((tx) => tx.create({ model: "entry", data: { name: "second" } }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    finish();
    await expect(first).rejects.toThrow("first fails");
    await second;
    expect(names(await db.findMany({ model: "entry" }))).toEqual(["second"]);
  });

  it("rolls back to the state at the start, Dates included, and rejects use of a finished transaction", async () => {
    const db = memoryAdapter().create({ schema });
    await db.create({ model: "entry", data: { id: "e", name: "e", at: new Date(1000) } });
    let leaked: typeof db | undefined;
    await expect(
      db.transaction(async (tx) => {
        leaked = tx;
        await tx.update({
          model: "entry",
          where: [{ field: "id", value: "e" }],
          update: { at: new Date(2000) },
        });
        await tx.create({ model: "entry", data: { name: "temp" } });
        throw new Error("nope");
      }),
    ).rejects.toThrow("nope");
    expect(await db.findMany({ model: "entry" })).toEqual([
      { id: "e", name: "e", rank: null, at: new Date(1000), slot: null },
    ]);
    await expect(leaked?.count({ model: "entry" })).rejects.toThrow(/already finished/);
  });

  it("enforces composite unique indexes with NULLs distinct, and describes tables from the schema", async () => {
    const db = memoryAdapter().create({ schema });
    await db.create({ model: "entry", data: { name: "n", slot: "s" } });
    await db.create({ model: "entry", data: { name: "n" } });
    await db.create({ model: "entry", data: { name: "n" } });
    await expect(db.create({ model: "entry", data: { name: "n", slot: "s" } })).rejects.toMatchObject({
      code: "UNIQUE_VIOLATION",
    });
    expect(memoryTables(schema, { casing: "snake", tablePrefix: "x_" })).toEqual({
      x_entry: { columns: ["id", "name", "rank", "at", "slot"], unique: [["id"], ["name", "slot"]] },
    });
    const bad = { m: defineModel({ name: "m", fields: {}, indexes: [{ fields: ["ghost"], unique: true }] }) };
    expect(() => memoryTables(bad)).toThrow(/ghost/);
    expect(await memoryAdapter().migrate?.({ schema })).toEqual({ steps: [] });
  });

  it("works as a schemaless driver on its own", async () => {
    const driver = memoryDriver();
    await driver.insert({ table: "t", values: { id: "1", n: 1 } });
    await driver.insert({ table: "t", values: { id: "1", n: 2 } });
    expect(await driver.increment({ table: "t", column: "n", by: 10 })).toBe(2);
    const rows = await driver.findMany({
      table: "t",
      sortBy: [{ column: "n", direction: "desc" }],
      columns: ["n"],
    });
    expect(rows).toEqual([{ n: 12 }, { n: 11 }]);
    expect(await driver.findMany({ table: "other" })).toEqual([]);
  });
});
