import { describe, expect, it } from "vitest";
import { admin, createAccessControl } from "../../../src/plugins/admin";
import { username } from "../../../src/plugins/username";
import { createTestAuth } from "../../../src/testing";
import { type AdminUser, type ErrorBody, fastPasswords, setup, uniqueEmail } from "./helpers";

describe("admin: update-user", () => {
  it("updates fields a client cannot set (role, emailVerified) and returns the user unwrapped", async () => {
    const { signUpAs, findUser } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const res = await a.post<AdminUser & { emailVerified: boolean }>("/admin/update-user", {
      userId: target.user.id,
      data: { name: "Renamed", role: ["admin"], emailVerified: true },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      id: target.user.id,
      name: "Renamed",
      role: "admin",
      emailVerified: true,
    });
    expect(await findUser(target.user.id)).toMatchObject({ name: "Renamed", role: "admin" });
  });

  it("changes the email (lower case); invalid 400, taken 400 User already exists. Use another email.", async () => {
    const { signUpAs } = setup();
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    const email = uniqueEmail("moved");
    const ok = await adminUser.browser.post<AdminUser>("/admin/update-user", {
      userId: target.user.id,
      data: { email: email.toUpperCase() },
    });
    expect(ok.data.email).toBe(email);
    const invalid = await adminUser.browser.post<ErrorBody>("/admin/update-user", {
      userId: target.user.id,
      data: { email: "nope" },
    });
    expect([invalid.status, invalid.data.message]).toEqual([400, "Invalid email"]);
    const taken = await adminUser.browser.post<ErrorBody>("/admin/update-user", {
      userId: target.user.id,
      data: { email: adminUser.email },
    });
    expect([taken.status, taken.data.message]).toEqual([400, "User already exists. Use another email."]);
  });

  it("errors: no data, a password, only unknown keys, bad types, unknown user, unknown role", async () => {
    const { signUpAs } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const cases: [unknown, number, string][] = [
      [{}, 400, "No data to update"],
      [
        { password: "new-password-1" },
        400,
        "Password cannot be updated through update-user. Use the set-user-password endpoint instead",
      ],
      [{ favouriteColour: "blue" }, 400, "No data to update"],
      [{ name: 42 }, 400, "Invalid body parameters"],
      [{ role: "wizard" }, 400, "You are not allowed to set a non-existent role value"],
    ];
    for (const [data, status, message] of cases) {
      const res = await a.post<ErrorBody>("/admin/update-user", { userId: target.user.id, data });
      expect(res.status, message).toBe(status);
      expect(res.data.message).toBe(message);
    }
    const missing = await a.post<ErrorBody>("/admin/update-user", { userId: "nope", data: { name: "X" } });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
  });

  it("banned: true revokes the target's sessions; banning yourself is 400", async () => {
    const { signUpAs, sessionOf } = setup();
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    const res = await adminUser.browser.post<AdminUser>("/admin/update-user", {
      userId: target.user.id,
      data: { banned: true, banReason: "spam" },
    });
    expect(res.data).toMatchObject({ banned: true, banReason: "spam" });
    expect(await sessionOf(target.browser)).toBeNull();
    const self = await adminUser.browser.post<ErrorBody>("/admin/update-user", {
      userId: adminUser.user.id,
      data: { banned: true },
    });
    expect([self.status, self.data.message]).toEqual([400, "You cannot ban yourself"]);
  });

  it("role, ban and email fields each need their own permission besides user:update", async () => {
    const ac = createAccessControl({ user: ["update"] } as const);
    const { signUp, auth } = createTestAuth({
      plugins: [admin({ roles: { editor: ac.newRole({ user: ["update"] }), user: ac.newRole({}) } })],
      emailAndPassword: { enabled: true, password: fastPasswords },
    });
    const editor = await signUp();
    const target = await signUp();
    await auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: editor.user.id }],
      update: { role: "editor" },
    });
    const post = (data: Record<string, unknown>) =>
      editor.browser.post<ErrorBody>("/admin/update-user", { userId: target.user.id, data });
    expect((await post({ name: "Edited" })).status).toBe(200);
    expect((await post({ role: "user" })).data.message).toBe("You are not allowed to change users role");
    expect((await post({ banExpires: new Date().toISOString() })).data.message).toBe(
      "You are not allowed to ban users",
    );
    expect((await post({ email: uniqueEmail() })).data.message).toBe(
      "You are not allowed to update users email",
    );
    expect((await post({ emailVerified: true })).status).toBe(403);
  });

  it("with the username plugin, a username goes through its rules", async () => {
    const { signUpAs } = setup(undefined, { plugins: [username()] });
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    await signUpAs("user", { username: "other_one" });
    const ok = await a.post<AdminUser & { username: string }>("/admin/update-user", {
      userId: target.user.id,
      data: { username: "Target.User" },
    });
    expect(ok.data.username).toBe("target.user");
    const invalid = await a.post<ErrorBody>("/admin/update-user", {
      userId: target.user.id,
      data: { username: "a b" },
    });
    expect([invalid.status, invalid.data.message]).toEqual([400, "Username is invalid"]);
    const taken = await a.post<ErrorBody>("/admin/update-user", {
      userId: target.user.id,
      data: { username: "Other_One" },
    });
    expect([taken.status, taken.data.message]).toEqual([
      422,
      "Username is already taken. Please try another.",
    ]);
  });
});
