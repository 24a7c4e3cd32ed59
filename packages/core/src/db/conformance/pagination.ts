import type { FindManyArgs } from "../adapter";
import type { Suite } from "./api";
import type { RecordRow } from "./schema";

/** (score, label, happenedAt day): labels distinct, scores tied in pairs for multi-key sorts. */
const ROWS = [
  { score: 2, label: "b", happenedAt: new Date("2024-01-04T00:00:00.000Z") },
  { score: 1, label: "c", happenedAt: new Date("2024-01-02T00:00:00.002Z") },
  { score: 2, label: "a", happenedAt: new Date("2024-01-05T00:00:00.000Z") },
  { score: 1, label: "d", happenedAt: new Date("2024-01-02T00:00:00.001Z") },
  { score: 3, label: "e", happenedAt: new Date("2024-01-01T00:00:00.000Z") },
] as const;

export function paginationTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  async function fixture(rows: readonly Record<string, unknown>[] = ROWS) {
    const batch = uid();
    for (const row of rows) await db().create({ model: "record", data: { batch, ...row } });
    const scope = { field: "batch", value: batch } as const;
    return {
      scope,
      labels: async (args: Omit<FindManyArgs, "model" | "where"> = {}) =>
        (await db().findMany<RecordRow>({ model: "record", where: [scope], ...args })).map((r) => r.label),
    };
  }

  describe("sorting and pagination", () => {
    it("sorts by one field, ascending by default, descending on request", async () => {
      const f = await fixture();
      expect(await f.labels({ sortBy: { field: "label" } })).toEqual(["a", "b", "c", "d", "e"]);
      expect(await f.labels({ sortBy: { field: "label", direction: "asc" } })).toEqual([
        "a",
        "b",
        "c",
        "d",
        "e",
      ]);
      expect(await f.labels({ sortBy: [{ field: "label", direction: "desc" }] })).toEqual([
        "e",
        "d",
        "c",
        "b",
        "a",
      ]);
    });

    it("sorts by several fields in order", async () => {
      const f = await fixture();
      expect(
        await f.labels({
          sortBy: [
            { field: "score", direction: "asc" },
            { field: "label", direction: "desc" },
          ],
        }),
      ).toEqual(["d", "c", "b", "a", "e"]);
      expect(
        await f.labels({
          sortBy: [
            { field: "score", direction: "desc" },
            { field: "label", direction: "asc" },
          ],
        }),
      ).toEqual(["e", "a", "b", "c", "d"]);
    });

    it("sorts numbers numerically and dates by instant (to the millisecond)", async () => {
      const f = await fixture([
        { label: "ten", score: 10, happenedAt: new Date("2024-06-01T00:00:00.010Z") },
        { label: "nine", score: 9, happenedAt: new Date("2024-06-01T00:00:00.009Z") },
        { label: "hundred", score: 100, happenedAt: new Date("2024-06-01T00:00:00.100Z") },
        { label: "minus", score: -5, happenedAt: new Date("2023-12-31T23:59:59.999Z") },
      ]);
      const expected = ["minus", "nine", "ten", "hundred"];
      expect(await f.labels({ sortBy: { field: "score" } })).toEqual(expected);
      expect(await f.labels({ sortBy: { field: "happenedAt" } })).toEqual(expected);
      expect(await f.labels({ sortBy: { field: "happenedAt", direction: "desc" } })).toEqual(
        [...expected].reverse(),
      );
    });

    it("limit returns at most that many rows, in sort order", async () => {
      const f = await fixture();
      expect(await f.labels({ sortBy: { field: "label" }, limit: 2 })).toEqual(["a", "b"]);
      expect(await f.labels({ sortBy: { field: "label" }, limit: 1 })).toEqual(["a"]);
      expect(await f.labels({ sortBy: { field: "label" }, limit: 50 })).toEqual(["a", "b", "c", "d", "e"]);
      expect(await f.labels({ limit: 3 })).toHaveLength(3);
    });

    it("offset skips rows; pages cover every row exactly once", async () => {
      const f = await fixture();
      const sortBy = { field: "happenedAt" } as const;
      expect(await f.labels({ sortBy, limit: 2, offset: 0 })).toEqual(["e", "d"]);
      expect(await f.labels({ sortBy, limit: 2, offset: 2 })).toEqual(["c", "b"]);
      expect(await f.labels({ sortBy, limit: 2, offset: 4 })).toEqual(["a"]);
      expect(await f.labels({ sortBy, limit: 2, offset: 10 })).toEqual([]);
      const pages: string[] = [];
      for (let offset = 0; offset < 10; offset += 2) {
        pages.push(...(await f.labels({ sortBy: { field: "label", direction: "desc" }, limit: 2, offset })));
      }
      expect(pages).toEqual(["e", "d", "c", "b", "a"]);
    });

    it("count counts the matching rows", async () => {
      const f = await fixture();
      expect(await db().count({ model: "record", where: [f.scope] })).toBe(5);
      expect(await db().count({ model: "record", where: [f.scope, { field: "score", value: 2 }] })).toBe(2);
      expect(await db().count({ model: "record", where: [{ field: "batch", value: uid() }] })).toBe(0);
      expect(await db().count({ model: "record" })).toBeGreaterThan(4);
    });
  });
}
