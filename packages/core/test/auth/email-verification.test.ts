import { describe, expect, it } from "vitest";
import type { AuthOptions } from "../../src/auth/options";
import { createEmailToken } from "../../src/auth/verification/email";
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

interface SessionBody {
  session: { token: string };
  user: { id: string; email: string; emailVerified: boolean };
}

function setup(options: AuthOptions = {}) {
  const mails: Mail[] = [];
  const clock = { now: new Date() };
  const t = createTestAuth({
    ...options,
    emailVerification: {
      sendVerificationEmail: ({ user, url, token }) => {
        mails.push({ to: user.email, url, token });
      },
      ...options.emailVerification,
    },
    advanced: { now: () => clock.now },
  });
  const advance = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };
  return { ...t, mails, advance };
}

const sessionOf = (b: TestBrowser) =>
  b.get<SessionBody | null>("/get-session", { query: { disableCookieCache: "true" } });

describe("POST /send-verification-email", () => {
  it("answers 400 when no verification sender is configured", async () => {
    const { signUp } = createTestAuth();
    const { browser, email } = await signUp();
    const res = await browser.post<ErrorBody>("/send-verification-email", { email });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "Verification email isn't enabled",
      code: "VERIFICATION_EMAIL_ISN_T_ENABLED",
    });
  });

  it("rejects a missing or invalid email at the schema", async () => {
    const { browser } = setup();
    for (const body of [{}, { email: "not-an-email" }]) {
      const res = await browser().post<ErrorBody>("/send-verification-email", body);
      expect(res.status).toBe(400);
      expect(res.data.message).toBe("Invalid body parameters");
    }
  });

  it("sends a link to the signed-in user's own unverified address", async () => {
    const { signUp, mails } = setup();
    const { browser, email } = await signUp({ email: "Own@Example.com" });
    const res = await browser.post("/send-verification-email", {
      email: "OWN@example.com",
      callbackURL: "/welcome",
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: true });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email.toLowerCase());
    const url = new URL(mails[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe("http://localhost:3000/api/auth/verify-email");
    expect(url.searchParams.get("token")).toBe(mails[0]!.token);
    expect(url.searchParams.get("callbackURL")).toBe("/welcome");
  });

  it("defaults the link's callbackURL to /", async () => {
    const { signUp, mails } = setup();
    const { browser, email } = await signUp();
    await browser.post("/send-verification-email", { email });
    expect(new URL(mails[0]!.url).searchParams.get("callbackURL")).toBe("/");
  });

  it("refuses another address when signed in", async () => {
    const { signUp, mails } = setup();
    const { browser } = await signUp();
    const other = await signUp();
    const res = await browser.post<ErrorBody>("/send-verification-email", { email: other.email });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "You can only send a verification email to your own email",
      code: "YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_YOUR_OWN_EMAIL",
    });
    expect(mails).toHaveLength(0);
  });

  it("refuses an already verified address when signed in", async () => {
    const { signUp, mails } = setup();
    const { browser, email } = await signUp();
    await browser.post("/send-verification-email", { email });
    expect((await browser.get("/verify-email", { query: { token: mails[0]!.token } })).status).toBe(200);
    const res = await browser.post<ErrorBody>("/send-verification-email", { email });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("You can only send a verification email to an unverified email");
    expect(mails).toHaveLength(1);
  });

  it("signed out: always {status: true}, mail only to an existing unverified user", async () => {
    const { signUp, browser, mails } = setup();
    const anon = browser();
    const unknown = await anon.post("/send-verification-email", { email: "nobody@example.com" });
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual({ status: true });
    expect(mails).toHaveLength(0);

    const { email } = await signUp();
    const known = await anon.post("/send-verification-email", { email });
    expect(known.data).toEqual({ status: true });
    expect(mails.map((m) => m.to)).toEqual([email]);

    await anon.get("/verify-email", { query: { token: mails[0]!.token } });
    const verified = await anon.post("/send-verification-email", { email });
    expect(verified.data).toEqual({ status: true });
    expect(mails).toHaveLength(1);
  });

  it("refuses an untrusted callbackURL", async () => {
    const { signUp, mails } = setup();
    const { browser, email } = await signUp();
    const res = await browser.post<ErrorBody>("/send-verification-email", {
      email,
      callbackURL: "https://evil.example.org/x",
    });
    expect(res.status).toBe(403);
    expect(res.data.message).toBe("Invalid callbackURL");
    expect(mails).toHaveLength(0);
  });
});

