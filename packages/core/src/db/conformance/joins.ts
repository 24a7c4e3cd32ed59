import type { Row } from "../adapter";
import { type Suite, sorted } from "./api";
import type { ItemRow, OwnerRow } from "./schema";

type ItemWithOwner = ItemRow & { owner: OwnerRow | null };
type OwnerWithItems = OwnerRow & { item: ItemRow[] };

export function joinTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  /** Two owners (3 items and 2 items), an owner without items and an item without owner. */
  async function fixture() {
    const batch = uid();
    const owner = (name: string) =>
      db().create<OwnerRow>({
        model: "owner",
        data: {
          batch,
          name,
          email: `${uid(name)}@example.com`,
          profile: { name },
          createdAt: new Date("2024-02-03T04:05:06.789Z"),
        },
      });
    const ada = await owner("ada");
    const bob = await owner("bob");
    const cyd = await owner("cyd");
    const item = (ownerId: string | null, sku: string) =>
      db().create<ItemRow>({ model: "item", data: { batch, ownerId, sku } });
    const items = {
      ada: [await item(ada.id, "a1"), await item(ada.id, "a2"), await item(ada.id, "a3")],
      bob: [await item(bob.id, "b1"), await item(bob.id, "b2")],
      orphan: await item(null, "o1"),
    };
    return { batch, ada, bob, cyd, items, scope: [{ field: "batch", value: batch }] as const };
  }

  const skus = (rows: readonly ItemRow[]) => sorted(rows.map((r) => r.sku));

  describe("joins", () => {
    it("a one-to-one join nests the referenced row with its values converted", async () => {
      const f = await fixture();
      const found = await db().findOne<ItemWithOwner>({
        model: "item",
        where: [{ field: "id", value: f.items.ada[0]!.id }],
        join: { owner: true },
      });
      expect(found?.sku).toBe("a1");
      expect(found?.owner).toEqual(f.ada);
      expect(found?.owner?.createdAt).toBeInstanceOf(Date);
      expect(found?.owner?.createdAt.toISOString()).toBe("2024-02-03T04:05:06.789Z");
      expect(found?.owner?.profile).toEqual({ name: "ada" });
      expect(found?.owner?.active).toBe(true);
    });

    it("a one-to-one join gives null when there is no referenced row", async () => {
      const f = await fixture();
      const found = await db().findOne<ItemWithOwner>({
        model: "item",
        where: [{ field: "id", value: f.items.orphan.id }],
        join: { owner: true },
      });
      expect(found?.sku).toBe("o1");
      expect(found?.owner).toBeNull();
    });

    it("findMany with a one-to-one join nests the right row under each result", async () => {
      const f = await fixture();
      const rows = await db().findMany<ItemWithOwner>({
        model: "item",
        where: f.scope,
        join: { owner: true },
        sortBy: { field: "sku" },
      });
      expect(rows.map((r) => [r.sku, r.owner?.name ?? null])).toEqual([
        ["a1", "ada"],
        ["a2", "ada"],
        ["a3", "ada"],
        ["b1", "bob"],
        ["b2", "bob"],
        ["o1", null],
      ]);
      expect(rows.map((r) => r.owner?.id ?? null)).toEqual([
        f.ada.id,
        f.ada.id,
        f.ada.id,
        f.bob.id,
        f.bob.id,
        null,
      ]);
    });

    it("a one-to-many join gives each parent the list of its own rows", async () => {
      const f = await fixture();
      const owners = await db().findMany<OwnerWithItems>({
        model: "owner",
        where: f.scope,
        join: { item: true },
        sortBy: { field: "name" },
      });
      expect(owners.map((o) => o.name)).toEqual(["ada", "bob", "cyd"]);
      expect(skus(owners[0]!.item)).toEqual(["a1", "a2", "a3"]);
      expect(skus(owners[1]!.item)).toEqual(["b1", "b2"]);
      expect(owners[2]!.item).toEqual([]);
      for (const owner of owners) {
        for (const item of owner.item) expect(item.ownerId).toBe(owner.id);
      }
      const one = await db().findOne<OwnerWithItems>({
        model: "owner",
        where: [{ field: "id", value: f.bob.id }],
        join: { item: true },
      });
      expect(skus(one?.item ?? [])).toEqual(["b1", "b2"]);
    });

    it("a one-to-one join with a condition keeps only rows whose related row matches (inner join)", async () => {
      const f = await fixture();
      const ofBob = await db().findMany<ItemWithOwner>({
        model: "item",
        where: f.scope,
        join: { owner: { where: [{ field: "email", value: f.bob.email }] } },
        sortBy: { field: "sku" },
      });
      expect(ofBob.map((r) => [r.sku, r.owner?.name])).toEqual([
        ["b1", "bob"],
        ["b2", "bob"],
      ]);
      const first = await db().findOne<ItemWithOwner>({
        model: "item",
        where: [...f.scope, { field: "sku", value: "a2" }],
        join: { owner: { where: [{ field: "name", value: "ada" }] } },
      });
      expect(first?.owner?.id).toBe(f.ada.id);
      const none = await db().findOne<ItemWithOwner>({
        model: "item",
        where: [...f.scope, { field: "sku", value: "a2" }],
        join: { owner: { where: [{ field: "name", value: "bob" }] } },
      });
      expect(none).toBeNull();
      const orphanNeverMatches = await db().findMany<ItemWithOwner>({
        model: "item",
        where: [...f.scope, { field: "sku", value: "o1" }],
        join: { owner: { where: [{ field: "name", operator: "ne", value: "zed" }] } },
      });
      expect(orphanNeverMatches).toEqual([]);
    });

    it("a one-to-many join with a condition filters the related rows", async () => {
      const f = await fixture();
      const owner = await db().findOne<OwnerWithItems>({
        model: "owner",
        where: [{ field: "id", value: f.ada.id }],
        join: { item: { where: [{ field: "sku", operator: "in", value: ["a1", "a3"] }] } },
      });
      expect(skus(owner?.item ?? [])).toEqual(["a1", "a3"]);
    });

    it("a one-to-many join honours its limit per parent", async () => {
      const f = await fixture();
      const owners = await db().findMany<OwnerWithItems>({
        model: "owner",
        where: f.scope,
        join: { item: { limit: 2 } },
        sortBy: { field: "name" },
      });
      expect(owners.map((o) => o.item.length)).toEqual([2, 2, 0]);
      expect(owners[0]!.item.every((i) => i.ownerId === f.ada.id)).toBe(true);
    });

    it("select with a join returns the selected fields and the joined rows", async () => {
      const f = await fixture();
      const item = await db().findOne<Row & { owner: OwnerRow | null }>({
        model: "item",
        where: [{ field: "id", value: f.items.bob[1]!.id }],
        select: ["sku"],
        join: { owner: true },
      });
      expect(Object.keys(item ?? {}).sort()).toEqual(["owner", "sku"]);
      expect(item?.sku).toBe("b2");
      expect(item?.owner?.name).toBe("bob");

      const owner = await db().findOne<Row & { item: ItemRow[] }>({
        model: "owner",
        where: [{ field: "id", value: f.ada.id }],
        select: ["name"],
        join: { item: true },
      });
      expect(Object.keys(owner ?? {}).sort()).toEqual(["item", "name"]);
      expect(skus(owner?.item ?? [])).toEqual(["a1", "a2", "a3"]);
    });
  });
}
