import type { FieldExpr } from "../update-with";
import type { Where } from "../where";
import { caught, type Suite } from "./api";
import type { RecordRow } from "./schema";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const T1 = new Date("2026-03-01T10:05:00.000Z");

/**
 * `updateOneWith` (targets that declare it): computed values, guards, returning, the old-row
 * semantics of every expression whatever the order of assignments, and atomicity under concurrency.
 * A target that does not declare it must not expose it (callers then take their fallback path).
 */
export function updateWithTests({ t, db, uid }: Suite, expected: boolean): void {
  const { describe, it, expect } = t;

  if (!expected) {
    it("updateOneWith is absent (callers use their several-statement fallback)", () => {
      expect(db().updateOneWith).toBe(undefined);
    });
    return;
  }

  const update = () => {
    const fn = db().updateOneWith;
    if (!fn) throw new Error("The target declares updateOneWith but the adapter has none");
    return fn.bind(db());
  };
  const newRecord = (data: Partial<RecordRow> = {}) =>
    db().create<RecordRow>({ model: "record", data: { batch: uid(), label: "r", ...data } });
  const byId = (id: string): Where => [{ field: "id", value: id }];
  const read = async (id: string) => db().findOne<RecordRow>({ model: "record", where: byId(id) });
  /** score: 1 when the window (happenedAt) is unset or before T0, else score + 1. */
  const windowClosed: Where = [
    {
      or: [
        { field: "happenedAt", value: null },
        { field: "happenedAt", operator: "lt", value: T0 },
      ],
    },
  ];
  const countInWindow: Record<string, FieldExpr> = {
    score: { when: windowClosed, use: { value: 1 }, otherwise: { field: "score", add: 1 } },
    happenedAt: { when: windowClosed, use: { value: T1 }, otherwise: { field: "happenedAt" } },
    flagged: { value: true },
  };

  describe("updateOneWith", () => {
    it("sets literals, field + n and CASE values and returns the row after the change", async () => {
      const row = await newRecord({ score: 7, happenedAt: T0 });
      const result = await update()<RecordRow>({ model: "record", match: byId(row.id), set: countInWindow });
      expect(result.changed).toBe(true);
      expect(result.row?.score).toBe(8);
      expect(result.row?.flagged).toBe(true);
      expect(result.row?.happenedAt).toEqual(T0);
      expect(await read(row.id)).toEqual(result.row);
    });

    it("every expression reads the row as it was, whatever the order of the assignments", async () => {
      // happenedAt is listed first: were it assigned before score (MySQL evaluates left to right),
      // score's condition would see T1 and add 1 instead of opening the window at 1.
      const row = await newRecord({ score: 4, happenedAt: new Date("2026-02-01T00:00:00.000Z") });
      const { happenedAt, score, flagged } = countInWindow;
      const set = { happenedAt: happenedAt!, flagged: flagged!, score: score! };
      const result = await update()<RecordRow>({ model: "record", match: byId(row.id), set });
      expect(result.row?.score).toBe(1);
      expect(result.row?.happenedAt).toEqual(T1);
    });

    it("changes nothing when a condition in `where` does not hold", async () => {
      const row = await newRecord({ score: 5, happenedAt: T0 });
      const result = await update()<RecordRow>({
        model: "record",
        match: byId(row.id),
        where: [{ field: "score", operator: "lt", value: 5 }],
        set: countInWindow,
      });
      expect(result).toEqual({ changed: false, row: null });
      expect(await read(row.id)).toEqual(row);
      const missing = await update()({ model: "record", match: byId(uid("none")), set: countInWindow });
      expect(missing.changed).toBe(false);
    });

    it("without returning, reports the change and reads nothing back", async () => {
      const row = await newRecord({ score: 2, happenedAt: T0 });
      const result = await update()({
        model: "record",
        match: byId(row.id),
        set: countInWindow,
        returning: false,
      });
      expect(result).toEqual({ changed: true, row: null });
      expect((await read(row.id))?.score).toBe(3);
    });

    it("20 concurrent guarded counts with room for 5: exactly 5 change the row", async () => {
      const row = await newRecord({ score: null, happenedAt: null });
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          update()<RecordRow>({
            model: "record",
            match: byId(row.id),
            where: [{ or: [...windowClosed, { field: "score", operator: "lt", value: 5 }] }],
            set: countInWindow,
          }),
        ),
      );
      expect(results.filter((r) => r.changed)).toHaveLength(5);
      // Each winner's row shows its own count or a later one (MySQL reads the row back after the
      // UPDATE, so a concurrent count may already be in it).
      for (const r of results.filter((x) => x.changed)) {
        expect(r.row?.score).toBeGreaterThan(0);
        expect(r.row?.score).toBeLessThanOrEqual(5);
      }
      expect((await read(row.id))?.score).toBe(5);
    });

    it("refuses assignments that read each other (no order gives both the old row)", async () => {
      const row = await newRecord({ score: 1, note: "a" });
      const error = await caught(
        update()({
          model: "record",
          match: byId(row.id),
          set: {
            score: { when: [{ field: "note", value: "a" }], use: { value: 2 }, otherwise: { value: 3 } },
            note: { when: [{ field: "score", value: 1 }], use: { value: "b" }, otherwise: { field: "note" } },
          },
        }),
      );
      expect((error as { code?: string }).code).toBe("INVALID_VALUE");
      expect(await read(row.id)).toEqual(row);
    });
  });
}
