import { type Document, ObjectId } from "mongodb";
import { describe, expect, it, vi } from "vitest";
import {
  detectMongoTransactions,
  mongoAdapter,
  NO_TRANSACTIONS_MESSAGE,
} from "../../src/adapters/mongo/index";
import type { Row } from "../../src/db/adapter";
import { conformanceSchema as schema } from "../../src/db/conformance/index";
import { fakeMongo } from "./mongo-fake";

const options = { tablePrefix: "t_", casing: "snake" } as const;
const stored = (db: ReturnType<typeof fakeMongo>["db"], collection: string): Document[] =>
  db.server.collections.get(collection)?.docs ?? [];

async function setup(extra: Parameters<typeof mongoAdapter>[1] = {}, deployment = {}) {
  const mongo = fakeMongo(deployment);
  const database = mongoAdapter(mongo.db, { ...options, ...extra });
  await database.migrate?.({ schema });
  return { ...mongo, database, adapter: database.create({ schema }) };
}

describe("mongodb adapter: documents", () => {
  it("stores ids as ObjectId in objectId mode, references too, and reads them back as hex strings", async () => {
    const { db, adapter } = await setup({ idType: "objectId" });
    const owner = await adapter.create<Row & { id: string }>({
      model: "owner",
      data: { batch: "b", name: "A", email: "a@x.io" },
    });
    expect(owner.id).toMatch(/^[0-9a-f]{24}$/);
    const item = await adapter.create<Row & { id: string }>({
      model: "item",
      data: { batch: "b", ownerId: owner.id, sku: "s" },
    });
    const [ownerDoc] = stored(db, "t_owner");
    const [itemDoc] = stored(db, "t_item");
    expect(ownerDoc?._id).toBeInstanceOf(ObjectId);
    expect(itemDoc?.owner_id).toBeInstanceOf(ObjectId);
    expect(String(itemDoc?.owner_id)).toBe(owner.id);
    const found = await adapter.findOne({ model: "item", where: [{ field: "ownerId", value: owner.id }] });
    expect(found).toMatchObject({ id: item.id, ownerId: owner.id });
    // A caller's id that is no ObjectId stays a string.
    await adapter.create({ model: "owner", data: { id: "custom", batch: "b", name: "C", email: "c@x.io" } });
    expect(stored(db, "t_owner").map((d) => typeof d._id)).toEqual(["object", "string"]);
    expect(
      await adapter.findOne({ model: "owner", where: [{ field: "id", value: "custom" }] }),
    ).toMatchObject({
      name: "C",
    });
  });

  it("keeps string ids as _id, leaves NULL columns out and stores JSON as BSON values", async () => {
    const { db, adapter } = await setup();
    const owner = await adapter.create<Row & { id: string }>({
      model: "owner",
      data: { batch: "b", name: "A", email: "a@x.io", profile: { plan: "pro", seats: [1, 2] }, tags: ["x"] },
    });
    const [doc] = stored(db, "t_owner");
    expect(doc?._id).toBe(owner.id);
    expect(doc).not.toHaveProperty("nickname");
    expect(doc).not.toHaveProperty("id");
    expect(doc?.profile).toEqual({ plan: "pro", seats: [1, 2] });
    expect(doc?.created_at).toBeInstanceOf(Date);
    await adapter.update({
      model: "owner",
      where: [{ field: "id", value: owner.id }],
      update: { nickname: "n" },
    });
    expect(stored(db, "t_owner")[0]?.nickname).toBe("n");
    await adapter.update({
      model: "owner",
      where: [{ field: "id", value: owner.id }],
      update: { nickname: null },
    });
    expect(stored(db, "t_owner")[0]).not.toHaveProperty("nickname");
  });
});

