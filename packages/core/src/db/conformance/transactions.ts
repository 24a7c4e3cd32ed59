import { caught, type Suite } from "./api";
import type { RecordRow } from "./schema";

export function transactionTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  const scoped = (batch: string) => [{ field: "batch", value: batch }] as const;
  const labels = async (batch: string) =>
    (
      await db().findMany<RecordRow>({ model: "record", where: scoped(batch), sortBy: { field: "label" } })
    ).map((r) => `${r.label}:${r.score ?? "-"}`);

  describe("transactions", () => {
    it("commits every write together and returns the callback's value", async () => {
      const batch = uid();
      expect(db().inTransaction).toBe(false);
      const result = await db().transaction(async (tx) => {
        expect(tx.inTransaction).toBe(true);
        await tx.create({ model: "record", data: { batch, label: "a", score: 1 } });
        await tx.create({ model: "record", data: { batch, label: "b", score: 2 } });
        await tx.updateMany({ model: "record", where: scoped(batch), update: { note: "in tx" } });
        return "done";
      });
      expect(result).toBe("done");
      expect(await labels(batch)).toEqual(["a:1", "b:2"]);
      expect(
        await db().count({ model: "record", where: [...scoped(batch), { field: "note", value: "in tx" }] }),
      ).toBe(2);
    });

    it("reads inside a transaction see its own writes", async () => {
      const batch = uid();
      await db().transaction(async (tx) => {
        const created = await tx.create<RecordRow>({
          model: "record",
          data: { batch, label: "own", score: 5 },
        });
        const found = await tx.findOne<RecordRow>({
          model: "record",
          where: [{ field: "id", value: created.id }],
        });
        expect(found?.score).toBe(5);
        await tx.update({
          model: "record",
          where: [{ field: "id", value: created.id }],
          update: { score: 6 },
        });
        expect(
          await tx.count({ model: "record", where: [...scoped(batch), { field: "score", value: 6 }] }),
        ).toBe(1);
      });
      expect(await labels(batch)).toEqual(["own:6"]);
    });

    it("rolls back creates, updates and deletes when the callback throws, and rethrows", async () => {
      const batch = uid();
      const kept = await db().create<RecordRow>({
        model: "record",
        data: { batch, label: "kept", score: 1 },
      });
      await db().create({ model: "record", data: { batch, label: "other", score: 2 } });
      const boom = new Error("boom");
      const error = await caught(
        db().transaction(async (tx) => {
          await tx.create({ model: "record", data: { batch, label: "new", score: 3 } });
          await tx.update({
            model: "record",
            where: [{ field: "id", value: kept.id }],
            update: { score: 100 },
          });
          await tx.deleteMany({
            model: "record",
            where: [...scoped(batch), { field: "label", value: "other" }],
          });
          await tx.incrementOne({
            model: "record",
            where: [{ field: "id", value: kept.id }],
            field: "score",
            by: 1,
          });
          expect(await tx.count({ model: "record", where: scoped(batch) })).toBe(2);
          throw boom;
        }),
      );
      expect(error).toBe(boom);
      if (!db().capabilities.transactions) return;
      expect(await labels(batch)).toEqual(["kept:1", "other:2"]);
    });

    it("rolls back a unique value so that it can be used again", async () => {
      const batch = uid();
      const secret = uid("secret");
      const error = await caught(
        db().transaction(async (tx) => {
          await tx.create({ model: "token", data: { batch, secret, purpose: "tx" } });
          throw new Error("undo");
        }),
      );
      expect(error).toBeInstanceOf(Error);
      if (!db().capabilities.transactions) return;
      expect(await db().count({ model: "token", where: [{ field: "secret", value: secret }] })).toBe(0);
      await db().create({ model: "token", data: { batch, secret, purpose: "after" } });
      expect(await db().count({ model: "token", where: [{ field: "secret", value: secret }] })).toBe(1);
    });

    it("a transaction started on a transaction's adapter runs inside it", async () => {
      const batch = uid();
      await db().transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          expect(inner.inTransaction).toBe(true);
          await inner.create({ model: "record", data: { batch, label: "inner", score: 1 } });
        });
        expect(await tx.count({ model: "record", where: scoped(batch) })).toBe(1);
        await tx.create({ model: "record", data: { batch, label: "outer", score: 2 } });
      });
      expect(await labels(batch)).toEqual(["inner:1", "outer:2"]);

      const rolled = uid();
      await caught(
        db().transaction(async (tx) => {
          await tx.transaction((inner) =>
            inner.create({ model: "record", data: { batch: rolled, label: "x" } }),
          );
          throw new Error("outer fails");
        }),
      );
      if (!db().capabilities.transactions) return;
      expect(await labels(rolled)).toEqual([]);
    });

    it("concurrent transactions each commit their own writes", async () => {
      const batch = uid();
      await Promise.all(
        [1, 2, 3, 4].map((n) =>
          db().transaction(async (tx) => {
            await tx.create({ model: "record", data: { batch, label: `t${n}`, score: n } });
            await tx.create({ model: "record", data: { batch, label: `u${n}`, score: n } });
          }),
        ),
      );
      expect(await db().count({ model: "record", where: scoped(batch) })).toBe(8);
    });
  });
}
