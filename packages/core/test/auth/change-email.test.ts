import { describe, expect, it } from "vitest";
import type { AuthOptions } from "../../src/auth/options";
import { createTestAuth, type TestBrowser } from "../../src/testing";

interface Mail {
  to: string;
  url: string;
  token: string;
  newEmail?: string;
}

interface ErrorBody {
  code: string;
  message: string;
}

interface SessionBody {
  user: { id: string; email: string; emailVerified: boolean };
}

type ChangeEmailOptions = NonNullable<NonNullable<AuthOptions["user"]>["changeEmail"]>;

function setup(
  changeEmail: ChangeEmailOptions = {},
  options: AuthOptions & { noVerificationSender?: boolean } = {},
) {
  const verifications: Mail[] = [];
  const changes: Mail[] = [];
  const clock = { now: new Date() };
  const { noVerificationSender, ...rest } = options;
  const t = createTestAuth({
    ...rest,
    emailVerification: noVerificationSender
      ? {}
      : {
          sendVerificationEmail: ({ user, url, token }) => {
            verifications.push({ to: user.email, url, token });
          },
        },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, url, token, newEmail }) => {
          changes.push({ to: user.email, url, token, newEmail });
        },
        ...changeEmail,
      },
    },
    advanced: { now: () => clock.now },
  });
  const advance = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };
  const session = (b: TestBrowser) =>
    b.get<SessionBody | null>("/get-session", { query: { disableCookieCache: "true" } }).then((r) => r.data);
  /** A signed-up user whose email is verified through the real link. */
  const verifiedUser = async () => {
    const signed = await t.signUp();
    await signed.browser.post("/send-verification-email", { email: signed.email });
    await t.browser().get("/verify-email", { query: { token: verifications.at(-1)!.token } });
    verifications.length = 0;
    return signed;
  };
  return { ...t, verifications, changes, advance, session, verifiedUser };
}

describe("POST /change-email: validation", () => {
  it("is disabled unless user.changeEmail.enabled", async () => {
    const t = createTestAuth();
    const { browser } = await t.signUp();
    const res = await browser.post<ErrorBody>("/change-email", { newEmail: "new@example.com" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: "Change email is disabled", code: "CHANGE_EMAIL_IS_DISABLED" });
  });

  it("needs a session (401)", async () => {
    const t = setup();
    const res = await t.browser().post<ErrorBody>("/change-email", { newEmail: "new@example.com" });
    expect(res.status).toBe(401);
  });

  it("refuses an invalid email", async () => {
    const t = setup();
    const { browser } = await t.signUp();
    const res = await browser.post<ErrorBody>("/change-email", { newEmail: "not-an-email" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: "Invalid email", code: "INVALID_EMAIL" });
    const missing = await browser.post<ErrorBody>("/change-email", {});
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("Invalid body parameters");
  });

  it("refuses the current email, in any case", async () => {
    const t = setup();
    const { browser, email } = await t.signUp({ email: "same@example.com" });
    const res = await browser.post<ErrorBody>("/change-email", { newEmail: email.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: "Email is the same", code: "EMAIL_IS_THE_SAME" });
  });

  it("refuses an email another user has", async () => {
    const t = setup();
    const { browser, email } = await t.signUp();
    const other = await t.signUp();
    const res = await browser.post<ErrorBody>("/change-email", { newEmail: other.email });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "Couldn't update your email",
      code: "COULDN_T_UPDATE_YOUR_EMAIL",
    });
    expect((await t.session(browser))?.user.email).toBe(email);
  });

  it("refuses an untrusted callbackURL", async () => {
    const t = setup();
    const { browser } = await t.signUp();
    const res = await browser.post<ErrorBody>("/change-email", {
      newEmail: "new@example.com",
      callbackURL: "https://evil.example.org",
    });
    expect(res.status).toBe(403);
    expect(res.data.message).toBe("Invalid callbackURL");
  });
});

