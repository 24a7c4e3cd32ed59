import { describe, expect, it } from "vitest";
import { createRequestContext } from "../../../src/kernel/request-context";
import { username } from "../../../src/plugins/username";
import { type AdminUser, type ErrorBody, PASSWORD, setup } from "./helpers";

const DEFAULT_MESSAGE =
  "You have been banned from this application. Please contact support if you believe this is an error.";

describe("admin: ban-user and unban-user", () => {
  it("bans (reason defaults to No reason, no expiry), revokes every session, refuses sign-in with 403", async () => {
    const { signUpAs, browser, sessionOf, auth } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const second = browser();
    await second.post("/sign-in/email", { email: target.email, password: PASSWORD });
    const res = await a.post<{ user: AdminUser }>("/admin/ban-user", { userId: target.user.id });
    expect(res.data.user).toMatchObject({ banned: true, banReason: "No reason", banExpires: null });
    expect(await sessionOf(target.browser)).toBeNull();
    expect(await sessionOf(second)).toBeNull();
    expect(await auth.$context.core.sessions.store.listByUser(target.user.id)).toHaveLength(0);
    const signIn = await browser().post<ErrorBody>("/sign-in/email", {
      email: target.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.data).toEqual({ message: DEFAULT_MESSAGE, code: "BANNED_USER" });
    expect(signIn.setCookies.size).toBe(0);
  });

  it("a wrong password still answers 401 for a banned user (the ban check follows the password check)", async () => {
    const { signUpAs, browser } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    await a.post("/admin/ban-user", { userId: target.user.id });
    const res = await browser().post("/sign-in/email", { email: target.email, password: "wrong-password-1" });
    expect(res.status).toBe(401);
  });

  it("covers every sign-in path: username sign-in and any session creation are refused too", async () => {
    const { signUpAs, browser, auth } = setup({ bannedUserMessage: "Go away" }, { plugins: [username()] });
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user", { username: "banned_one" });
    await a.post("/admin/ban-user", { userId: target.user.id, banReason: "abuse" });
    const viaUsername = await browser().post<ErrorBody>("/sign-in/username", {
      username: "banned_one",
      password: PASSWORD,
    });
    expect([viaUsername.status, viaUsername.data.message, viaUsername.data.code]).toEqual([
      403,
      "Go away",
      "BANNED_USER",
    ]);
    const user = await auth.$context.core.users.findById(target.user.id);
    if (!user) throw new Error("target user missing");
    const rc = createRequestContext(auth.$context, { isServerCall: true });
    await expect(auth.$context.core.sessions.create(rc, user)).rejects.toMatchObject({
      body: { code: "BANNED_USER" },
    });
  });

  it("an expired ban lifts itself at the next sign-in (clock from advanced.now)", async () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const { signUpAs, browser, findUser } = setup(undefined, { advanced: { now: () => new Date(now) } });
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const res = await a.post<{ user: AdminUser }>("/admin/ban-user", {
      userId: target.user.id,
      banReason: "cool off",
      banExpiresIn: 3600,
    });
    expect(res.data.user).toMatchObject({ banReason: "cool off", banExpires: "2030-01-01T01:00:00.000Z" });
    now += 3599_000;
    expect((await browser().post("/sign-in/email", { email: target.email, password: PASSWORD })).status).toBe(
      403,
    );
    now += 2_000;
    expect((await browser().post("/sign-in/email", { email: target.email, password: PASSWORD })).status).toBe(
      200,
    );
    expect(await findUser(target.user.id)).toMatchObject({
      banned: false,
      banReason: null,
      banExpires: null,
    });
  });

  it("uses defaultBanReason and defaultBanExpiresIn when the request gives none", async () => {
    const now = Date.parse("2030-06-01T00:00:00Z");
    const { signUpAs } = setup(
      { defaultBanReason: "Terms violation", defaultBanExpiresIn: 86_400 },
      { advanced: { now: () => new Date(now) } },
    );
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const res = await a.post<{ user: AdminUser }>("/admin/ban-user", { userId: target.user.id });
    expect(res.data.user).toMatchObject({
      banReason: "Terms violation",
      banExpires: "2030-06-02T00:00:00.000Z",
    });
  });

  it("errors: banning yourself 400, an unknown user 404, a bad expiry 400", async () => {
    const { signUpAs } = setup();
    const adminUser = await signUpAs("admin");
    const self = await adminUser.browser.post<ErrorBody>("/admin/ban-user", { userId: adminUser.user.id });
    expect([self.status, self.data.message, self.data.code]).toEqual([
      400,
      "You cannot ban yourself",
      "YOU_CANNOT_BAN_YOURSELF",
    ]);
    const missing = await adminUser.browser.post<ErrorBody>("/admin/ban-user", { userId: "nope" });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
    const bad = await adminUser.browser.post<ErrorBody>("/admin/ban-user", {
      userId: "nope",
      banExpiresIn: "soon",
    });
    expect([bad.status, bad.data.message]).toEqual([400, "Invalid body parameters"]);
  });

  it("unban-user lets the user sign in again; an unknown user is 404", async () => {
    const { signUpAs, browser } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    await a.post("/admin/ban-user", { userId: target.user.id });
    const res = await a.post<{ user: AdminUser }>("/admin/unban-user", { userId: target.user.id });
    expect(res.data.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect((await browser().post("/sign-in/email", { email: target.email, password: PASSWORD })).status).toBe(
      200,
    );
    const missing = await a.post<ErrorBody>("/admin/unban-user", { userId: "nope" });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
  });

  it("sign-up cannot set ban or role fields (input: false)", async () => {
    const { browser, findUser } = setup();
    const res = await browser().post<{ user: AdminUser }>("/sign-up/email", {
      name: "Sneaky",
      email: "sneaky@example.com",
      password: PASSWORD,
      role: "admin",
      banned: true,
    });
    expect(res.status).toBe(200);
    expect(await findUser(res.data.user.id)).toMatchObject({ role: "user", banned: false });
  });
});
