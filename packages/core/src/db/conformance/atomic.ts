import type { Where } from "../where";
import type { Suite } from "./api";
import type { CounterRow, JobRow, TokenRow } from "./schema";

const MINUTE = 60_000;

export function atomicTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  const newCounter = (amount: number) =>
    db().create<CounterRow>({ model: "counter", data: { batch: uid(), amount } });
  const amountOf = async (id: string) =>
    (await db().findOne<CounterRow>({ model: "counter", where: [{ field: "id", value: id }] }))?.amount;
  const times = <T>(n: number, fn: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

  describe("consumeOne", () => {
    it("of 20 concurrent attempts on one row exactly one receives it", async () => {
      const secret = uid("secret");
      const token = await db().create<TokenRow>({
        model: "token",
        data: { batch: uid(), secret, purpose: "once" },
      });
      const where: Where = [{ field: "secret", value: secret }];
      const results = await times(20, () => db().consumeOne<TokenRow>({ model: "token", where }));
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toEqual(token);
      expect(await db().count({ model: "token", where })).toBe(0);
      expect(await db().consumeOne({ model: "token", where })).toBeNull();
    });

    it("concurrent consumers over several rows never receive the same row", async () => {
      const batch = uid();
      for (let i = 0; i < 5; i++) {
        await db().create({ model: "token", data: { batch, secret: uid("s"), purpose: "pool" } });
      }
      const where: Where = [{ field: "batch", value: batch }];
      const results = await times(20, () => db().consumeOne<TokenRow>({ model: "token", where }));
      const ids = results.filter((r) => r !== null).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length + (await db().count({ model: "token", where }))).toBe(5);
    });

    it("only consumes a row matching every condition", async () => {
      const secret = uid("secret");
      await db().create({ model: "token", data: { batch: uid(), secret, purpose: "login" } });
      const wrong = await db().consumeOne({
        model: "token",
        where: [
          { field: "secret", value: secret },
          { field: "purpose", value: "reset" },
        ],
      });
      expect(wrong).toBeNull();
      expect(await db().count({ model: "token", where: [{ field: "secret", value: secret }] })).toBe(1);
    });
  });

  describe("incrementOne", () => {
    it("20 concurrent increments with room for 5: exactly 5 succeed and the value ends at max", async () => {
      const counter = await newCounter(15);
      const where: Where = [{ field: "id", value: counter.id }];
      const results = await times(20, () =>
        db().incrementOne<CounterRow>({ model: "counter", where, field: "amount", by: 1, max: 20 }),
      );
      const done = results.filter((r) => r !== null);
      expect(done).toHaveLength(5);
      for (const row of done) {
        expect(row.amount).toBeGreaterThan(15);
        expect(row.amount).toBeLessThanOrEqual(20);
      }
      expect(await amountOf(counter.id)).toBe(20);
    });

    it("concurrent decrements stop at min", async () => {
      const counter = await newCounter(3);
      const where: Where = [{ field: "id", value: counter.id }];
      const results = await times(10, () =>
        db().incrementOne({ model: "counter", where, field: "amount", by: -1, min: 0 }),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(3);
      expect(await amountOf(counter.id)).toBe(0);
    });

    it("concurrent unguarded increments never lose an update", async () => {
      const counter = await newCounter(0);
      const where: Where = [{ field: "id", value: counter.id }];
      const results = await times(20, () =>
        db().incrementOne({ model: "counter", where, field: "amount", by: 2 }),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(20);
      expect(await amountOf(counter.id)).toBe(40);
    });

    it("refuses a step that would overshoot and returns null without a matching row", async () => {
      const counter = await newCounter(19);
      const where: Where = [{ field: "id", value: counter.id }];
      expect(
        await db().incrementOne({ model: "counter", where, field: "amount", by: 5, max: 20 }),
      ).toBeNull();
      expect(await amountOf(counter.id)).toBe(19);
      const exact = await db().incrementOne<CounterRow>({
        model: "counter",
        where,
        field: "amount",
        by: 1,
        max: 20,
      });
      expect(exact?.amount).toBe(20);
      const missing = await db().incrementOne({
        model: "counter",
        where: [{ field: "id", value: uid("missing") }],
        field: "amount",
        by: 1,
      });
      expect(missing).toBeNull();
    });
  });

  describe("claimDue", () => {
    /** 30 due rows, plus 2 due but leased and 2 not yet due; `now` rounded to the second. */
    async function jobs(count = 30) {
      const batch = uid();
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const due: string[] = [];
      for (let i = 0; i < count; i++) {
        const job = await db().create<JobRow>({
          model: "job",
          data: { batch, dueAt: new Date(now.getTime() - (i + 1) * 1000) },
        });
        due.push(job.id);
      }
      const held: string[] = [];
      for (let i = 0; i < 2; i++) {
        const leased = await db().create<JobRow>({
          model: "job",
          data: {
            batch,
            dueAt: new Date(now.getTime() - MINUTE),
            lockedUntil: new Date(now.getTime() + MINUTE),
            lockToken: "held",
          },
        });
        held.push(leased.id);
        await db().create({ model: "job", data: { batch, dueAt: new Date(now.getTime() + MINUTE) } });
      }
      const where: Where = [
        { field: "batch", value: batch },
        { field: "dueAt", operator: "lte", value: now },
      ];
      const claim = (at: Date, limit = 10) =>
        db().claimDue<JobRow>({ model: "job", where, limit, leaseMs: MINUTE, now: at });
      return { due, held, now, claim };
    }

    it("3 concurrent claimers never claim a row twice and together claim every free due row", async () => {
      const { due, now, claim } = await jobs();
      const claimed: JobRow[] = [];
      // Two workers start together (they select the same rows and race for them), the third a
      // round trip later (its selection interleaves with the others' updates).
      const worker = async (offset: number) => {
        for (let i = 0; i < offset; i++)
          await db().count({ model: "job", where: [{ field: "id", value: due[0]! }] });
        for (let round = 0; round < 20; round++) {
          const rows = await claim(now);
          if (rows.length === 0) return;
          expect(rows.length).toBeLessThanOrEqual(10);
          claimed.push(...rows);
        }
      };
      await Promise.all([0, 0, 1].map(worker));
      const ids = claimed.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual([...due].sort());
      const stored = await db().findMany<JobRow>({
        model: "job",
        where: [{ field: "id", operator: "in", value: due }],
      });
      const tokens = new Map(stored.map((r) => [r.id, r.lockToken]));
      for (const row of claimed) {
        expect(row.lockedUntil?.getTime()).toBe(now.getTime() + MINUTE);
        expect(typeof row.lockToken).toBe("string");
        expect(row.lockToken).not.toBe("held");
        expect(tokens.get(row.id)).toBe(row.lockToken);
      }
    });

    it("claims at most limit rows, in sortBy order", async () => {
      const { due, now, claim } = await jobs(12);
      const first = await claim(now, 5);
      expect(first).toHaveLength(5);
      const oldest = await db().claimDue<JobRow>({
        model: "job",
        where: [{ field: "id", operator: "in", value: due }],
        limit: 3,
        leaseMs: MINUTE,
        now,
        sortBy: { field: "dueAt", direction: "asc" },
      });
      const remaining = due.filter((id) => !first.some((r) => r.id === id));
      expect(oldest.map((r) => r.id)).toEqual(remaining.slice(-3).reverse());
    });

    it("leased rows are not reclaimed before the lease expires and are reclaimable after", async () => {
      const { due, held, now, claim } = await jobs(4);
      const first = await claim(now);
      expect(first.map((r) => r.id).sort()).toEqual([...due].sort());
      expect(await claim(new Date(now.getTime() + MINUTE - 1))).toEqual([]);
      const again = await claim(new Date(now.getTime() + MINUTE + 1));
      expect(again.map((r) => r.id).sort()).toEqual([...due, ...held].sort());
      expect(again[0]?.lockToken).not.toBe(first[0]?.lockToken);
    });

    it("a row released by clearing lockedUntil can be claimed again at once", async () => {
      const { due, now, claim } = await jobs(2);
      const [job] = await claim(now, 1);
      expect(typeof job?.id).toBe("string");
      await db().update({
        model: "job",
        where: [{ field: "id", value: job?.id ?? "" }],
        update: { lockedUntil: null },
      });
      const next = await claim(now, 5);
      expect(next.map((r) => r.id).sort()).toEqual([...due].sort());
    });
  });
}
