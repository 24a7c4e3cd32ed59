import type { Suite } from "./api";
import type { OwnerRow, RecordRow } from "./schema";

export function typeTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  const byId = (id: string) => [{ field: "id", value: id }] as const;

  describe("value types", () => {
    it("dates round-trip as Date with millisecond precision", async () => {
      const at = new Date("2024-05-06T07:08:09.123Z");
      const created = await db().create<RecordRow>({
        model: "record",
        data: { batch: uid(), label: "when", happenedAt: at },
      });
      expect(created.happenedAt).toBeInstanceOf(Date);
      expect(created.happenedAt?.getTime()).toBe(at.getTime());
      const found = await db().findOne<RecordRow>({ model: "record", where: byId(created.id) });
      expect(found?.happenedAt).toBeInstanceOf(Date);
      expect(found?.happenedAt?.toISOString()).toBe("2024-05-06T07:08:09.123Z");
      const later = new Date("2031-12-31T23:59:59.999Z");
      const updated = await db().update<RecordRow>({
        model: "record",
        where: byId(created.id),
        update: { happenedAt: later },
      });
      expect(updated?.happenedAt?.getTime()).toBe(later.getTime());
      const byDate = await db().findMany<RecordRow>({
        model: "record",
        where: [
          { field: "happenedAt", value: later },
          { field: "id", value: created.id },
        ],
      });
      expect(byDate.map((r) => r.id)).toEqual([created.id]);
    });

    it("booleans round-trip as true and false and can be queried", async () => {
      const batch = uid();
      const yes = await db().create<RecordRow>({
        model: "record",
        data: { batch, label: "y", flagged: true },
      });
      const no = await db().create<RecordRow>({
        model: "record",
        data: { batch, label: "n", flagged: false },
      });
      expect(yes.flagged).toBe(true);
      expect(no.flagged).toBe(false);
      const found = await db().findOne<RecordRow>({ model: "record", where: byId(no.id) });
      expect(found?.flagged).toBe(false);
      const falses = await db().findMany<RecordRow>({
        model: "record",
        where: [
          { field: "batch", value: batch },
          { field: "flagged", value: false },
        ],
      });
      expect(falses.map((r) => r.label)).toEqual(["n"]);
      const flipped = await db().update<RecordRow>({
        model: "record",
        where: byId(yes.id),
        update: { flagged: false },
      });
      expect(flipped?.flagged).toBe(false);
    });

    it("json fields round-trip objects, arrays and nesting; string[] fields round-trip lists", async () => {
      const profile = {
        plan: "pro",
        seats: 3,
        ratio: 0.5,
        enabled: true,
        none: null,
        nested: { list: [1, "two", { three: [3] }], empty: {} },
        text: 'quote " backslash \\ unicode héllo ☃',
      };
      const tags = ["a", "b,c", 'd"e', "", "{x}"];
      const created = await db().create<OwnerRow>({
        model: "owner",
        data: { batch: uid(), name: "J", email: `${uid("json")}@example.com`, profile, tags },
      });
      expect(created.profile).toEqual(profile);
      expect(created.tags).toEqual(tags);
      const found = await db().findOne<OwnerRow>({ model: "owner", where: byId(created.id) });
      expect(found?.profile).toEqual(profile);
      expect(found?.tags).toEqual(tags);
      const list = [1, { a: [] }, [2, [3]]];
      const updated = await db().update<OwnerRow>({
        model: "owner",
        where: byId(created.id),
        update: { profile: list, tags: [] },
      });
      expect(updated?.profile).toEqual(list);
      expect(updated?.tags).toEqual([]);
      const again = await db().findOne<OwnerRow>({ model: "owner", where: byId(created.id) });
      expect(again?.profile).toEqual(list);
      expect(again?.tags).toEqual([]);
    });

    it("bigint numbers beyond 2^31 round-trip as numbers and compare numerically", async () => {
      const batch = uid();
      const big = 5_000_000_000;
      const created = await db().create<OwnerRow>({
        model: "owner",
        data: { batch, name: "B", email: `${uid("big")}@example.com`, balance: big },
      });
      await db().create({
        model: "owner",
        data: { batch, name: "N", email: `${uid("neg")}@example.com`, balance: -4_000_000_000 },
      });
      expect(created.balance).toBe(big);
      const found = await db().findOne<OwnerRow>({ model: "owner", where: byId(created.id) });
      expect(typeof found?.balance).toBe("number");
      expect(found?.balance).toBe(big);
      const above = await db().findMany<OwnerRow>({
        model: "owner",
        where: [
          { field: "batch", value: batch },
          { field: "balance", operator: "gt", value: 2 ** 31 },
        ],
      });
      expect(above.map((r) => r.id)).toEqual([created.id]);
      const sortedRows = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "batch", value: batch }],
        sortBy: { field: "balance" },
      });
      expect(sortedRows.map((r) => r.balance)).toEqual([-4_000_000_000, big]);
      const bumped = await db().incrementOne<OwnerRow>({
        model: "owner",
        where: byId(created.id),
        field: "balance",
        by: 3_000_000_000,
      });
      expect(bumped?.balance).toBe(8_000_000_000);
    });

    it("optional fields left out read back as null; zero, false and empty strings stay themselves", async () => {
      const created = await db().create<OwnerRow>({
        model: "owner",
        data: { batch: uid(), name: "", email: `${uid("null")}@example.com`, age: 0, active: false },
      });
      for (const row of [
        created,
        await db().findOne<OwnerRow>({ model: "owner", where: byId(created.id) }),
      ]) {
        expect(row?.nickname).toBeNull();
        expect(row?.profile).toBeNull();
        expect(row?.tags).toBeNull();
        expect(row?.age).toBe(0);
        expect(row?.active).toBe(false);
        expect(row?.name).toBe("");
      }
    });

    it("string equality is case-sensitive and strings round-trip exactly", async () => {
      const batch = uid();
      const odd = "Ünïcödé ☃ 'single' \"double\" back\\slash %_ end ";
      for (const label of ["Alice", "alice", odd]) {
        await db().create({ model: "record", data: { batch, label } });
      }
      const find = async (value: string) =>
        (
          await db().findMany<RecordRow>({
            model: "record",
            where: [
              { field: "batch", value: batch },
              { field: "label", value },
            ],
          })
        ).map((r) => r.label);
      expect(await find("Alice")).toEqual(["Alice"]);
      expect(await find("alice")).toEqual(["alice"]);
      expect(await find("ALICE")).toEqual([]);
      expect(await find(odd)).toEqual([odd]);
    });
  });
}
