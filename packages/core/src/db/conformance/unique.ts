import { isAdapterError } from "../adapter";
import { caught, type Suite, sorted, valuesOf } from "./api";
import type { ItemRow, OwnerRow, TokenRow } from "./schema";

export function uniqueTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  const newOwner = (batch: string, email: string) =>
    db().create<OwnerRow>({ model: "owner", data: { batch, name: "U", email } });

  const isViolation = (error: unknown) => isAdapterError(error, "UNIQUE_VIOLATION");

  describe("unique constraints", () => {
    it("create rejects a duplicate unique value with UNIQUE_VIOLATION and keeps the first row", async () => {
      const batch = uid();
      const email = `${uid("dup")}@example.com`;
      const first = await newOwner(batch, email);
      expect(isViolation(await caught(newOwner(batch, email)))).toBe(true);
      const rows = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "email", value: email }],
      });
      expect(rows.map((r) => r.id)).toEqual([first.id]);
      const fresh = await newOwner(batch, `${uid("fresh")}@example.com`);
      expect(fresh.batch).toBe(batch);
    });

    it("create rejects a duplicate id", async () => {
      const id = uid("id");
      await db().create({ model: "token", data: { id, batch: uid(), secret: uid("s"), purpose: "p" } });
      const error = await caught(
        db().create({ model: "token", data: { id, batch: uid(), secret: uid("s"), purpose: "p" } }),
      );
      expect(isViolation(error)).toBe(true);
      expect(await db().count({ model: "token", where: [{ field: "id", value: id }] })).toBe(1);
    });

    it("update rejects a change to a value another row holds, leaving the row unchanged", async () => {
      const batch = uid();
      const taken = `${uid("taken")}@example.com`;
      const mine = `${uid("mine")}@example.com`;
      await newOwner(batch, taken);
      const row = await newOwner(batch, mine);
      const error = await caught(
        db().update({ model: "owner", where: [{ field: "id", value: row.id }], update: { email: taken } }),
      );
      expect(isViolation(error)).toBe(true);
      const after = await db().findOne<OwnerRow>({ model: "owner", where: [{ field: "id", value: row.id }] });
      expect(after?.email).toBe(mine);
      const same = await db().update<OwnerRow>({
        model: "owner",
        where: [{ field: "id", value: row.id }],
        update: { email: mine, name: "Renamed" },
      });
      expect(same?.name).toBe("Renamed");
    });

    it("createManySkippingDuplicates (where present) skips rows colliding on the unique index", async () => {
      const skipping = db().createManySkippingDuplicates;
      if (!skipping) return;
      const batch = uid();
      const owner = await newOwner(batch, `${uid("skip")}@example.com`);
      const item = (sku: string, ownerId: string | null = owner.id) => ({ batch, ownerId, sku });
      expect(await db().createMany({ model: "item", data: [item("a"), item("b")] })).toBe(2);
      const unique = ["ownerId", "sku"];
      const data = [item("a"), item("c"), item("c"), item("x", null), item("x", null)];
      expect(await skipping({ model: "item", data, unique })).toBe(3);
      const rows = await db().findMany<ItemRow>({ model: "item", where: [{ field: "batch", value: batch }] });
      expect(sorted(rows.map((r) => `${r.ownerId === null ? "-" : "o"}${r.sku}${r.position}`))).toEqual(
        sorted(["oa0", "ob0", "oc0", "-x0", "-x0"]),
      );
      expect(await skipping({ model: "item", data: [item("a"), item("b")], unique })).toBe(0);
      expect(await skipping({ model: "item", data: [], unique })).toBe(0);
      const error = await caught(skipping({ model: "item", data: [item("d")], unique: ["sku"] }));
      expect(isAdapterError(error, "INVALID_VALUE")).toBe(true);
    });

    it("updateMany that would give two rows the same value fails as a whole", async () => {
      const batch = uid();
      const emails = [`${uid("a")}@example.com`, `${uid("b")}@example.com`];
      for (const email of emails) await newOwner(batch, email);
      const error = await caught(
        db().updateMany({
          model: "owner",
          where: [{ field: "batch", value: batch }],
          update: { email: `${uid("same")}@example.com` },
        }),
      );
      expect(isViolation(error)).toBe(true);
      const rows = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "batch", value: batch }],
      });
      expect(valuesOf(rows, "email")).toEqual(sorted(emails));
    });

    it("a composite unique index rejects only the full duplicate", async () => {
      const batch = uid();
      const a = await newOwner(batch, `${uid("a")}@example.com`);
      const b = await newOwner(batch, `${uid("b")}@example.com`);
      const item = (ownerId: string, sku: string) =>
        db().create<ItemRow>({ model: "item", data: { batch, ownerId, sku } });
      await item(a.id, "sku-1");
      await item(a.id, "sku-2");
      await item(b.id, "sku-1");
      expect(isViolation(await caught(item(a.id, "sku-1")))).toBe(true);
      const rows = await db().findMany<ItemRow>({ model: "item", where: [{ field: "batch", value: batch }] });
      expect(rows).toHaveLength(3);
      const second = rows.find((r) => r.ownerId === a.id && r.sku === "sku-2");
      const moved = await caught(
        db().update({
          model: "item",
          where: [{ field: "id", value: second?.id ?? "" }],
          update: { sku: "sku-1" },
        }),
      );
      expect(isViolation(moved)).toBe(true);
    });

    it("NULL never collides in an optional unique field", async () => {
      const batch = uid();
      const code = uid("code");
      for (let i = 0; i < 2; i++) {
        await db().create({ model: "token", data: { batch, secret: uid("s"), purpose: "null-code" } });
      }
      await db().create({ model: "token", data: { batch, secret: uid("s"), purpose: "coded", code } });
      const dup = await caught(
        db().create({ model: "token", data: { batch, secret: uid("s"), purpose: "x", code } }),
      );
      expect(isViolation(dup)).toBe(true);
      const rows = await db().findMany<TokenRow>({
        model: "token",
        where: [{ field: "batch", value: batch }],
      });
      expect(valuesOf(rows, "code")).toEqual(sorted([code, null, null]));
    });
  });
}
