import { describe, expect, it } from "vitest";
import type { TestBrowser } from "../../../src/testing";
import { type ErrorBody, PASSWORD, setup, uniqueEmail } from "./helpers";

interface Row {
  name: string;
  path: string;
  method: "GET" | "POST";
  input: (ctx: { targetId: string; targetToken: string }) => Record<string, unknown>;
  message: string;
}

/** Every admin endpoint guarded by a permission, with the refusal a plain user gets. */
const ROWS: Row[] = [
  {
    name: "create-user (user:create)",
    path: "/admin/create-user",
    method: "POST",
    input: () => ({ email: uniqueEmail("new"), password: PASSWORD, name: "New" }),
    message: "You are not allowed to create users",
  },
  {
    name: "list-users (user:list)",
    path: "/admin/list-users",
    method: "GET",
    input: () => ({}),
    message: "You are not allowed to list users",
  },
  {
    name: "get-user (user:get)",
    path: "/admin/get-user",
    method: "GET",
    input: ({ targetId }) => ({ id: targetId }),
    message: "You are not allowed to get user",
  },
  {
    name: "set-role (user:set-role)",
    path: "/admin/set-role",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId, role: "user" }),
    message: "You are not allowed to change users role",
  },
  {
    name: "set-user-password (user:set-password)",
    path: "/admin/set-user-password",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId, newPassword: "another-password-1" }),
    message: "You are not allowed to set users password",
  },
  {
    name: "update-user (user:update)",
    path: "/admin/update-user",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId, data: { name: "Renamed" } }),
    message: "You are not allowed to update users",
  },
  {
    name: "remove-user (user:delete)",
    path: "/admin/remove-user",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId }),
    message: "You are not allowed to delete users",
  },
  {
    name: "ban-user (user:ban)",
    path: "/admin/ban-user",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId }),
    message: "You are not allowed to ban users",
  },
  {
    name: "unban-user (user:ban)",
    path: "/admin/unban-user",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId }),
    message: "You are not allowed to ban users",
  },
  {
    name: "impersonate-user (user:impersonate)",
    path: "/admin/impersonate-user",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId }),
    message: "You are not allowed to impersonate users",
  },
  {
    name: "list-user-sessions (session:list)",
    path: "/admin/list-user-sessions",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId }),
    message: "You are not allowed to list users sessions",
  },
  {
    name: "revoke-user-session (session:revoke)",
    path: "/admin/revoke-user-session",
    method: "POST",
    input: ({ targetToken }) => ({ sessionToken: targetToken }),
    message: "You are not allowed to revoke users sessions",
  },
  {
    name: "revoke-user-sessions (session:revoke)",
    path: "/admin/revoke-user-sessions",
    method: "POST",
    input: ({ targetId }) => ({ userId: targetId }),
    message: "You are not allowed to revoke users sessions",
  },
];

function call(b: TestBrowser, row: Row, input: Record<string, unknown>) {
  return row.method === "GET"
    ? b.get<ErrorBody>(row.path, { query: input as Record<string, string> })
    : b.post<ErrorBody>(row.path, input);
}

async function world(options?: Parameters<typeof setup>[0]) {
  const t = setup(options);
  const target = await t.signUpAs("user");
  const targetToken = (await t.sessionOf(target.browser))!.session.token;
  return { ...t, ctx: { targetId: target.user.id, targetToken } };
}

describe("admin permission matrix (spec section 6)", () => {
  it.each(ROWS)("$name: allowed for an admin", async (row) => {
    const { signUpAs, ctx } = await world();
    const { browser } = await signUpAs("admin");
    const res = await call(browser, row, row.input(ctx));
    expect(res.status, JSON.stringify(res.data)).toBe(200);
  });

  it.each(ROWS)("$name: refused for a user with 403 and its own message", async (row) => {
    const { signUpAs, ctx, findUser } = await world();
    const { browser } = await signUpAs("user");
    const res = await call(browser, row, row.input(ctx));
    expect(res.status).toBe(403);
    expect(res.data).toEqual({
      message: row.message,
      code: row.message.toUpperCase().replace(/[^A-Z0-9]+/g, "_"),
    });
    expect(await findUser(ctx.targetId)).toMatchObject({ name: "Test User", role: "user", banned: false });
  });

  it.each(ROWS)("$name: a listed adminUserId passes whatever its role", async (row) => {
    const { signUpWithId, ctx } = await world({ adminUserIds: ["root-operator"] });
    const { browser } = await signUpWithId("root-operator", "user");
    const res = await call(browser, row, row.input(ctx));
    expect(res.status, JSON.stringify(res.data)).toBe(200);
  });

  it.each(ROWS)("$name: 401 without a session", async (row) => {
    const { browser, ctx } = await world();
    const res = await call(browser(), row, row.input(ctx));
    expect(res.status).toBe(401);
  });

  it("checks the role stored now, not a cached copy: a demoted admin is refused at once", async () => {
    const t = setup(undefined, { session: { cookieCache: { enabled: true } } });
    const adminUser = await t.signUpAs("admin");
    await adminUser.browser.get("/get-session"); // fills the cookie cache with role admin
    expect((await adminUser.browser.get("/admin/list-users")).status).toBe(200);
    await t.setRole(adminUser.user.id, "user");
    expect((await adminUser.browser.get("/admin/list-users")).status).toBe(403);
  });
});
