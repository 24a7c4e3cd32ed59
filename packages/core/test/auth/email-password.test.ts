import { describe, expect, it } from "vitest";
import { createTestAuth } from "../../src/testing";

type ErrorBody = { message: string; code: string; issues?: { path: (string | number)[]; message: string }[] };

describe("sign-up and sign-in with email and password", () => {
  it("signs up: lower-cases the email, returns {token, user}, and signs in", async () => {
    const { browser } = createTestAuth();
    const b = browser();
    const res = await b.post<{ token: string; user: Record<string, unknown> }>("/sign-up/email", {
      name: "Ada",
      email: "Ada@Example.COM",
      password: "password-123",
    });
    expect(res.status).toBe(200);
    expect(res.data.user.email).toBe("ada@example.com");
    expect(res.data.user.emailVerified).toBe(false);
    expect(res.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(Object.keys(res.data.user).sort()).toEqual(
      ["createdAt", "email", "emailVerified", "id", "image", "name", "updatedAt"].sort(),
    );
    expect((await b.get<{ user: { id: string } }>("/get-session")).data.user.id).toBe(res.data.user.id);
  });

  it("refuses a duplicate email with 422 User already exists", async () => {
    const { signUp, browser } = createTestAuth();
    const { email } = await signUp();
    const res = await browser().post<ErrorBody>("/sign-up/email", {
      name: "x",
      email: email.toUpperCase(),
      password: "password-123",
    });
    expect(res.status).toBe(422);
    expect(res.data).toMatchObject({ message: "User already exists", code: "USER_ALREADY_EXISTS" });
  });

  it("validates email and password length at sign-up", async () => {
    const { browser } = createTestAuth({
      emailAndPassword: { minPasswordLength: 10, maxPasswordLength: 20 },
    });
    const b = browser();
    const bad = await b.post<ErrorBody>("/sign-up/email", {
      name: "x",
      email: "not-an-email",
      password: "0123456789",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ message: "Invalid email", code: "INVALID_EMAIL" });
    const short = await b.post<ErrorBody>("/sign-up/email", {
      name: "x",
      email: "a@b.co",
      password: "012345678",
    });
    expect(short.data).toMatchObject({ message: "Password too short", code: "PASSWORD_TOO_SHORT" });
    const long = await b.post<ErrorBody>("/sign-up/email", {
      name: "x",
      email: "a@b.co",
      password: "x".repeat(21),
    });
    expect(long.data).toMatchObject({ message: "Password too long", code: "PASSWORD_TOO_LONG" });
    expect(long.status).toBe(400);
  });

  it("a missing required field is 400 Invalid body parameters with a Required issue", async () => {
    const { browser } = createTestAuth();
    const res = await browser().post<ErrorBody>("/sign-up/email", {
      email: "a@b.co",
      password: "password-123",
    });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Invalid body parameters");
    expect(res.data.code).toBe("INVALID_BODY_PARAMETERS");
    expect(res.data.issues).toEqual([{ path: ["name"], message: "Required" }]);
  });

  it("sign-in: wrong password and unknown email both give 401 Invalid email or password", async () => {
    const { signUp, browser } = createTestAuth();
    const { email } = await signUp();
    const wrong = await browser().post<ErrorBody>("/sign-in/email", { email, password: "wrong-password" });
    const unknown = await browser().post<ErrorBody>("/sign-in/email", {
      email: "ghost@example.com",
      password: "wrong-password",
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.data).toMatchObject({
        message: "Invalid email or password",
        code: "INVALID_EMAIL_OR_PASSWORD",
      });
      expect(res.setCookies.size).toBe(0);
    }
  });

  it("sign-in checks email format and password length before hashing", async () => {
    const { signUp, browser } = createTestAuth();
    const { email } = await signUp();
    const b = browser();
    expect(
      (await b.post<ErrorBody>("/sign-in/email", { email: "nope", password: "password-123" })).data.message,
    ).toBe("Invalid email");
    const long = await b.post<ErrorBody>("/sign-in/email", { email, password: "x".repeat(129) });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe("Password too long");
    const short = await b.post<ErrorBody>("/sign-in/email", { email, password: "short" });
    expect(short.status).toBe(400);
    expect(short.data.message).toBe("Password too short");
  });

  it("sign-in returns {redirect, token, url, user} and honours callbackURL", async () => {
    const { signUp, browser } = createTestAuth();
    const { email, password } = await signUp();
    const res = await browser().post<Record<string, unknown>>("/sign-in/email", {
      email: email.toUpperCase(),
      password,
      callbackURL: "/dashboard",
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ redirect: true, url: "/dashboard" });
    expect(res.data.token).toEqual(expect.any(String));
    const plain = await browser().post<Record<string, unknown>>("/sign-in/email", { email, password });
    expect(plain.data.redirect).toBe(false);
  });

  it("is disabled unless enabled: 400 Email and password is not enabled", async () => {
    const { browser } = createTestAuth({ emailAndPassword: { enabled: false } });
    const res = await browser().post<ErrorBody>("/sign-up/email", {
      name: "x",
      email: "a@b.co",
      password: "password-123",
    });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe("EMAIL_AND_PASSWORD_IS_NOT_ENABLED");
  });

  it("requireEmailVerification: sign-up does not sign in; sign-in gives 403 and re-sends the email", async () => {
    const sent: string[] = [];
    const { browser } = createTestAuth({
      emailAndPassword: { requireEmailVerification: true },
      emailVerification: { sendVerificationEmail: ({ url }) => void sent.push(url) },
    });
    const b = browser();
    const up = await b.post<{ token: string | null }>("/sign-up/email", {
      name: "x",
      email: "v@b.co",
      password: "password-123",
    });
    expect(up.data.token).toBeNull();
    expect(b.cookies.size).toBe(0);
    expect(sent).toHaveLength(1);
    const res = await b.post<ErrorBody>("/sign-in/email", { email: "v@b.co", password: "password-123" });
    expect(res.status).toBe(403);
    expect(res.data).toMatchObject({ message: "Email not verified", code: "EMAIL_NOT_VERIFIED" });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=.+&callbackURL=/);
  });

  it("accepts form posts (application/x-www-form-urlencoded)", async () => {
    const { browser } = createTestAuth();
    const res = await browser().request<{ user: { email: string } }>("/sign-up/email", {
      method: "POST",
      body: new URLSearchParams({ name: "F", email: "form@b.co", password: "password-123" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.data.user.email).toBe("form@b.co");
  });

  it("keeps additional user fields end to end", async () => {
    const { signUp } = createTestAuth({
      user: {
        additionalFields: {
          locale: { type: "string", required: false },
          plan: { type: "string", required: false, input: false },
        },
      },
    });
    const { browser } = await signUp({ locale: "fr", plan: "enterprise" });
    const s = await browser.get<{ user: { locale: string; plan: string | null } }>("/get-session");
    expect(s.data.user.locale).toBe("fr");
    expect(s.data.user.plan).toBeNull();
  });
});
