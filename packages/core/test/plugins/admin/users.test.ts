import { describe, expect, it } from "vitest";
import { admin, createAccessControl } from "../../../src/plugins/admin";
import { username } from "../../../src/plugins/username";
import { createTestAuth } from "../../../src/testing";
import { type AdminUser, type ErrorBody, fastPasswords, PASSWORD, setup, uniqueEmail } from "./helpers";

describe("admin: create-user", () => {
  it("creates a user with a password (default role user) who can then sign in", async () => {
    const { signUpAs, browser } = setup();
    const { browser: a } = await signUpAs("admin");
    const email = uniqueEmail("created");
    const res = await a.post<{ user: AdminUser }>("/admin/create-user", {
      email: email.toUpperCase(),
      password: PASSWORD,
      name: "Created",
    });
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({ email, name: "Created", role: "user", banned: false });
    expect((await browser().post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
  });

  it("sets roles (a name or a list, stored comma-joined) and extra data; no password means no credential", async () => {
    const { signUpAs, browser, auth } = setup();
    const { browser: a } = await signUpAs("admin");
    const email = uniqueEmail();
    const res = await a.post<{ user: AdminUser & { emailVerified: boolean } }>("/admin/create-user", {
      email,
      name: "Multi",
      role: ["admin", "user"],
      data: { emailVerified: true, image: "https://example.com/a.png" },
    });
    expect(res.data.user).toMatchObject({
      role: "admin,user",
      emailVerified: true,
      image: "https://example.com/a.png",
    });
    const accounts = await auth.$context.core.users.listAccounts(res.data.user.id);
    expect(accounts).toHaveLength(0);
    const signIn = await browser().post<ErrorBody>("/sign-in/email", { email, password: PASSWORD });
    expect(signIn.status).toBe(401);
  });

  it("errors: invalid email, existing email, short password, bad role type, unknown role, bad data", async () => {
    const { signUpAs } = setup();
    const admin1 = await signUpAs("admin");
    const a = admin1.browser;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: "not-an-email", password: PASSWORD, name: "X" }, 400, "Invalid email"],
      [
        { email: admin1.email, password: PASSWORD, name: "X" },
        400,
        "User already exists. Use another email.",
      ],
      [{ email: uniqueEmail(), password: "short", name: "X" }, 400, "Password too short"],
      [{ email: uniqueEmail(), name: "X", role: [] }, 400, "Invalid role type"],
      [
        { email: uniqueEmail(), name: "X", role: "owner" },
        400,
        "You are not allowed to set a non-existent role value",
      ],
      [{ email: uniqueEmail(), name: "X", data: { banned: "yes" } }, 400, "Invalid body parameters"],
      [{ email: uniqueEmail(), password: PASSWORD }, 400, "Invalid body parameters"],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.post<ErrorBody>("/admin/create-user", body);
      expect(res.status, message).toBe(status);
      expect(res.data.message).toBe(message);
    }
  });

  it("a role or ban fields need user:set-role / user:ban on top of user:create", async () => {
    const ac = createAccessControl({ user: ["create"] } as const);
    const { signUp, auth } = createTestAuth({
      plugins: [admin({ roles: { creator: ac.newRole({ user: ["create"] }), user: ac.newRole({}) } })],
      emailAndPassword: { enabled: true, password: fastPasswords },
    });
    const { browser, user } = await signUp();
    await auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: user.id }],
      update: { role: "creator" },
    });
    const base = { password: PASSWORD, name: "X" };
    expect((await browser.post("/admin/create-user", { ...base, email: uniqueEmail() })).status).toBe(200);
    const withRole = await browser.post<ErrorBody>("/admin/create-user", {
      ...base,
      email: uniqueEmail(),
      role: "user",
    });
    expect(withRole.status).toBe(403);
    expect(withRole.data.message).toBe("You are not allowed to change users role");
    const withBan = await browser.post<ErrorBody>("/admin/create-user", {
      ...base,
      email: uniqueEmail(),
      data: { banned: true },
    });
    expect(withBan.status).toBe(403);
    expect(withBan.data.message).toBe("You are not allowed to ban users");
  });

  it("trusted server calls need no session", async () => {
    const { auth } = setup();
    const email = uniqueEmail();
    const res = await auth.api.createUser({
      body: { email, password: PASSWORD, name: "Seeded", role: "admin" },
    });
    expect(res.user).toMatchObject({ email, role: "admin" });
  });

  it("with the username plugin, a username in data passes its rules (stored lower case, 400/422)", async () => {
    const { signUpAs } = setup(undefined, { plugins: [username()] });
    const { browser: a } = await signUpAs("admin");
    const ok = await a.post<{ user: AdminUser & { username: string; displayUsername: string } }>(
      "/admin/create-user",
      {
        email: uniqueEmail(),
        name: "U",
        data: { username: "Staff.One" },
      },
    );
    expect(ok.data.user).toMatchObject({ username: "staff.one", displayUsername: "Staff.One" });
    const short = await a.post<ErrorBody>("/admin/create-user", {
      email: uniqueEmail(),
      name: "U",
      data: { username: "s" },
    });
    expect([short.status, short.data.message]).toEqual([400, "Username is too short"]);
    const taken = await a.post<ErrorBody>("/admin/create-user", {
      email: uniqueEmail(),
      name: "U",
      data: { username: "STAFF.ONE" },
    });
    expect([taken.status, taken.data.message]).toEqual([
      422,
      "Username is already taken. Please try another.",
    ]);
  });
});

