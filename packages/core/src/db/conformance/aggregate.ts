import { isAdapterError, type Row } from "../adapter";
import type {
  AggregateArgs,
  JsonFilter,
  JsonFilterClause,
  JsonFilterOperator,
  JsonFilterValue,
} from "../aggregate";
import { caught, type Suite } from "./api";
import type { OwnerRow } from "./schema";

/**
 * `createMany` and `aggregate` (db/aggregate.ts). Owners carry a JSON `profile` with a `bit` (1, 2,
 * 4, 8, 16): the sum of the bits of the matching rows names exactly which rows a filter matched.
 */
const at = (iso: string) => new Date(iso);
const PROFILES: readonly [string, Row | null, string][] = [
  ["alpha", { bit: 1, n: 5, s: "Hello", b: true, nested: { k: 1 } }, "2026-01-05T10:15:00.000Z"],
  ["beta", { bit: 2, n: 10, s: "hello world", b: false }, "2026-01-05T10:45:00.000Z"],
  ["gamma", { bit: 4, n: 2.5, s: "x%_", nested: { k: 3 } }, "2026-01-06T00:30:00.000Z"],
  ["delta", { bit: 8, n: "7", s: 7, b: "true" }, "2026-01-11T23:59:00.000Z"],
  ["epsilon", { bit: 16, n: true }, "2026-02-01T00:00:00.000Z"],
  ["zeta", null, "2026-02-03T08:00:00.000Z"],
];

const path = (p: string): JsonFilterClause["target"] => ({ json: "profile", path: p.split(".") });
const clause = (target: string, operator: JsonFilterOperator, value: JsonFilterValue): JsonFilterClause => ({
  target: target === "name" ? { field: "name" } : path(target),
  operator,
  value,
});
const and = (...clauses: JsonFilter["clauses"]): JsonFilter => ({ conjunction: "and", clauses });
const or = (...clauses: JsonFilter["clauses"]): JsonFilter => ({ conjunction: "or", clauses });

