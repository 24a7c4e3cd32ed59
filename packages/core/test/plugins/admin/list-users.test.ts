import { beforeAll, describe, expect, it } from "vitest";
import type { TestBrowser } from "../../../src/testing";
import { type AdminUser, type ErrorBody, setup } from "./helpers";

type ListBody = { users: AdminUser[]; total: number; limit?: number; offset?: number };

describe("admin: list-users", () => {
  let a: TestBrowser;
  let list: (query?: Record<string, string>) => Promise<ListBody>;

  beforeAll(async () => {
    const t = setup();
    a = (await t.signUpAs("admin", { email: "zed.admin@corp.test", name: "Zed Admin" })).browser;
    const people = [
      ["alice@example.com", "Alice Able"],
      ["bob@example.com", "Bob Baker"],
      ["carol@corp.test", "Carol Cole"],
      ["dave@corp.test", "Dave Dunn"],
      ["erin@example.org", "Erin Evans"],
    ];
    for (const [email, name] of people) await t.signUp({ email, name });
    const erin = await t.auth.$context.core.users.findByEmail("erin@example.org");
    await t.auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: erin!.id }],
      update: { banned: true },
    });
    list = async (query = {}) => (await a.get<ListBody>("/admin/list-users", { query })).data;
  });

  it("lists every user with the total", async () => {
    const res = await list();
    expect(res.total).toBe(6);
    expect(res.users).toHaveLength(6);
    expect(res.users[0]).toHaveProperty("role");
    expect(res.users[0]).not.toHaveProperty("password");
  });

  it("searches email by default with contains, case-insensitively", async () => {
    const res = await list({ searchValue: "CORP" });
    expect(res.users.map((u) => u.email).sort()).toEqual([
      "carol@corp.test",
      "dave@corp.test",
      "zed.admin@corp.test",
    ]);
    expect(res.total).toBe(3);
  });

  it("searches name with starts_with and ends_with", async () => {
    expect(
      (await list({ searchField: "name", searchOperator: "starts_with", searchValue: "b" })).users.map(
        (u) => u.name,
      ),
    ).toEqual(["Bob Baker"]);
    const ends = await list({ searchField: "name", searchOperator: "ends_with", searchValue: "n" });
    expect(ends.users.map((u) => u.name).sort()).toEqual(["Dave Dunn", "Zed Admin"]);
  });

  it("filters by a field with an operator, converting the query string to the field's type", async () => {
    expect((await list({ filterField: "role", filterValue: "admin" })).users.map((u) => u.email)).toEqual([
      "zed.admin@corp.test",
    ]);
    const banned = await list({ filterField: "banned", filterValue: "true" });
    expect(banned.users.map((u) => u.email)).toEqual(["erin@example.org"]);
    const notAdmin = await list({ filterField: "role", filterOperator: "ne", filterValue: "admin" });
    expect(notAdmin.total).toBe(5);
    const combined = await list({ searchValue: "example", filterField: "banned", filterValue: "false" });
    expect(combined.users.map((u) => u.email).sort()).toEqual(["alice@example.com", "bob@example.com"]);
  });

  it("sorts, pages with limit/offset, and keeps total as the count of all matches", async () => {
    const asc = await list({ sortBy: "email", limit: "2" });
    expect(asc.users.map((u) => u.email)).toEqual(["alice@example.com", "bob@example.com"]);
    expect([asc.total, asc.limit, asc.offset]).toEqual([6, 2, undefined]);
    const page = await list({ sortBy: "email", sortDirection: "desc", limit: "2", offset: "2" });
    expect(page.users.map((u) => u.email)).toEqual(["dave@corp.test", "carol@corp.test"]);
    expect([page.total, page.limit, page.offset]).toEqual([6, 2, 2]);
    const past = await list({ sortBy: "email", offset: "10" });
    expect([past.users.length, past.total]).toEqual([0, 6]);
  });

  it("refuses unknown fields and operators with 400 Invalid query parameters", async () => {
    const queries: Record<string, string>[] = [
      { sortBy: "password" },
      { filterField: "nope", filterValue: "x" },
      { searchField: "role", searchValue: "x" },
      { searchOperator: "regex", searchValue: "x" },
      { limit: "-1" },
    ];
    for (const query of queries) {
      const res = await a.get<ErrorBody>("/admin/list-users", { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.data.message).toBe("Invalid query parameters");
    }
  });
});
