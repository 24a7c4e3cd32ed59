import { describe, expect, it } from "vitest";
import type { AuthOptions } from "../../src/kernel/options";
import { createTestAuth, type TestBrowser } from "../../src/testing";

interface Mail {
  to: string;
  url: string;
  token: string;
}

interface ErrorBody {
  code: string;
  message: string;
}

const GENERIC = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};

function setup(options: AuthOptions = {}) {
  const mails: Mail[] = [];
  const pending: Promise<unknown>[] = [];
  const clock = { now: new Date() };
  const t = createTestAuth({
    ...options,
    emailAndPassword: {
      sendResetPassword: ({ user, url, token }) => {
        mails.push({ to: user.email, url, token });
      },
      ...options.emailAndPassword,
    },
    // Reset mails go out after the response: requests below wait for that work before returning.
    advanced: { now: () => clock.now, backgroundTasks: (task) => pending.push(task) },
  });
  const browser = (): TestBrowser => {
    const b = t.browser();
    const post = b.post;
    const settled = (async (...args: Parameters<typeof post>) => {
      const res = await post(...args);
      await Promise.all(pending.splice(0));
      return res;
    }) as typeof post;
    return Object.assign(b, { post: settled });
  };
  const advance = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };
  const signIn = (b: TestBrowser, email: string, password: string) =>
    b.post("/sign-in/email", { email, password });
  return { ...t, browser, mails, advance, signIn };
}

