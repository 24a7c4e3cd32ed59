import { Long, MongoServerError } from "mongodb";
import { describe, expect, it } from "vitest";
import { fakeMongo } from "./mongo-fake";

/** The substitute's own rules, pinned against the server behaviour they imitate. */
describe("mongodb substitute", () => {
  it("stores values through BSON: copies on write and read, numbers by value, Long promoted", async () => {
    const { db } = fakeMongo();
    const doc = {
      _id: "a",
      n: 5_000_000_000,
      at: new Date(7),
      nested: { list: [1, "x"] },
      long: Long.fromNumber(42),
    };
    await db.collection("c").insertOne(doc);
    doc.nested.list.push("mutated");
    const [read] = await db.collection("c").find({}).toArray();
    expect(read).toEqual({
      _id: "a",
      n: 5_000_000_000,
      at: new Date(7),
      nested: { list: [1, "x"] },
      long: 42,
    });
  });

  it("rejects what the server rejects: empty $or, _id updates, plain updates, conflicting paths", async () => {
    const c = fakeMongo().db.collection("c");
    await c.insertOne({ _id: "a", v: 1 });
    await expect(c.countDocuments({ $or: [] })).rejects.toMatchObject({ code: 2 });
    await expect(c.updateMany({}, { $set: { _id: "b" } })).rejects.toMatchObject({ code: 66 });
    await expect(c.updateMany({}, { v: 2 })).rejects.toMatchObject({ code: 9 });
    await expect(c.updateMany({}, { $set: { v: 2 }, $unset: { v: "" } })).rejects.toMatchObject({ code: 40 });
    await expect(c.updateMany({}, { $inc: { s: 1 }, $set: { t: "x" } })).resolves.toMatchObject({
      matchedCount: 1,
    });
    await expect(c.updateMany({}, { $inc: { t: 1 } })).rejects.toMatchObject({ code: 14 });
    await expect(db().collection("missing").indexes()).rejects.toMatchObject({ code: 26 });
  });

  it("a unique index without a partial filter treats a missing field as null (they collide)", async () => {
    const c = fakeMongo().db.collection("c");
    await c.createIndex({ code: 1 }, { name: "code_uidx", unique: true });
    await c.insertOne({ _id: "a" });
    const error = await c.insertOne({ _id: "b" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({
      code: 11000,
      message: expect.stringContaining("index: code_uidx dup key"),
    });
    await c.createIndex(
      { other: 1 },
      { name: "other_uidx", unique: true, partialFilterExpression: { other: { $exists: true } } },
    );
    await c.insertOne({ _id: "c", code: "x" });
    await expect(c.createIndex({ code: 1 }, { name: "code_uidx", unique: false })).rejects.toMatchObject({
      code: 86,
    });
  });

  it("updates and deletes one document at a time: a duplicate stops an updateMany halfway", async () => {
    const c = fakeMongo().db.collection("c");
    await c.createIndex({ k: 1 }, { name: "k_uidx", unique: true });
    await c.insertOne({ _id: 1, k: "a", g: 1 });
    await c.insertOne({ _id: 2, k: "b", g: 1 });
    await expect(c.updateMany({ g: 1 }, { $set: { k: "same" } })).rejects.toMatchObject({ code: 11000 });
    expect(
      (
        await c
          .find({})
          .sort([["_id", 1]])
          .toArray()
      ).map((d) => d.k),
    ).toEqual(["same", "b"]);
  });

  it("sessions: transactions need a replica set, roll back, catch a missing session, and end", async () => {
    const standalone = fakeMongo({ replicaSet: false });
    await expect(standalone.client.startSession().withTransaction(async () => 1)).rejects.toMatchObject({
      code: 20,
    });

    const { db, client } = fakeMongo();
    const session = client.startSession();
    await expect(
      session.withTransaction(async () => {
        await db.collection("c").insertOne({ _id: "in" }, { session });
        await db.collection("c").insertOne({ _id: "out" });
      }),
    ).rejects.toThrow(/without the open transaction's session/);
    await session.endSession();
    await expect(db.collection("c").countDocuments({}, { session })).rejects.toThrow(
      /session that has ended/,
    );
    expect(await db.collection("c").countDocuments({})).toBe(0);
  });
});

const db = () => fakeMongo().db;