describe("admin: get-user, set-role, set-user-password, remove-user", () => {
  it("get-user returns the user; an unknown id is 404 User not found", async () => {
    const { signUpAs } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const res = await a.get<AdminUser>("/admin/get-user", { query: { id: target.user.id } });
    expect(res.data).toMatchObject({ id: target.user.id, email: target.email, role: "user" });
    const missing = await a.get<ErrorBody>("/admin/get-user", { query: { id: "nope" } });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
    expect((await a.get<ErrorBody>("/admin/get-user")).data.message).toBe("Invalid query parameters");
  });

  it("set-role promotes a user, who then passes admin checks; unknown role 400, unknown user 404", async () => {
    const { signUpAs } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    expect((await target.browser.get("/admin/list-users")).status).toBe(403);
    const res = await a.post<{ user: AdminUser }>("/admin/set-role", {
      userId: target.user.id,
      role: ["admin"],
    });
    expect(res.data.user.role).toBe("admin");
    expect((await target.browser.get("/admin/list-users")).status).toBe(200);
    const bad = await a.post<ErrorBody>("/admin/set-role", { userId: target.user.id, role: "superuser" });
    expect([bad.status, bad.data.message]).toEqual([
      400,
      "You are not allowed to set a non-existent role value",
    ]);
    const missing = await a.post<ErrorBody>("/admin/set-role", { userId: "nope", role: "user" });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
  });

  it("set-user-password replaces the password, or creates a credential account; length rules apply", async () => {
    const { signUpAs, browser, auth } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    expect(
      (await a.post("/admin/set-user-password", { userId: target.user.id, newPassword: "brand-new-pass" }))
        .data,
    ).toEqual({
      status: true,
    });
    expect((await browser().post("/sign-in/email", { email: target.email, password: PASSWORD })).status).toBe(
      401,
    );
    expect(
      (await browser().post("/sign-in/email", { email: target.email, password: "brand-new-pass" })).status,
    ).toBe(200);
    const created = await auth.api.createUser({ body: { email: uniqueEmail(), name: "NoPass" } });
    await a.post("/admin/set-user-password", { userId: created.user.id, newPassword: "first-password" });
    expect(await auth.$context.core.users.findCredentialAccount(created.user.id)).not.toBeNull();
    const short = await a.post<ErrorBody>("/admin/set-user-password", {
      userId: target.user.id,
      newPassword: "x",
    });
    expect([short.status, short.data.message]).toEqual([400, "Password too short"]);
    const empty = await a.post<ErrorBody>("/admin/set-user-password", {
      userId: target.user.id,
      newPassword: "",
    });
    expect([empty.status, empty.data.message]).toEqual([400, "Invalid body parameters"]);
    const missing = await a.post<ErrorBody>("/admin/set-user-password", {
      userId: "nope",
      newPassword: "long-enough-1",
    });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
  });

  it("remove-user deletes the user, their sessions and accounts; yourself 400; unknown 404", async () => {
    const { signUpAs, auth, sessionOf, findUser } = setup();
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    const res = await adminUser.browser.post("/admin/remove-user", { userId: target.user.id });
    expect(res.data).toEqual({ success: true });
    expect(await findUser(target.user.id)).toBeNull();
    expect(await sessionOf(target.browser)).toBeNull();
    expect(await auth.$context.core.users.listAccounts(target.user.id)).toHaveLength(0);
    const self = await adminUser.browser.post<ErrorBody>("/admin/remove-user", { userId: adminUser.user.id });
    expect([self.status, self.data.message]).toEqual([400, "You cannot remove yourself"]);
    const missing = await adminUser.browser.post<ErrorBody>("/admin/remove-user", { userId: "nope" });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
  });
});