export function aggregateTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  async function seed(): Promise<string> {
    const batch = uid("agg");
    const inserted = await db().createMany({
      model: "owner",
      data: PROFILES.map(([name, profile, createdAt]) => ({
        batch,
        name,
        email: `${uid(name)}@example.com`,
        profile,
        createdAt: at(createdAt),
      })),
    });
    expect(inserted).toBe(PROFILES.length);
    return batch;
  }

  const run = (batch: string, args: Omit<AggregateArgs, "model" | "where">) =>
    db().aggregate({ model: "owner", where: [{ field: "batch", value: batch }], ...args });
  const value = async (batch: string, args: Omit<AggregateArgs, "model" | "where">) =>
    (await run(batch, args))[0]?.value;
  /** The bits of the rows a filter matches. */
  const bits = (batch: string, filter: JsonFilter) =>
    value(batch, { filter, func: "sum", property: { json: "profile", path: ["bit"] } });
  const count = (batch: string, filter: JsonFilter) => value(batch, { filter, func: "count" });

  describe("createMany", () => {
    it("inserts every row with ids and defaults, and returns how many", async () => {
      const batch = uid();
      const n = await db().createMany({
        model: "owner",
        data: [1, 2, 3].map((i) => ({ batch, name: `n${i}`, email: `${uid("m")}@example.com` })),
      });
      expect(n).toBe(3);
      const rows = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "batch", value: batch }],
      });
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.id)).size).toBe(3);
      expect(rows.every((r) => r.active === true && r.balance === 0)).toBe(true);
      expect(await db().createMany({ model: "owner", data: [] })).toBe(0);
    });

    it("stores every value type exactly as create does (JSON documents, arrays, dates, bigints)", async () => {
      const batch = uid();
      const rows: Row[] = [
        {
          name: `quote " back \\ slash ü 日本`,
          nickname: null,
          age: 42,
          active: false,
          balance: 9_007_199_254_740_000,
          profile: { n: 1.5, s: 'x"y', nested: { k: [1, "two", null, true] } },
          tags: ["a", 'b"c'],
          createdAt: new Date("2026-03-04T05:06:07.089Z"),
        },
        // JSON scalars stay documents (a JSON string is not the column's text), columns differ.
        { name: "scalar", profile: "just text", tags: [] },
        { name: "number doc", profile: 7, age: 0 },
      ];
      const data = rows.map((r, i) => ({ ...r, batch, email: `${uid(`t${i}`)}@example.com` }));
      expect(await db().createMany({ model: "owner", data })).toBe(3);
      const one = await db().create<OwnerRow>({
        model: "owner",
        data: { ...data[0]!, email: `${uid("c")}@x.io` },
      });
      const stored = await db().findMany<OwnerRow>({
        model: "owner",
        where: [{ field: "batch", value: batch }],
        sortBy: { field: "email", direction: "asc" },
      });
      const byName = new Map(stored.filter((r) => r.id !== one.id).map((r) => [r.name, r]));
      const first = byName.get(rows[0]!.name as string)!;
      const { id: _a, email: _b, ...expected } = one;
      const { id: _c, email: _d, ...got } = first;
      expect(got).toEqual(expected);
      expect(first.profile).toEqual(rows[0]!.profile);
      expect(first.createdAt.toISOString()).toBe("2026-03-04T05:06:07.089Z");
      expect(byName.get("scalar")?.profile).toBe("just text");
      expect(byName.get("scalar")?.tags).toEqual([]);
      expect(byName.get("number doc")?.profile).toBe(7);
      expect(byName.get("number doc")?.age).toBe(0);
      // Defaults apply to rows that leave a column out.
      expect(byName.get("scalar")?.active).toBe(true);
      expect(byName.get("scalar")?.createdAt).toBeInstanceOf(Date);
    });

    it("rejects the whole batch on a unique violation inside a transaction (nothing lands)", async () => {
      const batch = uid();
      const email = `${uid("dup")}@example.com`;
      await db().create({ model: "owner", data: { batch: uid(), name: "first", email } });
      const error = await caught(
        db().transaction((tx) =>
          tx.createMany({
            model: "owner",
            data: [
              { batch, name: "ok", email: `${uid("m")}@example.com` },
              { batch, name: "dup", email },
            ],
          }),
        ),
      );
      expect(isAdapterError(error, "UNIQUE_VIOLATION")).toBe(true);
      const landed = await db().count({ model: "owner", where: [{ field: "batch", value: batch }] });
      // Without real transactions (MongoDB standalone) the rows before the duplicate stay.
      expect(landed).toBe(db().capabilities.transactions ? 0 : 1);
    });
  });

  describe("aggregate", () => {
    it("compares JSON numbers numerically, and only numbers with number values", async () => {
      const b = await seed();
      expect(await bits(b, and(clause("n", "eq", 5)))).toBe(1);
      expect(await bits(b, and(clause("n", "ne", 5)))).toBe(6);
      expect(await bits(b, and(clause("n", "gt", 2)))).toBe(7);
      expect(await bits(b, and(clause("n", "gte", 5)))).toBe(3);
      expect(await bits(b, and(clause("n", "lt", 5)))).toBe(4);
      expect(await bits(b, and(clause("n", "lte", 5)))).toBe(5);
      expect(await bits(b, and(clause("n", "gt", 9)))).toBe(2);
      expect(await bits(b, and(clause("nested.k", "gte", 1)))).toBe(5);
      expect(await bits(b, and(clause("nested.k", "eq", 3)))).toBe(4);
    });

    it("compares JSON strings as strings (case-sensitive, binary order), and booleans by eq/ne", async () => {
      const b = await seed();
      expect(await bits(b, and(clause("n", "eq", "7")))).toBe(8);
      expect(await bits(b, and(clause("n", "gt", "5")))).toBe(8);
      expect(await bits(b, and(clause("s", "eq", "Hello")))).toBe(1);
      expect(await bits(b, and(clause("s", "lt", "a")))).toBe(1);
      expect(await bits(b, and(clause("s", "gte", "hello world")))).toBe(6);
      expect(await bits(b, and(clause("s", "lte", "Hello")))).toBe(1);
      expect(await bits(b, and(clause("s", "ne", "Hello")))).toBe(6);
      expect(await bits(b, and(clause("b", "eq", true)))).toBe(1);
      expect(await bits(b, and(clause("b", "eq", false)))).toBe(2);
      expect(await bits(b, and(clause("b", "ne", true)))).toBe(2);
      expect(await bits(b, and(clause("b", "gt", false)))).toBe(0);
      expect(await bits(b, and(clause("b", "eq", "true")))).toBe(8);
      expect(await count(b, and(clause("missing", "ne", 1)))).toBe(0);
    });

    it("like / not_like are literal, case-sensitive substring tests on strings", async () => {
      const b = await seed();
      expect(await bits(b, and(clause("s", "like", "ello")))).toBe(3);
      expect(await bits(b, and(clause("s", "like", "Hello")))).toBe(1);
      expect(await bits(b, and(clause("s", "like", "%")))).toBe(4);
      expect(await bits(b, and(clause("s", "like", "_")))).toBe(4);
      expect(await bits(b, and(clause("s", "not_like", "ello")))).toBe(4);
      expect(await count(b, and(clause("name", "like", "ta")))).toBe(3);
      expect(await bits(b, and(clause("name", "not_like", "a")))).toBe(16);
    });

    it("filters string columns, nested and/or groups, and empty groups match everything", async () => {
      const b = await seed();
      expect(await bits(b, and(clause("name", "eq", "alpha")))).toBe(1);
      expect(await bits(b, and(clause("name", "gt", "delta")))).toBe(20);
      expect(await bits(b, and(clause("name", "ne", "alpha")))).toBe(30);
      expect(await count(b, and(clause("name", "eq", 1)))).toBe(0);
      const nested = and(clause("name", "like", "a"), or(clause("n", "gte", 10), clause("s", "eq", "x%_")));
      expect(await bits(b, nested)).toBe(6);
      expect(
        await bits(b, or(clause("n", "eq", 5), and(clause("b", "eq", false), clause("s", "like", "w")))),
      ).toBe(3);
      expect(await count(b, and())).toBe(6);
      expect(await count(b, or())).toBe(6);
    });

    it("count, sum, max, min and avg; only JSON numbers take part; nothing matched is 0", async () => {
      const b = await seed();
      const n = { json: "profile", path: ["n"] } as const;
      expect(await value(b, { func: "count" })).toBe(6);
      expect(await value(b, { func: "sum", property: n })).toBe(17.5);
      expect(await value(b, { func: "max", property: n })).toBe(10);
      expect(await value(b, { func: "min", property: n })).toBe(2.5);
      expect(Math.abs(((await value(b, { func: "avg", property: n })) ?? 0) - 17.5 / 3)).toBeLessThanOrEqual(
        1e-9,
      );
      const none = and(clause("n", "gt", 1000));
      for (const func of ["sum", "max", "min", "avg"] as const) {
        expect(await value(b, { func, property: n, filter: none })).toBe(0);
      }
      expect(await value(b, { func: "count", filter: none })).toBe(0);
    });

    it("groups by UTC hour, day, week (from Monday) and month, oldest first", async () => {
      const b = await seed();
      const groups = async (interval: "hour" | "day" | "week" | "month", args: Partial<AggregateArgs> = {}) =>
        (await run(b, { func: "count", ...args, groupBy: { field: "createdAt", interval } })).map((g) => [
          g.bucket?.toISOString(),
          g.value,
        ]);
      expect(await groups("hour")).toEqual([
        ["2026-01-05T10:00:00.000Z", 2],
        ["2026-01-06T00:00:00.000Z", 1],
        ["2026-01-11T23:00:00.000Z", 1],
        ["2026-02-01T00:00:00.000Z", 1],
        ["2026-02-03T08:00:00.000Z", 1],
      ]);
      expect(await groups("day")).toEqual([
        ["2026-01-05T00:00:00.000Z", 2],
        ["2026-01-06T00:00:00.000Z", 1],
        ["2026-01-11T00:00:00.000Z", 1],
        ["2026-02-01T00:00:00.000Z", 1],
        ["2026-02-03T00:00:00.000Z", 1],
      ]);
      expect(await groups("week")).toEqual([
        ["2026-01-05T00:00:00.000Z", 4],
        ["2026-01-26T00:00:00.000Z", 1],
        ["2026-02-02T00:00:00.000Z", 1],
      ]);
      expect(await groups("month")).toEqual([
        ["2026-01-01T00:00:00.000Z", 4],
        ["2026-02-01T00:00:00.000Z", 2],
      ]);
      const sums = await groups("day", { func: "sum", property: { json: "profile", path: ["n"] } });
      expect(sums).toEqual([
        ["2026-01-05T00:00:00.000Z", 15],
        ["2026-01-06T00:00:00.000Z", 2.5],
      ]);
    });
  });
}
