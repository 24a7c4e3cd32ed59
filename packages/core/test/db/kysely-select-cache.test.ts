import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSelect } from "../../src/adapters/kysely/select-cache";
import { selectSql } from "../../src/adapters/kysely/select-sql";
import type { DynamicDatabase } from "../../src/adapters/kysely/types";
import type { DriverFindArgs } from "../../src/db/adapter";

// The statement cache must answer exactly as building every statement with Kysely does: each shape
// runs twice with different values (the second from the cached text), against the uncached result.
const db = new Kysely<DynamicDatabase>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
const owner = {};

beforeAll(async () => {
  await sql`CREATE TABLE item (id TEXT PRIMARY KEY, name TEXT, rank INTEGER, tag TEXT, ownerId TEXT)`.execute(
    db,
  );
  await sql`CREATE TABLE person (id TEXT PRIMARY KEY, email TEXT)`.execute(db);
  for (let i = 0; i < 12; i++) {
    await sql`INSERT INTO item VALUES (${`i${i}`}, ${`Name_${i}%`}, ${i}, ${i % 3 === 0 ? null : `t${i % 3}`}, ${`p${i % 4}`})`.execute(
      db,
    );
  }
  for (let i = 0; i < 3; i++)
    await sql`INSERT INTO person VALUES (${`p${i}`}, ${`p${i}@x.test`})`.execute(db);
});
afterAll(() => db.destroy());

const cond = (field: string, operator: string, value: unknown) =>
  ({ kind: "condition", field, operator, value }) as never;

const shapes: ReadonlyArray<readonly [string, (n: number) => DriverFindArgs]> = [
  ["eq", (n) => ({ table: "item", where: cond("id", "eq", `i${n}`) })],
  [
    "eq null and ne",
    (n) => ({
      table: "item",
      where: { kind: "and", children: [cond("tag", "eq", null), cond("id", "ne", `i${n * 3}`)] },
    }),
  ],
  [
    "ne null, or",
    (n) => ({
      table: "item",
      where: { kind: "or", children: [cond("tag", "ne", null), cond("rank", "gt", 8 + n)] },
    }),
  ],
  [
    "in, sort, limit, offset",
    (n) => ({
      table: "item",
      where: cond("id", "in", [`i${n}`, `i${n + 1}`, `i${n + 2}`]),
      sortBy: [{ column: "rank", direction: "desc" }],
      limit: 2,
      offset: n % 2,
    }),
  ],
  [
    "not_in, empty in",
    (n) => ({
      table: "item",
      where: { kind: "and", children: [cond("id", "not_in", [`i${n}`]), cond("id", "in", [])] },
    }),
  ],
  [
    "like",
    (n) => ({
      table: "item",
      where: {
        kind: "or",
        children: [
          cond("name", "contains", `_${n}%`),
          cond("name", "starts_with", "Name_1"),
          cond("name", "ends_with", `${n + 1}%`),
        ],
      },
    }),
  ],
  [
    "columns, offset only",
    (n) => ({
      table: "item",
      columns: ["id", "rank"],
      where: cond("rank", "lte", n + 3),
      sortBy: [{ column: "rank", direction: "asc" }],
      offset: n,
    }),
  ],
  [
    "join with where",
    (n) => ({
      table: "item",
      where: cond("rank", "gte", n),
      joins: [
        {
          alias: "owner",
          table: "person",
          localColumn: "ownerId",
          foreignColumn: "id",
          columns: ["email"],
          where: cond("email", "ne", `p${n}@x.test`),
        },
      ],
      sortBy: [{ column: "id", direction: "asc" }],
    }),
  ],
  [
    "left join",
    (n) => ({
      table: "item",
      where: cond("rank", "lt", n + 5),
      joins: [
        {
          alias: "owner",
          table: "person",
          localColumn: "ownerId",
          foreignColumn: "id",
          columns: ["id", "email"],
        },
      ],
      sortBy: [{ column: "id", direction: "asc" }],
    }),
  ],
];

describe("kysely select statement cache", () => {
  for (const [name, make] of shapes) {
    it(`${name}: cached and uncached statements read the same rows`, async () => {
      for (const n of [1, 2, 0]) {
        const args = make(n);
        const expected = (await selectSql(args, "sqlite").execute(db)).rows;
        expect(await runSelect(db, owner, "sqlite", args)).toEqual(expected);
      }
    });
  }

  it("a list of another length is another statement", async () => {
    const one = await runSelect(db, owner, "sqlite", { table: "item", where: cond("id", "in", ["i1"]) });
    const two = await runSelect(db, owner, "sqlite", {
      table: "item",
      where: cond("id", "in", ["i1", "i2"]),
    });
    expect(one.map((r) => r.id)).toEqual(["i1"]);
    expect(two.map((r) => r.id).sort()).toEqual(["i1", "i2"]);
  });
});
