import { describe, expect, it } from "vitest";
import {
  andWhere,
  escapeLike,
  mapWhere,
  normalizeWhere,
  type WhereNode,
  type WhereOperator,
  type WhereValue,
} from "./where";

const cond = (field: string, value: WhereValue, operator: WhereOperator = "eq"): WhereNode => ({
  kind: "condition",
  field,
  operator,
  value,
});

describe("normalizeWhere", () => {
  it("returns undefined for no condition", () => {
    expect(normalizeWhere(undefined)).toBeUndefined();
    expect(normalizeWhere([])).toBeUndefined();
  });

  it("turns one condition into a condition node with eq as the default operator", () => {
    expect(normalizeWhere([{ field: "a", value: 1 }])).toEqual(cond("a", 1));
    expect(normalizeWhere([{ field: "a", operator: "gt", value: 1 }])).toEqual(cond("a", 1, "gt"));
  });

  it("ANDs a flat list", () => {
    expect(
      normalizeWhere([
        { field: "a", value: 1 },
        { field: "b", value: 2, connector: "AND" },
      ]),
    ).toEqual({ kind: "and", children: [cond("a", 1), cond("b", 2)] });
  });

  it("groups the OR items of a flat list into one OR, ANDed with the rest", () => {
    expect(
      normalizeWhere([
        { field: "b", value: 2, connector: "OR" },
        { field: "a", value: 1 },
        { field: "c", value: 3, connector: "OR" },
      ]),
    ).toEqual({
      kind: "and",
      children: [cond("a", 1), { kind: "or", children: [cond("b", 2), cond("c", 3)] }],
    });
  });

  it("makes a list of only OR items one OR, and a lone OR item a required condition", () => {
    expect(
      normalizeWhere([
        { field: "a", value: 1, connector: "OR" },
        { field: "b", value: 2, connector: "OR" },
      ]),
    ).toEqual({ kind: "or", children: [cond("a", 1), cond("b", 2)] });
    expect(normalizeWhere([{ field: "a", value: 1, connector: "OR" }])).toEqual(cond("a", 1));
    expect(
      normalizeWhere([
        { field: "a", value: 1 },
        { field: "b", value: 2, connector: "OR" },
      ]),
    ).toEqual({ kind: "and", children: [cond("a", 1), cond("b", 2)] });
  });

  it("keeps nested and/or groups as written; groups join the list as AND items", () => {
    expect(
      normalizeWhere([
        {
          or: [
            {
              and: [
                { field: "a", value: 1 },
                { field: "b", value: null },
              ],
            },
            { field: "c", value: "x" },
          ],
        },
        { field: "d", value: 4, connector: "OR" },
      ]),
    ).toEqual({
      kind: "and",
      children: [
        {
          kind: "or",
          children: [{ kind: "and", children: [cond("a", 1), cond("b", null)] }, cond("c", "x")],
        },
        cond("d", 4),
      ],
    });
  });

  it("rejects values of the wrong shape for in / not_in and for scalar operators", () => {
    expect(() => normalizeWhere([{ field: "a", operator: "in", value: 1 }])).toThrow(/"in" on field "a"/);
    expect(() => normalizeWhere([{ field: "a", operator: "not_in", value: "x" }])).toThrow(/not_in/);
    expect(() => normalizeWhere([{ field: "a", value: [1, 2] }])).toThrow(/"eq"/);
    expect(() => normalizeWhere([{ or: [{ field: "z", operator: "contains", value: ["x"] }] }])).toThrow(
      /"z"/,
    );
    expect(normalizeWhere([{ field: "a", operator: "in", value: [] }])).toEqual(cond("a", [], "in"));
  });
});

describe("mapWhere, andWhere, escapeLike", () => {
  it("mapWhere rewrites every field and value of a tree", () => {
    const tree = normalizeWhere([
      {
        or: [
          { field: "a", value: 1 },
          { field: "b", value: 2 },
        ],
      },
      { field: "c", value: 3 },
    ]);
    const mapped = mapWhere(
      tree!,
      (f) => f.toUpperCase(),
      (f, v) => `${f}:${String(v)}`,
    );
    expect(mapped).toEqual({
      kind: "and",
      children: [{ kind: "or", children: [cond("A", "a:1"), cond("B", "b:2")] }, cond("C", "c:3")],
    });
  });

  it("andWhere combines two optional trees", () => {
    const a = cond("a", 1);
    const b = cond("b", 2);
    expect(andWhere(undefined, undefined)).toBeUndefined();
    expect(andWhere(a, undefined)).toBe(a);
    expect(andWhere(undefined, b)).toBe(b);
    expect(andWhere(a, b)).toEqual({ kind: "and", children: [a, b] });
  });

  it("escapeLike escapes %, _ and the backslash", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
    expect(escapeLike("plain")).toBe("plain");
  });
});