describe("mongodb adapter: indexes", () => {
  it("migrate creates unique, partial unique and regular indexes once", async () => {
    const { db, database } = await setup();
    const indexes = await db.collection("t_token").indexes();
    expect(indexes.map((i) => i.name)).toEqual([
      "_id_",
      "t_token_batch_idx",
      "t_token_secret_uidx",
      "t_token_code_uidx",
    ]);
    expect(indexes.find((i) => i.name === "t_token_code_uidx")).toMatchObject({
      unique: true,
      key: { code: 1 },
      partialFilterExpression: { code: { $exists: true } },
    });
    expect(indexes.find((i) => i.name === "t_token_secret_uidx")).not.toHaveProperty(
      "partialFilterExpression",
    );
    expect(await database.plan?.({ schema })).toEqual({ steps: [] });
    expect(await database.migrate?.({ schema })).toEqual({ steps: [] });
  });

  it("plans the missing indexes as mongosh commands", async () => {
    const { db } = fakeMongo();
    const plan = await mongoAdapter(db, options).plan?.({ schema });
    const step = plan?.steps.find((s) => s.index === "t_item_owner_id_sku_uidx");
    expect(step).toEqual({
      kind: "create_index",
      table: "t_item",
      index: "t_item_owner_id_sku_uidx",
      sql: 'db.getCollection("t_item").createIndex({"owner_id":1,"sku":1}, {"name":"t_item_owner_id_sku_uidx","unique":true,"partialFilterExpression":{"owner_id":{"$exists":true}}})',
    });
    expect(plan?.steps).toHaveLength(11);
  });

  it("maps duplicate keys (E11000) to UNIQUE_VIOLATION", async () => {
    const { adapter } = await setup();
    await adapter.create({ model: "token", data: { batch: "b", secret: "s", purpose: "p" } });
    await expect(
      adapter.create({ model: "token", data: { batch: "b", secret: "s", purpose: "p" } }),
    ).rejects.toMatchObject({
      name: "AdapterError",
      code: "UNIQUE_VIOLATION",
      message: expect.stringContaining("E11000 duplicate key error"),
    });
  });
});

describe("mongodb adapter: transactions", () => {
  it("without a client, transaction() warns once that nothing is rolled back", async () => {
    const warn = vi.fn();
    const { adapter } = await setup({ warn });
    expect(adapter.capabilities.transactions).toBe(false);
    const fail = () =>
      adapter.transaction(async (tx) => {
        await tx.create({ model: "record", data: { batch: "tx", label: "kept" } });
        throw new Error("boom");
      });
    await expect(fail()).rejects.toThrow("boom");
    await expect(fail()).rejects.toThrow("boom");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(NO_TRANSACTIONS_MESSAGE);
    expect(await adapter.count({ model: "record", where: [{ field: "batch", value: "tx" }] })).toBe(2);
  });

  it("with the client of a standalone server, says that transactions need a replica set", async () => {
    const { db, client } = fakeMongo({ replicaSet: false });
    const standalone = mongoAdapter(db, { ...options, client }).create({ schema });
    expect(standalone.capabilities.transactions).toBe(true);
    await expect(standalone.transaction(async () => "never")).rejects.toThrow(
      /need a replica set or a sharded cluster/,
    );
  });

  it("detects replica sets with the hello command", async () => {
    expect(await detectMongoTransactions(fakeMongo({ replicaSet: true }).db)).toBe(true);
    expect(await detectMongoTransactions(fakeMongo({ replicaSet: false }).db)).toBe(false);
    expect(() => mongoAdapter(fakeMongo().db, { transactions: true })).toThrow(/needs the MongoClient/);
  });

  /** (ownerId, sku) is unique: setting sku "z" on A succeeds, on B it collides with C. */
  async function partialCollision(database: ReturnType<typeof mongoAdapter>) {
    await database.migrate?.({ schema });
    const adapter = database.create({ schema });
    for (const [ownerId, sku] of [
      ["o1", "s-a"],
      ["o2", "s-b"],
      ["o2", "z"],
    ]) {
      await adapter.create({ model: "item", data: { batch: "u", ownerId, sku } });
    }
    const error = await adapter
      .updateMany({
        model: "item",
        where: [{ field: "sku", operator: "in", value: ["s-a", "s-b"] }],
        update: { sku: "z" },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "UNIQUE_VIOLATION" });
    const rows = await adapter.findMany<Row>({
      model: "item",
      sortBy: [{ field: "sku" }, { field: "ownerId" }],
    });
    return rows.map((r) => `${String(r.ownerId)}:${String(r.sku)}`);
  }

  it("an update of unique columns that fails halfway is all-or-nothing with transactions", async () => {
    const { db, client } = fakeMongo();
    expect(await partialCollision(mongoAdapter(db, { ...options, client }))).toEqual([
      "o1:s-a",
      "o2:s-b",
      "o2:z",
    ]);
  });

  it("without transactions, such an update keeps what MongoDB wrote before the duplicate (documented)", async () => {
    const { db } = fakeMongo({ replicaSet: false });
    expect(await partialCollision(mongoAdapter(db, { ...options, warn: () => {} }))).toEqual([
      "o2:s-b",
      "o1:z",
      "o2:z",
    ]);
  });
});