describe("POST /request-password-reset and /forget-password", () => {
  it("answers 400 when no reset sender is configured", async () => {
    const { browser, signUp } = createTestAuth();
    const { email } = await signUp();
    for (const path of ["/request-password-reset", "/forget-password"]) {
      const res = await browser().post<ErrorBody>(path, { email });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({
        message: "Reset password isn't enabled",
        code: "RESET_PASSWORD_ISN_T_ENABLED",
      });
    }
  });

  it("mails a 24-character token and a link with the encoded redirectTo", async () => {
    const { browser, signUp, mails } = setup();
    const { email } = await signUp({ email: "Reset@Example.com" });
    const res = await browser().post("/request-password-reset", {
      email: "RESET@example.com",
      redirectTo: "/reset?a=1",
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual(GENERIC);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe(email.toLowerCase());
    expect(mail!.token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(mail!.url).toBe(
      `http://localhost:3000/api/auth/reset-password/${mail!.token}?callbackURL=${encodeURIComponent("/reset?a=1")}`,
    );
  });

  it("defaults the link's callbackURL to /", async () => {
    const { browser, signUp, mails } = setup();
    const { email } = await signUp();
    await browser().post("/forget-password", { email });
    expect(mails[0]!.url.endsWith(`?callbackURL=${encodeURIComponent("/")}`)).toBe(true);
  });

  it("gives the same answer for an unknown email and sends nothing", async () => {
    const { browser, mails } = setup();
    for (const path of ["/request-password-reset", "/forget-password"]) {
      const res = await browser().post(path, { email: "nobody@example.com" });
      expect(res.status).toBe(200);
      expect(res.data).toEqual(GENERIC);
    }
    expect(mails).toHaveLength(0);
  });

  it("/forget-password is the same call", async () => {
    const { browser, signUp, mails } = setup();
    const { email } = await signUp();
    const res = await browser().post("/forget-password", { email, redirectTo: "/r" });
    expect(res.data).toEqual(GENERIC);
    expect(mails).toHaveLength(1);
  });

  it("validates the body and the redirectTo origin", async () => {
    const { browser, signUp, mails } = setup();
    const { email } = await signUp();
    const bad = await browser().post<ErrorBody>("/request-password-reset", { email: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe("Invalid body parameters");
    const evil = await browser().post<ErrorBody>("/request-password-reset", {
      email,
      redirectTo: "https://evil.example.org/reset",
    });
    expect(evil.status).toBe(403);
    expect(evil.data.message).toBe("Invalid callbackURL");
    expect(mails).toHaveLength(0);
  });
});

describe("GET /reset-password/:token", () => {
  it("redirects to the callbackURL with the token, without consuming it", async () => {
    const { browser, signUp, mails } = setup();
    const { email } = await signUp();
    await browser().post("/request-password-reset", { email, redirectTo: "/new-password" });
    const { token } = mails[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await browser().get(`/reset-password/${token}`, {
        query: { callbackURL: "/new-password" },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/new-password?token=${token}`);
    }
  });

  it("follows the mailed link as is", async () => {
    const { browser, signUp, mails } = setup();
    const { email } = await signUp();
    await browser().post("/request-password-reset", { email, redirectTo: "/new-password?step=1" });
    const link = new URL(mails[0]!.url);
    const res = await browser().get(link.pathname.replace("/api/auth", ""), {
      query: Object.fromEntries(link.searchParams),
    });
    expect(res.headers.get("location")).toBe(`/new-password?step=1&token=${mails[0]!.token}`);
  });

  it("redirects with error=INVALID_TOKEN for an unknown or expired token", async () => {
    const { browser, signUp, mails, advance } = setup();
    const unknown = await browser().get("/reset-password/unknown-token", { query: { callbackURL: "/np" } });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/np?error=INVALID_TOKEN");

    const { email } = await signUp();
    await browser().post("/request-password-reset", { email });
    advance(3601);
    const expired = await browser().get(`/reset-password/${mails[0]!.token}`, {
      query: { callbackURL: "/np" },
    });
    expect(expired.headers.get("location")).toBe("/np?error=INVALID_TOKEN");
  });

  it("requires a trusted callbackURL", async () => {
    const { browser } = setup();
    const missing = await browser().get<ErrorBody>("/reset-password/abc");
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("Invalid query parameters");
    const evil = await browser().get<ErrorBody>("/reset-password/abc", {
      query: { callbackURL: "https://evil.example.org" },
    });
    expect(evil.status).toBe(403);
    expect(evil.data.message).toBe("Invalid callbackURL");
  });
});

describe("POST /reset-password", () => {
  async function userWithToken(t: ReturnType<typeof setup>) {
    const signed = await t.signUp();
    await t.browser().post("/request-password-reset", { email: signed.email });
    return { ...signed, token: t.mails.at(-1)!.token };
  }

  it("sets the new password and consumes the token", async () => {
    const t = setup();
    const { email, password, token } = await userWithToken(t);
    const res = await t.browser().post("/reset-password", { newPassword: "brand-new-password", token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: true });
    expect((await t.signIn(t.browser(), email, password)).status).toBe(401);
    expect((await t.signIn(t.browser(), email, "brand-new-password")).status).toBe(200);

    const reused = await t
      .browser()
      .post<ErrorBody>("/reset-password", { newPassword: "another-password", token });
    expect(reused.status).toBe(400);
    expect(reused.data).toMatchObject({ message: "invalid token", code: "INVALID_TOKEN" });
    const link = await t.browser().get(`/reset-password/${token}`, { query: { callbackURL: "/np" } });
    expect(link.headers.get("location")).toBe("/np?error=INVALID_TOKEN");
  });

  it("accepts the token as a query parameter", async () => {
    const t = setup();
    const { email, token } = await userWithToken(t);
    const res = await t
      .browser()
      .post("/reset-password", { newPassword: "brand-new-password" }, { query: { token } });
    expect(res.status).toBe(200);
    expect((await t.signIn(t.browser(), email, "brand-new-password")).status).toBe(200);
  });

  it("refuses a missing, unknown or expired token", async () => {
    const t = setup();
    const { email, password, token } = await userWithToken(t);
    const missing = await t
      .browser()
      .post<ErrorBody>("/reset-password", { newPassword: "brand-new-password" });
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("invalid token");
    const unknown = await t
      .browser()
      .post<ErrorBody>("/reset-password", { newPassword: "brand-new-password", token: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe("invalid token");

    t.advance(3599);
    expect(
      (await t.browser().get(`/reset-password/${token}`, { query: { callbackURL: "/np" } })).headers.get(
        "location",
      ),
    ).toBe(`/np?token=${token}`);
    t.advance(2);
    const expired = await t
      .browser()
      .post<ErrorBody>("/reset-password", { newPassword: "brand-new-password", token });
    expect(expired.status).toBe(400);
    expect(expired.data.message).toBe("invalid token");
    expect((await t.signIn(t.browser(), email, password)).status).toBe(200);
  });

  it("honours resetPasswordTokenExpiresIn", async () => {
    const t = setup({ emailAndPassword: { resetPasswordTokenExpiresIn: 60 } });
    const { token } = await userWithToken(t);
    t.advance(61);
    const res = await t
      .browser()
      .post<ErrorBody>("/reset-password", { newPassword: "brand-new-password", token });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("invalid token");
  });

  it("checks the password length and keeps the token on failure", async () => {
    const t = setup({ emailAndPassword: { minPasswordLength: 10, maxPasswordLength: 30 } });
    const { token } = await userWithToken(t);
    const short = await t.browser().post<ErrorBody>("/reset-password", { newPassword: "short", token });
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({ message: "Password too short", code: "PASSWORD_TOO_SHORT" });
    const long = await t.browser().post<ErrorBody>("/reset-password", { newPassword: "x".repeat(31), token });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe("Password too long");
    const ok = await t.browser().post("/reset-password", { newPassword: "long-enough-pw", token });
    expect(ok.status).toBe(200);
  });

  it("rejects a body without newPassword", async () => {
    const t = setup();
    const { token } = await userWithToken(t);
    const res = await t.browser().post<ErrorBody>("/reset-password", { token });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Invalid body parameters");
  });

  it("two parallel resets with one token: exactly one succeeds", async () => {
    const t = setup();
    const { email, token } = await userWithToken(t);
    const results = await Promise.all(
      ["parallel-password-a", "parallel-password-b"].map((newPassword) =>
        t.browser().post<ErrorBody | { status: true }>("/reset-password", { newPassword, token }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect((loser.data as ErrorBody).message).toBe("invalid token");
    const winner = results.findIndex((r) => r.status === 200);
    const winning = ["parallel-password-a", "parallel-password-b"][winner]!;
    const losing = ["parallel-password-a", "parallel-password-b"][1 - winner]!;
    expect((await t.signIn(t.browser(), email, winning)).status).toBe(200);
    expect((await t.signIn(t.browser(), email, losing)).status).toBe(401);
  });

  it("keeps sessions by default and revokes them all with revokeSessionsOnPasswordReset", async () => {
    const keep = setup();
    const a = await userWithToken(keep);
    await keep.browser().post("/reset-password", { newPassword: "brand-new-password", token: a.token });
    expect((await a.browser.get("/get-session")).data).not.toBeNull();

    const revoke = setup({ emailAndPassword: { revokeSessionsOnPasswordReset: true } });
    const b = await userWithToken(revoke);
    const second = revoke.browser();
    expect((await revoke.signIn(second, b.email, b.password)).status).toBe(200);
    await revoke.browser().post("/reset-password", { newPassword: "brand-new-password", token: b.token });
    expect((await b.browser.get("/get-session")).data).toBeNull();
    expect((await second.get("/get-session")).data).toBeNull();
  });

  it("creates a credential account for a user without one", async () => {
    const t = setup();
    const { email, user, token } = await userWithToken(t);
    const ctx = t.auth.$context;
    const account = await ctx.core.users.findCredentialAccount(user.id);
    await ctx.core.users.deleteAccount(account!.id);
    expect((await t.signIn(t.browser(), email, "brand-new-password")).status).toBe(401);
    const res = await t.browser().post("/reset-password", { newPassword: "brand-new-password", token });
    expect(res.status).toBe(200);
    expect((await t.signIn(t.browser(), email, "brand-new-password")).status).toBe(200);
  });
});

describe("reset request timing", () => {
  it("answers an existing address without waiting for the token or the mail (same work as an unknown one)", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const tasks: Promise<unknown>[] = [];
    const t = createTestAuth({
      emailAndPassword: {
        sendResetPassword: async ({ user }) => {
          await gate;
          sent.push(user.email);
        },
      },
      advanced: { backgroundTasks: (task) => tasks.push(task) },
    });
    const { email } = await t.signUp();
    const known = await t.browser().post("/request-password-reset", { email });
    const unknown = await t.browser().post("/request-password-reset", { email: "nobody@example.com" });
    // Both answered while the mailer is still blocked: the response never waits for it.
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.data).toEqual(unknown.data);
    expect(sent).toEqual([]);
    expect(tasks).toHaveLength(1);
    release();
    await Promise.all(tasks);
    expect(sent).toEqual([email.toLowerCase()]);
  });
});