describe("POST /change-email: unverified user", () => {
  it("changes the email at once, refreshes the cookie cache and mails a verification link to the new address", async () => {
    const t = setup(
      { updateEmailWithoutVerification: true },
      { session: { cookieCache: { enabled: true, maxAge: 300 } } },
    );
    const { browser, password } = await t.signUp();
    expect((await browser.get<SessionBody>("/get-session")).data.user.emailVerified).toBe(false);
    const res = await browser.post("/change-email", {
      newEmail: "New.Address@Example.com",
      callbackURL: "/settings",
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: true });
    expect(res.setCookies.has("gatehouse.session_data")).toBe(true);
    // From the cookie cache: already the new address.
    expect((await browser.get<SessionBody>("/get-session")).data.user).toMatchObject({
      email: "new.address@example.com",
      emailVerified: false,
    });
    expect(t.changes).toHaveLength(0);
    expect(t.verifications).toHaveLength(1);
    expect(t.verifications[0]!.to).toBe("new.address@example.com");
    expect(new URL(t.verifications[0]!.url).searchParams.get("callbackURL")).toBe("/settings");
    expect(
      (await t.browser().post("/sign-in/email", { email: "new.address@example.com", password })).status,
    ).toBe(200);

    const verify = await t.browser().get("/verify-email", { query: { token: t.verifications[0]!.token } });
    expect(verify.status).toBe(200);
    expect((await t.session(browser))?.user.emailVerified).toBe(true);
  });

  it("changes the email without a verification sender", async () => {
    const t = setup({ updateEmailWithoutVerification: true }, { noVerificationSender: true });
    const { browser } = await t.signUp();
    const res = await browser.post("/change-email", { newEmail: "plain@example.com" });
    expect(res.status).toBe(200);
    expect((await t.session(browser))?.user.email).toBe("plain@example.com");
  });

  it("by default (updateEmailWithoutVerification false, as better-auth) sends a change token to the current address", async () => {
    for (const t of [setup(), setup({ updateEmailWithoutVerification: false })]) {
      const { browser, email } = await t.signUp();
      const res = await browser.post("/change-email", { newEmail: "later@example.com" });
      expect(res.status).toBe(200);
      expect((await t.session(browser))?.user.email).toBe(email);
      expect(t.changes).toEqual([expect.objectContaining({ to: email, newEmail: "later@example.com" })]);
      await t.browser().get("/verify-email", { query: { token: t.changes[0]!.token } });
      expect((await t.session(browser))?.user.email).toBe("later@example.com");
    }
  });

  it("the earlier hook name sendChangeEmailVerification still works (alias)", async () => {
    const sent: string[] = [];
    const t = setup({
      sendChangeEmailConfirmation: undefined,
      sendChangeEmailVerification: ({ user, newEmail }) => {
        sent.push(`${user.email}->${newEmail}`);
      },
    });
    const { browser, email } = await t.signUp();
    expect((await browser.post("/change-email", { newEmail: "alias@example.com" })).status).toBe(200);
    expect(sent).toEqual([`${email}->alias@example.com`]);
  });
});