describe("GET /verify-email", () => {
  async function unverifiedUserWithLink(t: ReturnType<typeof setup>) {
    const signed = await t.signUp();
    await t.browser().post("/send-verification-email", { email: signed.email });
    return { ...signed, token: t.mails.at(-1)!.token };
  }

  it("marks the email verified and answers {status: true, user: null}", async () => {
    const t = setup();
    const { browser, token } = await unverifiedUserWithLink(t);
    expect((await sessionOf(browser)).data?.user.emailVerified).toBe(false);
    const res = await t.browser().get("/verify-email", { query: { token } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: true, user: null });
    expect((await sessionOf(browser)).data?.user.emailVerified).toBe(true);
  });

  it("redirects to the callbackURL on success", async () => {
    const t = setup();
    const { token } = await unverifiedUserWithLink(t);
    const res = await t.browser().get("/verify-email", { query: { token, callbackURL: "/verified" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/verified");
  });

  it("is idempotent for an already verified email", async () => {
    const t = setup();
    const { browser, token } = await unverifiedUserWithLink(t);
    await t.browser().get("/verify-email", { query: { token } });
    const again = await t.browser().get("/verify-email", { query: { token } });
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ status: true, user: null });
    expect((await sessionOf(browser)).data?.user.emailVerified).toBe(true);
  });

  it("invalid_token: JSON 401 without a callbackURL, redirect with error otherwise", async () => {
    const t = setup();
    const { browser } = await unverifiedUserWithLink(t);
    const anon = t.browser();
    const json = await anon.get<ErrorBody>("/verify-email", { query: { token: "garbage" } });
    expect(json.status).toBe(401);
    expect(json.data).toMatchObject({ message: "Invalid token", code: "INVALID_TOKEN" });

    const redirect = await anon.get("/verify-email", { query: { token: "garbage", callbackURL: "/done" } });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/done?error=invalid_token");

    const withQuery = await anon.get("/verify-email", {
      query: { token: "garbage", callbackURL: "/done?step=2" },
    });
    expect(withQuery.headers.get("location")).toBe("/done?step=2&error=invalid_token");
    expect((await sessionOf(browser)).data?.user.emailVerified).toBe(false);
  });

  it("invalid_token for a token signed with another secret", async () => {
    const t = setup();
    const { email, browser } = await unverifiedUserWithLink(t);
    const foreign = createTestAuth({ secret: "another-secret-0123456789-0123456789-xyz" });
    const forged = await createEmailToken(foreign.auth.$context, { email }, 3600);
    const res = await t.browser().get<ErrorBody>("/verify-email", { query: { token: forged } });
    expect(res.status).toBe(401);
    expect(res.data.message).toBe("Invalid token");
    expect((await sessionOf(browser)).data?.user.emailVerified).toBe(false);
  });

  it("token_expired after emailVerification.expiresIn", async () => {
    const t = setup({ emailVerification: { expiresIn: 600 } });
    const { token, browser } = await unverifiedUserWithLink(t);
    t.advance(601);
    const json = await t.browser().get<ErrorBody>("/verify-email", { query: { token } });
    expect(json.status).toBe(401);
    expect(json.data).toMatchObject({ message: "Token expired", code: "TOKEN_EXPIRED" });
    const redirect = await t.browser().get("/verify-email", { query: { token, callbackURL: "/v" } });
    expect(redirect.headers.get("location")).toBe("/v?error=token_expired");
    expect((await sessionOf(browser)).data?.user.emailVerified).toBe(false);
  });

  it("accepts the token until it expires (default one hour)", async () => {
    const t = setup();
    const { token } = await unverifiedUserWithLink(t);
    t.advance(3590);
    expect((await t.browser().get("/verify-email", { query: { token } })).status).toBe(200);
    t.advance(20);
    expect((await t.browser().get("/verify-email", { query: { token } })).status).toBe(401);
  });

  it("user_not_found when no user has the token's email", async () => {
    const t = setup();
    const token = await createEmailToken(t.auth.$context, { email: "ghost@example.com" }, 3600);
    const json = await t.browser().get<ErrorBody>("/verify-email", { query: { token } });
    expect(json.status).toBe(401);
    expect(json.data).toMatchObject({ message: "User not found", code: "USER_NOT_FOUND" });
    const redirect = await t.browser().get("/verify-email", { query: { token, callbackURL: "/v" } });
    expect(redirect.headers.get("location")).toBe("/v?error=user_not_found");
  });

  it("unauthorized when signed in as another user: 403 (signed in, so never 401)", async () => {
    const t = setup();
    const victim = await unverifiedUserWithLink(t);
    const other = await t.signUp();
    const json = await other.browser.get<ErrorBody>("/verify-email", { query: { token: victim.token } });
    expect(json.status).toBe(403);
    expect(json.data).toMatchObject({ message: "Invalid user", code: "INVALID_USER" });
    const redirect = await other.browser.get("/verify-email", {
      query: { token: victim.token, callbackURL: "/v" },
    });
    expect(redirect.headers.get("location")).toBe("/v?error=unauthorized");
    expect((await sessionOf(victim.browser)).data?.user.emailVerified).toBe(false);
  });

  it("needs a token (400 Invalid query parameters) and a trusted callbackURL (403)", async () => {
    const t = setup();
    const { token } = await unverifiedUserWithLink(t);
    const missing = await t.browser().get<ErrorBody>("/verify-email");
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("Invalid query parameters");
    const evil = await t.browser().get<ErrorBody>("/verify-email", {
      query: { token, callbackURL: "https://evil.example.org" },
    });
    expect(evil.status).toBe(403);
    expect(evil.data.message).toBe("Invalid callbackURL");
  });

  it("signs in a signed-out browser with autoSignInAfterVerification", async () => {
    const t = setup({ emailVerification: { autoSignInAfterVerification: true } });
    const { token, user } = await unverifiedUserWithLink(t);
    const fresh = t.browser();
    const res = await fresh.get("/verify-email", { query: { token, callbackURL: "/home" } });
    expect(res.status).toBe(302);
    expect(res.setCookies.get("gatehouse.session_token")?.value).toBeTruthy();
    const session = await sessionOf(fresh);
    expect(session.data?.user).toMatchObject({ id: user.id, emailVerified: true });
  });

  it("does not sign in without autoSignInAfterVerification", async () => {
    const t = setup();
    const { token } = await unverifiedUserWithLink(t);
    const fresh = t.browser();
    const res = await fresh.get("/verify-email", { query: { token } });
    expect(res.setCookies.has("gatehouse.session_token")).toBe(false);
    expect((await sessionOf(fresh)).data).toBeNull();
  });

  it("refreshes the signed-in user's cookie cache", async () => {
    const t = setup({ session: { cookieCache: { enabled: true, maxAge: 300 } } });
    const { browser, token } = await unverifiedUserWithLink(t);
    expect((await browser.get<SessionBody>("/get-session")).data.user.emailVerified).toBe(false);
    const res = await browser.get("/verify-email", { query: { token } });
    expect(res.setCookies.has("gatehouse.session_data")).toBe(true);
    // Read from the cookie cache (no store round trip): already up to date.
    expect((await browser.get<SessionBody>("/get-session")).data.user.emailVerified).toBe(true);
  });
});
