import { isAdapterError, type Row } from "../adapter";
import { caught, type Suite, sorted, valuesOf } from "./api";
import type { OwnerRow } from "./schema";

export function crudTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  const newOwner = (batch: string, extra: Row = {}) =>
    db().create<OwnerRow>({
      model: "owner",
      data: { batch, name: "Ada", email: `${uid("mail")}@example.com`, ...extra },
    });

  describe("crud", () => {
    it("create returns the stored row with a generated id and defaults applied", async () => {
      const batch = uid();
      const before = Date.now();
      const row = await newOwner(batch);
      expect(typeof row.id).toBe("string");
      expect(row.id.length).toBeGreaterThan(0);
      expect(row.batch).toBe(batch);
      expect(row.name).toBe("Ada");
      expect(row.active).toBe(true);
      expect(row.balance).toBe(0);
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(Math.abs(row.createdAt.getTime() - before)).toBeLessThanOrEqual(60_000);
      const other = await newOwner(batch);
      expect(other.id).not.toBe(row.id);
    });

    it("create keeps a caller-provided id and explicit values over defaults", async () => {
      const id = uid("id");
      const row = await newOwner(uid(), { id, active: false, balance: 7 });
      expect(row.id).toBe(id);
      expect(row.active).toBe(false);
      expect(row.balance).toBe(7);
      const found = await db().findOne<OwnerRow>({ model: "owner", where: [{ field: "id", value: id }] });
      expect(found?.active).toBe(false);
      expect(found?.balance).toBe(7);
    });

    it("create with select returns only the selected fields", async () => {
      const row = await db().create<Row>({
        model: "owner",
        data: { batch: uid(), name: "Sel", email: `${uid("mail")}@example.com` },
        select: ["name", "email"],
      });
      expect(Object.keys(row).sort()).toEqual(["email", "name"]);
      expect(row.name).toBe("Sel");
    });

    it("findOne finds a row by id and returns null when nothing matches", async () => {
      const created = await newOwner(uid(), { nickname: "ace", age: 36 });
      const found = await db().findOne<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: created.id }],
      });
      expect(found).toEqual(created);
      const missing = await db().findOne({ model: "owner", where: [{ field: "id", value: uid("missing") }] });
      expect(missing).toBeNull();
    });

    it("findOne with select returns only the selected fields", async () => {
      const created = await newOwner(uid(), { nickname: "sel" });
      const found = await db().findOne<Row>({
        model: "owner",
        where: [{ field: "id", value: created.id }],
        select: ["nickname", "active"],
      });
      expect(found).toEqual({ nickname: "sel", active: true });
    });

    it("findMany returns every matching row and no other", async () => {
      const batch = uid();
      const rows = await Promise.all([newOwner(batch), newOwner(batch), newOwner(batch)]);
      await newOwner(uid());
      const found = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "batch", value: batch }],
      });
      expect(valuesOf(found, "id")).toEqual(sorted(rows.map((r) => r.id)));
      const none = await db().findMany({ model: "owner", where: [{ field: "batch", value: uid() }] });
      expect(none).toEqual([]);
    });

    it("update changes the given fields, keeps the others and returns the row", async () => {
      const created = await newOwner(uid(), { nickname: "old", age: 20 });
      const updated = await db().update<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: created.id }],
        update: { nickname: "new", active: false },
      });
      expect(updated).toEqual({ ...created, nickname: "new", active: false });
      const found = await db().findOne<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: created.id }],
      });
      expect(found).toEqual({ ...created, nickname: "new", active: false });
    });

    it("update sets an optional field to null", async () => {
      const created = await newOwner(uid(), { nickname: "gone", age: 5 });
      const updated = await db().update<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: created.id }],
        update: { nickname: null },
      });
      expect(updated?.nickname).toBeNull();
      expect(updated?.age).toBe(5);
      const found = await db().findOne<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: created.id }],
      });
      expect(found?.nickname).toBeNull();
    });

    it("update returns null and changes nothing when no row matches", async () => {
      const batch = uid();
      const created = await newOwner(batch, { nickname: "same" });
      const result = await db().update({
        model: "owner",
        where: [{ field: "id", value: uid("missing") }],
        update: { nickname: "changed" },
      });
      expect(result).toBeNull();
      const found = await db().findOne<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: created.id }],
      });
      expect(found?.nickname).toBe("same");
    });

    it("updateMany updates every match, returns the count and leaves other rows alone", async () => {
      const batch = uid();
      await Promise.all([
        newOwner(batch, { age: 1 }),
        newOwner(batch, { age: 1 }),
        newOwner(batch, { age: 2 }),
      ]);
      const bystander = await newOwner(uid(), { age: 1 });
      const count = await db().updateMany({
        model: "owner",
        where: [
          { field: "batch", value: batch },
          { field: "age", value: 1 },
        ],
        update: { nickname: "bulk" },
      });
      expect(count).toBe(2);
      const rows = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "batch", value: batch }],
      });
      expect(valuesOf(rows, "nickname")).toEqual(sorted(["bulk", "bulk", null]));
      const other = await db().findOne<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: bystander.id }],
      });
      expect(other?.nickname).toBeNull();
      const none = await db().updateMany({
        model: "owner",
        where: [{ field: "batch", value: uid() }],
        update: { nickname: "x" },
      });
      expect(none).toBe(0);
    });

    it("delete removes the matching row and returns the count", async () => {
      const batch = uid();
      const [a, b] = await Promise.all([newOwner(batch), newOwner(batch)]);
      const deleted = await db().delete({ model: "owner", where: [{ field: "id", value: a!.id }] });
      expect(deleted).toBe(1);
      expect(await db().findOne({ model: "owner", where: [{ field: "id", value: a!.id }] })).toBeNull();
      const left = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "batch", value: batch }],
      });
      expect(left.map((r) => r.id)).toEqual([b!.id]);
      expect(await db().delete({ model: "owner", where: [{ field: "id", value: a!.id }] })).toBe(0);
    });

    it("deleteMany removes every match, returns the count and leaves other rows alone", async () => {
      const batch = uid();
      await Promise.all([
        newOwner(batch, { age: 3 }),
        newOwner(batch, { age: 3 }),
        newOwner(batch, { age: 4 }),
      ]);
      const count = await db().deleteMany({
        model: "owner",
        where: [
          { field: "batch", value: batch },
          { field: "age", value: 3 },
        ],
      });
      expect(count).toBe(2);
      expect(await db().count({ model: "owner", where: [{ field: "batch", value: batch }] })).toBe(1);
      expect(await db().deleteMany({ model: "owner", where: [{ field: "batch", value: uid() }] })).toBe(0);
    });

    it("rejects unknown models, unknown fields and missing required fields", async () => {
      const unknownModel = await caught(db().findMany({ model: "nope" }));
      expect(isAdapterError(unknownModel, "UNKNOWN_MODEL")).toBe(true);
      const unknownField = await caught(
        db().findMany({ model: "owner", where: [{ field: "nope", value: "x" }] }),
      );
      expect(isAdapterError(unknownField, "UNKNOWN_FIELD")).toBe(true);
      const unknownData = await caught(newOwner(uid(), { nope: 1 }));
      expect(isAdapterError(unknownData, "UNKNOWN_FIELD")).toBe(true);
      const missing = await caught(db().create({ model: "owner", data: { batch: uid(), name: "No email" } }));
      expect(isAdapterError(missing, "INVALID_VALUE")).toBe(true);
    });
  });
}
