import type { Where } from "../where";
import { type Suite, sorted, valuesOf } from "./api";

const A = new Date("2024-01-01T00:00:00.000Z");
const B = new Date("2024-02-01T00:00:00.000Z");
const C = new Date("2024-03-01T00:00:00.500Z");
const E = new Date("2024-04-01T00:00:00.000Z");

/**
 * Five rows per test. Labels compare the same in code unit order and in common collations (no
 * mixed-case comparisons); `note` holds LIKE wildcards as literal characters.
 */
const FIXTURE = [
  { label: "apple", note: "50% off", score: 10, flagged: true, happenedAt: A },
  { label: "Banana", note: "5 percent", score: 20, flagged: false, happenedAt: B },
  { label: "cherry", note: "a_b", score: 30, flagged: true, happenedAt: C },
  { label: "date", note: "axb", score: null, flagged: null, happenedAt: null },
  { label: "elder", note: null, score: 40, flagged: false, happenedAt: E },
] as const;

const ALL = FIXTURE.map((r) => r.label);

export function whereTests({ t, db, uid }: Suite): void {
  const { describe, it, expect } = t;

  /** Creates the fixture under a fresh batch; `labels(where)` returns the labels matching, sorted. */
  async function fixture() {
    const batch = uid();
    for (const row of FIXTURE) await db().create({ model: "record", data: { batch, ...row } });
    const scope = { field: "batch", value: batch } as const;
    return {
      scope,
      labels: async (where: Where) =>
        valuesOf(await db().findMany({ model: "record", where: [scope, ...where] }), "label"),
      count: (where: Where) => db().count({ model: "record", where: [scope, ...where] }),
    };
  }

  /** Runs every case against one fixture: [where, expected labels]. */
  function cases(name: string, list: readonly (readonly [Where, readonly string[]])[]) {
    it(name, async () => {
      const f = await fixture();
      for (const [where, expected] of list) {
        expect(await f.labels(where), JSON.stringify(where)).toEqual(sorted(expected));
      }
    });
  }

  describe("where", () => {
    cases("eq: case-sensitive strings, numbers, booleans, dates, null, and eq as the default operator", [
      [[{ field: "label", operator: "eq", value: "apple" }], ["apple"]],
      [[{ field: "label", value: "apple" }], ["apple"]],
      [[{ field: "label", value: "APPLE" }], []],
      [[{ field: "label", value: "banana" }], []],
      [[{ field: "score", value: 20 }], ["Banana"]],
      [[{ field: "flagged", value: true }], ["apple", "cherry"]],
      [[{ field: "flagged", value: false }], ["Banana", "elder"]],
      [[{ field: "happenedAt", value: new Date(C.getTime()) }], ["cherry"]],
      [[{ field: "note", value: null }], ["elder"]],
      [[{ field: "score", operator: "eq", value: null }], ["date"]],
    ]);

    cases("ne: matches NULL columns; ne null means IS NOT NULL", [
      [[{ field: "score", operator: "ne", value: 20 }], ["apple", "cherry", "date", "elder"]],
      [[{ field: "label", operator: "ne", value: "apple" }], ["Banana", "cherry", "date", "elder"]],
      [[{ field: "flagged", operator: "ne", value: true }], ["Banana", "date", "elder"]],
      [[{ field: "happenedAt", operator: "ne", value: A }], ["Banana", "cherry", "date", "elder"]],
      [[{ field: "note", operator: "ne", value: null }], ["apple", "Banana", "cherry", "date"]],
      [[{ field: "score", operator: "ne", value: null }], ["apple", "Banana", "cherry", "elder"]],
    ]);

    cases("lt, lte, gt, gte on numbers never match NULL", [
      [[{ field: "score", operator: "lt", value: 20 }], ["apple"]],
      [[{ field: "score", operator: "lte", value: 20 }], ["apple", "Banana"]],
      [[{ field: "score", operator: "gt", value: 20 }], ["cherry", "elder"]],
      [[{ field: "score", operator: "gte", value: 30 }], ["cherry", "elder"]],
      [[{ field: "score", operator: "lt", value: 1000 }], ["apple", "Banana", "cherry", "elder"]],
      [[{ field: "score", operator: "gt", value: -1000 }], ["apple", "Banana", "cherry", "elder"]],
      [
        [
          { field: "score", operator: "gt", value: 5 },
          { field: "score", operator: "lt", value: 35 },
        ],
        ["apple", "Banana", "cherry"],
      ],
    ]);

    cases("lt, lte, gt, gte on dates compare instants to the millisecond and never match NULL", [
      [[{ field: "happenedAt", operator: "lt", value: C }], ["apple", "Banana"]],
      [[{ field: "happenedAt", operator: "lte", value: C }], ["apple", "Banana", "cherry"]],
      [[{ field: "happenedAt", operator: "gt", value: new Date(C.getTime() - 1) }], ["cherry", "elder"]],
      [[{ field: "happenedAt", operator: "gt", value: C }], ["elder"]],
      [[{ field: "happenedAt", operator: "gte", value: C }], ["cherry", "elder"]],
      [
        [{ field: "happenedAt", operator: "lt", value: new Date("2030-01-01T00:00:00Z") }],
        ["apple", "Banana", "cherry", "elder"],
      ],
    ]);

    cases("lt, lte, gt, gte on strings", [
      [[{ field: "label", operator: "lt", value: "cherry" }], ["apple", "Banana"]],
      [[{ field: "label", operator: "lte", value: "cherry" }], ["apple", "Banana", "cherry"]],
      [[{ field: "label", operator: "gt", value: "d" }], ["date", "elder"]],
      [[{ field: "label", operator: "gte", value: "cherry" }], ["cherry", "date", "elder"]],
      [[{ field: "note", operator: "gte", value: "a" }], ["cherry", "date"]],
    ]);

    cases("in: case-sensitive, never matches NULL, an empty list matches nothing", [
      [[{ field: "label", operator: "in", value: ["apple", "cherry", "nope"] }], ["apple", "cherry"]],
      [[{ field: "label", operator: "in", value: ["APPLE", "banana"] }], []],
      [[{ field: "score", operator: "in", value: [10, 40] }], ["apple", "elder"]],
      [[{ field: "note", operator: "in", value: ["a_b", "zzz"] }], ["cherry"]],
      [[{ field: "label", operator: "in", value: [] }], []],
    ]);

    cases("not_in: matches NULL columns, an empty list matches everything", [
      [[{ field: "score", operator: "not_in", value: [10, 20] }], ["cherry", "date", "elder"]],
      [[{ field: "label", operator: "not_in", value: ["apple"] }], ["Banana", "cherry", "date", "elder"]],
      [[{ field: "note", operator: "not_in", value: ["a_b"] }], ["apple", "Banana", "date", "elder"]],
      [[{ field: "label", operator: "not_in", value: [] }], ALL],
      [[{ field: "score", operator: "not_in", value: [] }], ALL],
    ]);

    cases("contains: case-insensitive, % and _ literal, never matches NULL", [
      [[{ field: "note", operator: "contains", value: "%" }], ["apple"]],
      [[{ field: "note", operator: "contains", value: "0%" }], ["apple"]],
      [[{ field: "note", operator: "contains", value: "_" }], ["cherry"]],
      [[{ field: "note", operator: "contains", value: "a_b" }], ["cherry"]],
      [[{ field: "note", operator: "contains", value: "OFF" }], ["apple"]],
      [[{ field: "label", operator: "contains", value: "AN" }], ["Banana"]],
      [[{ field: "note", operator: "contains", value: "x" }], ["date"]],
      [[{ field: "label", operator: "contains", value: "zzz" }], []],
    ]);

    cases("starts_with: case-insensitive, % and _ literal, never matches NULL", [
      [[{ field: "label", operator: "starts_with", value: "BAN" }], ["Banana"]],
      [[{ field: "note", operator: "starts_with", value: "5" }], ["apple", "Banana"]],
      [[{ field: "note", operator: "starts_with", value: "50%" }], ["apple"]],
      [[{ field: "note", operator: "starts_with", value: "5_" }], []],
      [[{ field: "note", operator: "starts_with", value: "%" }], []],
      [[{ field: "note", operator: "starts_with", value: "a_" }], ["cherry"]],
      [[{ field: "note", operator: "starts_with", value: "A" }], ["cherry", "date"]],
    ]);

    cases("ends_with: case-insensitive, % and _ literal, never matches NULL", [
      [[{ field: "label", operator: "ends_with", value: "RRY" }], ["cherry"]],
      [[{ field: "note", operator: "ends_with", value: "_b" }], ["cherry"]],
      [[{ field: "note", operator: "ends_with", value: "b" }], ["cherry", "date"]],
      [[{ field: "note", operator: "ends_with", value: "OFF" }], ["apple"]],
      [[{ field: "note", operator: "ends_with", value: "%" }], []],
      [[{ field: "note", operator: "ends_with", value: "_" }], []],
    ]);

    cases("flat lists: AND items all required, connector OR items any one of them", [
      [
        [
          { field: "label", value: "apple", connector: "OR" },
          { field: "label", value: "cherry", connector: "OR" },
        ],
        ["apple", "cherry"],
      ],
      [[{ field: "label", value: "apple", connector: "OR" }], ["apple"]],
      [
        [
          { field: "score", operator: "gte", value: 20 },
          { field: "flagged", value: false },
        ],
        ["Banana", "elder"],
      ],
      [
        [
          { field: "score", operator: "gt", value: 15 },
          { field: "flagged", value: true, connector: "OR" },
          { field: "label", value: "elder", connector: "OR" },
        ],
        ["cherry", "elder"],
      ],
      [
        [
          { field: "score", value: null, connector: "OR" },
          { field: "note", value: null, connector: "OR" },
          { field: "label", operator: "ne", value: "elder", connector: "AND" },
        ],
        ["date"],
      ],
    ]);

    cases("nested and/or groups, alone and mixed with flat lists", [
      [
        [
          {
            or: [
              {
                and: [
                  { field: "score", operator: "gte", value: 20 },
                  { field: "flagged", value: false },
                ],
              },
              { field: "label", value: "apple" },
            ],
          },
        ],
        ["apple", "Banana", "elder"],
      ],
      [
        [
          {
            or: [
              { field: "score", value: null },
              { field: "note", value: null },
            ],
          },
        ],
        ["date", "elder"],
      ],
      [[{ and: [{ field: "label", operator: "starts_with", value: "a" }] }], ["apple"]],
      [
        [
          {
            and: [
              {
                or: [
                  { field: "label", value: "apple" },
                  { field: "label", value: "Banana" },
                ],
              },
              {
                or: [
                  { field: "flagged", value: true },
                  { field: "score", value: 20 },
                ],
              },
            ],
          },
        ],
        ["apple", "Banana"],
      ],
      [
        [
          {
            or: [
              { field: "flagged", value: true },
              { field: "flagged", value: null },
            ],
          },
          { field: "label", value: "apple", connector: "OR" },
          { field: "label", value: "date", connector: "OR" },
        ],
        ["apple", "date"],
      ],
    ]);

    it("count honours the same where semantics as findMany", async () => {
      const f = await fixture();
      expect(await f.count([])).toBe(5);
      expect(await f.count([{ field: "score", operator: "ne", value: 10 }])).toBe(4);
      expect(await f.count([{ field: "note", operator: "contains", value: "%" }])).toBe(1);
      expect(await f.count([{ field: "label", operator: "in", value: [] }])).toBe(0);
      expect(
        await f.count([
          { field: "label", value: "apple", connector: "OR" },
          { field: "label", value: "elder", connector: "OR" },
        ]),
      ).toBe(2);
    });

    it("updateMany and deleteMany select rows with the same where semantics", async () => {
      const f = await fixture();
      const updated = await db().updateMany({
        model: "record",
        where: [f.scope, { field: "score", operator: "not_in", value: [10, 20] }],
        update: { note: "hit" },
      });
      expect(updated).toBe(3);
      expect(await f.labels([{ field: "note", value: "hit" }])).toEqual(["cherry", "date", "elder"]);
      const deleted = await db().deleteMany({
        model: "record",
        where: [f.scope, { field: "label", operator: "contains", value: "A" }],
      });
      expect(deleted).toBe(3);
      expect(await f.labels([])).toEqual(["cherry", "elder"]);
    });
  });
}