describe("POST /change-email: verified user (spec section 4)", () => {
  it("needs sendChangeEmailConfirmation", async () => {
    const t = setup({ sendChangeEmailConfirmation: undefined });
    const { browser, email } = await t.verifiedUser();
    const res = await browser.post<ErrorBody>("/change-email", { newEmail: "new@example.com" });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Verification email isn't enabled");
    expect((await t.session(browser))?.user.email).toBe(email);
  });

  it("mails the old address a token carrying the new one; verifying it replaces the email and resets emailVerified", async () => {
    const t = setup();
    const { browser, email, user } = await t.verifiedUser();
    const res = await browser.post("/change-email", {
      newEmail: "Moved@Example.com",
      callbackURL: "/settings",
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: true });
    expect(t.verifications).toHaveLength(0);
    expect(t.changes).toHaveLength(1);
    const mail = t.changes[0]!;
    expect(mail).toMatchObject({ to: email, newEmail: "moved@example.com" });
    const link = new URL(mail.url);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/api/auth/verify-email");
    expect(link.searchParams.get("token")).toBe(mail.token);
    expect(link.searchParams.get("callbackURL")).toBe("/settings");
    // Nothing changes until the link is opened.
    expect((await t.session(browser))?.user).toMatchObject({ email, emailVerified: true });

    const verify = await browser.get<{ status: boolean; user: SessionBody["user"] }>("/verify-email", {
      query: { token: mail.token },
    });
    expect(verify.status).toBe(200);
    expect(verify.data.status).toBe(true);
    expect(verify.data.user).toMatchObject({ id: user.id, email: "moved@example.com", emailVerified: false });
    expect((await t.session(browser))?.user).toMatchObject({
      email: "moved@example.com",
      emailVerified: false,
    });

    // A verification link goes to the new address; opening it verifies the new email.
    expect(t.verifications.map((m) => m.to)).toEqual(["moved@example.com"]);
    expect(new URL(t.verifications[0]!.url).searchParams.get("callbackURL")).toBe("/");
    await browser.get("/verify-email", { query: { token: t.verifications[0]!.token } });
    expect((await t.session(browser))?.user).toMatchObject({
      email: "moved@example.com",
      emailVerified: true,
    });
  });

  it("redirects to the callbackURL after applying the change", async () => {
    const t = setup();
    const { browser } = await t.verifiedUser();
    await browser.post("/change-email", { newEmail: "moved@example.com" });
    const res = await browser.get("/verify-email", {
      query: { token: t.changes[0]!.token, callbackURL: "/settings" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings");
    expect((await t.session(browser))?.user.email).toBe("moved@example.com");
    expect(new URL(t.verifications[0]!.url).searchParams.get("callbackURL")).toBe("/settings");
  });

  it("applies the change from a signed-out browser without signing it in", async () => {
    const t = setup();
    const { browser } = await t.verifiedUser();
    await browser.post("/change-email", { newEmail: "moved@example.com" });
    const anon = t.browser();
    const res = await anon.get("/verify-email", { query: { token: t.changes[0]!.token } });
    expect(res.status).toBe(200);
    expect(res.setCookies.has("gatehouse.session_token")).toBe(false);
    expect((await t.session(browser))?.user.email).toBe("moved@example.com");
  });

  it("refuses the link in another user's session (unauthorized)", async () => {
    const t = setup();
    const { browser, email } = await t.verifiedUser();
    await browser.post("/change-email", { newEmail: "moved@example.com" });
    const intruder = await t.signUp();
    const res = await intruder.browser.get<ErrorBody>("/verify-email", {
      query: { token: t.changes[0]!.token },
    });
    expect(res.status).toBe(403);
    expect(res.data.message).toBe("Invalid user");
    expect((await t.session(browser))?.user.email).toBe(email);
  });

  it("refuses an expired change link (token_expired)", async () => {
    const t = setup({}, { emailVerification: {} });
    const { browser, email } = await t.verifiedUser();
    await browser.post("/change-email", { newEmail: "moved@example.com" });
    t.advance(3601);
    const res = await browser.get("/verify-email", {
      query: { token: t.changes[0]!.token, callbackURL: "/s" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/s?error=token_expired");
    expect((await t.session(browser))?.user.email).toBe(email);
  });

  it("refuses the change when the new address was taken meanwhile", async () => {
    const t = setup();
    const { browser, email } = await t.verifiedUser();
    await browser.post("/change-email", { newEmail: "contested@example.com" });
    await t.signUp({ email: "contested@example.com" });
    const res = await browser.get<ErrorBody>("/verify-email", { query: { token: t.changes[0]!.token } });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Couldn't update your email");
    expect((await t.session(browser))?.user.email).toBe(email);
  });

  it("a used change link no longer matches a user (user_not_found)", async () => {
    const t = setup();
    const { browser } = await t.verifiedUser();
    await browser.post("/change-email", { newEmail: "moved@example.com" });
    await browser.get("/verify-email", { query: { token: t.changes[0]!.token } });
    const again = await browser.get<ErrorBody>("/verify-email", { query: { token: t.changes[0]!.token } });
    expect(again.status).toBe(401);
    expect(again.data.message).toBe("User not found");
  });
});
