import { describe, expect, it } from "vitest";
import { admin, createAccessControl } from "../../../src/plugins/admin";
import { createTestAuth } from "../../../src/testing";
import { type ErrorBody, fastPasswords, setup } from "./helpers";

type Result = { error: string | null; success: boolean };

/** Spec section 6, the Admin table (plus user:update, get and set-email, where the spec is silent). */
const TABLE: [string, string][] = [
  ...[
    "create",
    "list",
    "set-role",
    "ban",
    "impersonate",
    "delete",
    "set-password",
    "update",
    "get",
    "set-email",
  ].map((a): [string, string] => ["user", a]),
  ...["list", "revoke", "delete"].map((a): [string, string] => ["session", a]),
];

describe("admin has-permission and access control", () => {
  it.each(TABLE)("%s:%s is granted to admin and refused to user", async (resource, action) => {
    const { signUpAs } = setup();
    const adminUser = await signUpAs("admin");
    const plain = await signUpAs("user");
    const body = { permissions: { [resource]: [action] } };
    expect((await adminUser.browser.post<Result>("/admin/has-permission", body)).data).toEqual({
      error: null,
      success: true,
    });
    expect((await plain.browser.post<Result>("/admin/has-permission", body)).data).toEqual({
      error: `unauthorized to access resource ${resource}`,
      success: false,
    });
  });

  it("admins cannot impersonate admins by default: user:impersonate-admins is not granted", async () => {
    const { signUpAs } = setup();
    const { browser } = await signUpAs("admin");
    const res = await browser.post<Result>("/admin/has-permission", {
      permissions: { user: ["impersonate-admins"] },
    });
    expect(res.data.success).toBe(false);
  });

  it("access-control messages: unknown resource, AND over resources, OR connector, invalid request", async () => {
    const { signUpAs } = setup();
    const { browser } = await signUpAs("admin");
    const check = (permissions: unknown) =>
      browser.post<Result & ErrorBody>("/admin/has-permission", { permissions });
    expect((await check({ billing: ["read"] })).data).toEqual({
      error: "You are not allowed to access resource: billing",
      success: false,
    });
    expect((await check({ user: ["list"], session: ["list", "fly"] })).data).toEqual({
      error: "unauthorized to access resource session",
      success: false,
    });
    expect((await check({ session: { actions: ["fly", "list"], connector: "OR" } })).data.success).toBe(true);
    expect((await check({})).data).toEqual({ error: "Not authorized", success: false });
    const invalid = await check({ user: "list" });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      message: "Invalid access control request",
      code: "INVALID_ACCESS_CONTROL_REQUEST",
    });
  });

  it("errors: no permissions 400, no session over HTTP 401", async () => {
    const { signUpAs, browser } = setup();
    const { browser: b } = await signUpAs("user");
    const none = await b.post<ErrorBody>("/admin/has-permission", {});
    expect(none.status).toBe(400);
    expect(none.data.message).toBe("invalid permission check. no permission(s) were passed.");
    const anonymous = await browser().post("/admin/has-permission", { permissions: { user: ["list"] } });
    expect(anonymous.status).toBe(401);
  });

  it("server calls check a role or a user id; both missing or an unknown user are 400", async () => {
    const { auth, signUpAs } = setup();
    const target = await signUpAs("admin");
    const api = auth.api.userHasPermission;
    expect(await api({ body: { role: "admin", permissions: { user: ["ban"] } } })).toEqual({
      error: null,
      success: true,
    });
    expect((await api({ body: { role: "user", permissions: { user: ["ban"] } } })).success).toBe(false);
    expect((await api({ body: { userId: target.user.id, permissions: { user: ["ban"] } } })).success).toBe(
      true,
    );
    await expect(api({ body: { permissions: { user: ["ban"] } } })).rejects.toMatchObject({
      body: { message: "user id or role is required" },
    });
    await expect(api({ body: { userId: "nobody", permissions: { user: ["ban"] } } })).rejects.toMatchObject({
      body: { message: "user not found" },
    });
    const service = auth.$context.services.admin as { hasPermission(s: object, p: object): boolean };
    expect(service.hasPermission({ role: "user,admin" }, { session: ["revoke"] })).toBe(true);
  });

  it("custom roles: statements from createAccessControl, several roles per user, any role may grant", async () => {
    const ac = createAccessControl({ user: ["list", "ban", "get"], session: ["list"] } as const);
    const support = ac.newRole({ user: ["list", "get"], session: ["list"] });
    const moderator = ac.newRole({ user: ["ban"] });
    const member = ac.newRole({});
    const { signUp, auth } = createTestAuth({
      plugins: [
        admin({ roles: { support, moderator, member }, defaultRole: "member", adminRoles: ["support"] }),
      ],
      emailAndPassword: { enabled: true, password: fastPasswords },
    });
    const { browser, user } = await signUp();
    expect(
      (
        await auth.$context.adapter.findOne<{ role: string }>({
          model: "user",
          where: [{ field: "id", value: user.id }],
        })
      )?.role,
    ).toBe("member");
    expect((await browser.get("/admin/list-users")).status).toBe(403);
    await auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: user.id }],
      update: { role: "support,moderator" },
    });
    expect((await browser.get("/admin/list-users")).status).toBe(200);
    const both = await browser.post<Result>("/admin/has-permission", {
      permissions: { user: ["ban", "list"] },
    });
    expect(both.data.success).toBe(false); // no single role holds both
    expect(
      (await browser.post<Result>("/admin/has-permission", { permissions: { user: ["ban"] } })).data.success,
    ).toBe(true);
    const unknownRole = await browser.post<ErrorBody>("/admin/set-role", { userId: user.id, role: "admin" });
    expect(unknownRole.status).toBe(403); // support has no user:set-role
  });

  it("a default role that no role defines fails at init", () => {
    expect(() => admin({ defaultRole: "guest" })).toThrow(/defaultRole "guest"/);
  });
});
