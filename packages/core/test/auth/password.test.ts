import { describe, expect, it } from "vitest";
import type { AuthOptions } from "../../src/kernel/options";
import { createTestAuth, type TestBrowser } from "../../src/testing";

interface ErrorBody {
  code: string;
  message: string;
}

interface SessionBody {
  session: { token: string };
  user: { id: string; email: string };
}

interface ChangeBody {
  token: string | null;
  user: { id: string; email: string } & Record<string, unknown>;
}

function setup(options: AuthOptions = {}) {
  const t = createTestAuth(options);
  const signIn = (b: TestBrowser, email: string, password: string) =>
    b.post("/sign-in/email", { email, password });
  /** Removes the user's credential account, as for a user who signed up with a social provider. */
  const dropCredential = async (userId: string) => {
    const users = t.auth.$context.core.users;
    const account = await users.findCredentialAccount(userId);
    await users.deleteAccount(account!.id);
  };
  return { ...t, signIn, dropCredential };
}

describe("POST /change-password", () => {
  it("needs a session (401)", async () => {
    const { browser } = setup();
    const res = await browser().post<ErrorBody>("/change-password", {
      currentPassword: "correct-horse-battery",
      newPassword: "brand-new-password",
    });
    expect(res.status).toBe(401);
    expect(res.data.code).toBe("UNAUTHORIZED");
  });

  it("changes the password and keeps the sessions: {token: null, user}", async () => {
    const t = setup();
    const { browser, email, password, user } = await t.signUp();
    const other = t.browser();
    await t.signIn(other, email, password);
    const res = await browser.post<ChangeBody>("/change-password", {
      currentPassword: password,
      newPassword: "brand-new-password",
    });
    expect(res.status).toBe(200);
    expect(res.data.token).toBeNull();
    expect(res.data.user).toMatchObject({ id: user.id, email });
    expect(res.data.user).not.toHaveProperty("password");
    expect(res.setCookies.has("gatehouse.session_token")).toBe(false);
    expect((await t.signIn(t.browser(), email, password)).status).toBe(401);
    expect((await t.signIn(t.browser(), email, "brand-new-password")).status).toBe(200);
    expect((await other.get("/get-session")).data).not.toBeNull();
    expect((await browser.get("/get-session")).data).not.toBeNull();
  });

  it("with revokeOtherSessions: deletes every session and issues a new one", async () => {
    const t = setup();
    const { browser, email, password } = await t.signUp();
    const other = t.browser();
    await t.signIn(other, email, password);
    const before = (await browser.get<SessionBody>("/get-session")).data.session.token;

    const res = await browser.post<ChangeBody>("/change-password", {
      currentPassword: password,
      newPassword: "brand-new-password",
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect(typeof res.data.token).toBe("string");
    expect(res.data.token).not.toBe(before);
    expect(res.setCookies.get("gatehouse.session_token")?.value).toBeTruthy();

    expect((await other.get("/get-session")).data).toBeNull();
    const now = await browser.get<SessionBody>("/get-session");
    expect(now.data.session.token).toBe(res.data.token);
    const sessions = await t.auth.$context.core.sessions.store.listByUser(now.data.user.id);
    expect(sessions.map((s) => s.token)).toEqual([res.data.token]);
  });

  it("refuses a wrong current password (400 Invalid password)", async () => {
    const t = setup();
    const { browser, email, password } = await t.signUp();
    const res = await browser.post<ErrorBody>("/change-password", {
      currentPassword: "not-the-password",
      newPassword: "brand-new-password",
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: "Invalid password", code: "INVALID_PASSWORD" });
    expect((await t.signIn(t.browser(), email, password)).status).toBe(200);
    expect((await browser.get("/get-session")).data).not.toBeNull();
  });

  it("refuses when the user has no credential account", async () => {
    const t = setup();
    const { browser, password, user } = await t.signUp();
    await t.dropCredential(user.id);
    const res = await browser.post<ErrorBody>("/change-password", {
      currentPassword: password,
      newPassword: "brand-new-password",
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "Credential account not found",
      code: "CREDENTIAL_ACCOUNT_NOT_FOUND",
    });
  });

  it("checks the new password's length", async () => {
    const t = setup({ emailAndPassword: { minPasswordLength: 12, maxPasswordLength: 24 } });
    const { browser, email, password } = await t.signUp();
    const short = await browser.post<ErrorBody>("/change-password", {
      currentPassword: password,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(short.data.message).toBe("Password too short");
    const long = await browser.post<ErrorBody>("/change-password", {
      currentPassword: password,
      newPassword: "y".repeat(25),
    });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe("Password too long");
    expect((await t.signIn(t.browser(), email, password)).status).toBe(200);
  });

  it("validates the body", async () => {
    const t = setup();
    const { browser } = await t.signUp();
    const res = await browser.post<ErrorBody>("/change-password", { newPassword: "brand-new-password" });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Invalid body parameters");
  });

  it("refuses a cookie-bearing request from an untrusted origin (403)", async () => {
    const t = setup();
    const { browser, password } = await t.signUp();
    const res = await browser.post<ErrorBody>(
      "/change-password",
      { currentPassword: password, newPassword: "brand-new-password" },
      { headers: { origin: "https://evil.example.org" } },
    );
    expect(res.status).toBe(403);
    expect(res.data.message).toBe("Invalid origin");
  });
});

describe("POST /set-password (server only)", () => {
  it("is not routed over HTTP", async () => {
    const t = setup();
    const { browser, user } = await t.signUp();
    await t.dropCredential(user.id);
    const res = await browser.post("/set-password", { newPassword: "brand-new-password" });
    expect(res.status).toBe(404);
    expect(await t.auth.$context.core.users.findCredentialAccount(user.id)).toBeNull();
  });

  it("creates the credential account through auth.api.setPassword", async () => {
    const t = setup();
    const { browser, user, email } = await t.signUp();
    await t.dropCredential(user.id);
    const result = await t.auth.api.setPassword({
      body: { newPassword: "brand-new-password" },
      headers: browser.headers(),
    });
    expect(result).toEqual({ status: true });
    const account = await t.auth.$context.core.users.findCredentialAccount(user.id);
    expect(account).toMatchObject({ providerId: "credential", accountId: user.id, userId: user.id });
    expect((await t.signIn(t.browser(), email, "brand-new-password")).status).toBe(200);
  });

  it("refuses a user who already has a password", async () => {
    const t = setup();
    const { browser, email, password } = await t.signUp();
    await expect(
      t.auth.api.setPassword({ body: { newPassword: "brand-new-password" }, headers: browser.headers() }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { message: "user already has a password", code: "USER_ALREADY_HAS_A_PASSWORD" },
    });
    expect((await t.signIn(t.browser(), email, password)).status).toBe(200);
  });

  it("needs a session and a valid length", async () => {
    const t = setup();
    await expect(
      t.auth.api.setPassword({ body: { newPassword: "brand-new-password" } }),
    ).rejects.toMatchObject({
      statusCode: 401,
    });
    const { browser, user } = await t.signUp();
    await t.dropCredential(user.id);
    await expect(
      t.auth.api.setPassword({ body: { newPassword: "short" }, headers: browser.headers() }),
    ).rejects.toMatchObject({ statusCode: 400, body: { message: "Password too short" } });
    expect(await t.auth.$context.core.users.findCredentialAccount(user.id)).toBeNull();
  });
});
