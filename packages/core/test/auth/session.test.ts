import { describe, expect, it } from "vitest";
import { createTestAuth } from "../../src/testing";
import { countingMemoryDatabase, faultyMemoryDatabase } from "../helpers/counting";

const DAY = 24 * 60 * 60 * 1000;

function clock(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

describe("sessions and cookies", () => {
  it("sets a signed, HttpOnly, SameSite=Lax session cookie with max-age = expiresIn", async () => {
    const { signUp } = createTestAuth();
    const { browser } = await signUp();
    const res = await browser.post("/sign-in/email", {
      email: "nobody@example.com",
      password: "whatever-123",
    });
    expect(res.status).toBe(401);
    const again = await createTestAuth().signUp();
    const cookie = [...again.browser.cookies.keys()];
    expect(cookie).toContain("gatehouse.session_token");
    const signIn = await again.browser.post("/sign-in/email", {
      email: again.email,
      password: again.password,
    });
    const token = signIn.setCookies.get("gatehouse.session_token");
    expect(token?.value).toMatch(/^[A-Za-z0-9]{32}\.[A-Za-z0-9+/]{43}=$/);
    expect(token?.attributes).toContain("Max-Age=604800");
    expect(token?.attributes).toContain("HttpOnly");
    expect(token?.attributes).toContain("SameSite=Lax");
    expect(token?.attributes).not.toContain("Secure");
  });

  it("uses __Secure- names and Secure on https, and a configurable prefix", async () => {
    const { signUp } = createTestAuth({
      baseURL: "https://app.example.com",
      advanced: { cookiePrefix: "acme" },
    });
    const { browser } = await signUp();
    const names = [...browser.cookies.keys()];
    expect(names).toContain("__Secure-acme.session_token");
    const res = await browser.post("/sign-out", {});
    expect(res.setCookies.get("__Secure-acme.session_token")?.attributes).toContain("Secure");
  });

  it("get-session returns null when signed out and {session, user} when signed in", async () => {
    const { browser, signUp } = createTestAuth();
    expect((await browser().get("/get-session")).data).toBeNull();
    const { browser: b, email } = await signUp();
    const res = await b.get<{ session: Record<string, unknown>; user: Record<string, unknown> }>(
      "/get-session",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.data.user.email).toBe(email);
    expect(res.data.user).not.toHaveProperty("password");
    expect(res.data.session.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("an uncached get-session costs exactly one database round trip; a fresh cookie cache costs none", async () => {
    const { database, trips } = countingMemoryDatabase();
    const { signUp } = createTestAuth({ database, session: { cookieCache: { enabled: true } } });
    const { browser } = await signUp();
    trips.reset();
    await browser.get("/get-session", { query: { disableCookieCache: "true" } });
    expect(trips.total).toBe(1);
    trips.reset();
    const cached = await browser.get<{ user: { email: string } }>("/get-session");
    expect(cached.data.user.email).toBeDefined();
    expect(trips.total).toBe(0);
  });

  it("sign-in reads the credential account with its user in one round trip (then one session insert)", async () => {
    const { database, trips } = countingMemoryDatabase();
    const { signUp, browser } = createTestAuth({ database });
    const { email, password } = await signUp();
    trips.reset();
    const res = await browser().post("/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    expect(trips.byOperation).toEqual({ findMany: 1, insert: 1 });
    trips.reset();
    expect((await browser().post("/sign-in/email", { email, password: "wrong-password" })).status).toBe(401);
    expect(trips.byOperation).toEqual({ findMany: 1 });
  });

  it("without a cookie cache, every get-session is one round trip", async () => {
    const { database, trips } = countingMemoryDatabase();
    const { signUp } = createTestAuth({ database });
    const { browser } = await signUp();
    trips.reset();
    await browser.get("/get-session");
    await browser.get("/get-session");
    expect(trips.total).toBe(2);
  });

  it("extends the session once its remaining lifetime dropped by more than updateAge", async () => {
    const c = clock();
    const { signUp } = createTestAuth({ advanced: { now: c.now } });
    const { browser } = await signUp();
    const first = await browser.get<{ session: { expiresAt: string } }>("/get-session");
    c.advance(DAY / 2);
    const notYet = await browser.get<{ session: { expiresAt: string } }>("/get-session");
    expect(notYet.data.session.expiresAt).toBe(first.data.session.expiresAt);
    expect(notYet.setCookies.has("gatehouse.session_token")).toBe(false);
    c.advance(DAY);
    const refreshed = await browser.get<{ session: { expiresAt: string } }>("/get-session");
    expect(new Date(refreshed.data.session.expiresAt).getTime()).toBe(c.now().getTime() + 7 * DAY);
    expect(refreshed.setCookies.get("gatehouse.session_token")?.attributes).toContain("Max-Age=604800");
  });

  it("disableRefresh (true or 'true') skips the refresh; 'false' means false", async () => {
    const c = clock();
    const { signUp } = createTestAuth({ advanced: { now: c.now } });
    const { browser } = await signUp();
    const first = await browser.get<{ session: { expiresAt: string } }>("/get-session");
    c.advance(2 * DAY);
    const skipped = await browser.get<{ session: { expiresAt: string } }>("/get-session", {
      query: { disableRefresh: "true" },
    });
    expect(skipped.data.session.expiresAt).toBe(first.data.session.expiresAt);
    const refreshed = await browser.get<{ session: { expiresAt: string } }>("/get-session", {
      query: { disableRefresh: "false" },
    });
    expect(refreshed.data.session.expiresAt).not.toBe(first.data.session.expiresAt);
    const invalid = await browser.get<{ message: string }>("/get-session", {
      query: { disableRefresh: "yes" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data.message).toBe("Invalid query parameters");
  });

  it("deletes an expired session, clears the cookies and answers null", async () => {
    const c = clock();
    const { auth, signUp } = createTestAuth({ advanced: { now: c.now }, session: { expiresIn: 3600 } });
    const { browser, user } = await signUp();
    c.advance(3601 * 1000);
    const res = await browser.get("/get-session");
    expect(res.data).toBeNull();
    expect(res.setCookies.get("gatehouse.session_token")?.attributes).toContain("Max-Age=0");
    expect(browser.cookies.size).toBe(0);
    const rows = await auth.$context.adapter.findMany({
      model: "session",
      where: [{ field: "userId", value: user.id }],
    });
    expect(rows).toHaveLength(0);
  });

  it("rememberMe false: browser-session cookie, dont_remember marker, no refresh", async () => {
    const c = clock();
    const { browser, signUp } = createTestAuth({ advanced: { now: c.now } });
    const { email, password } = await signUp();
    const b = browser();
    const res = await b.post("/sign-in/email", { email, password, rememberMe: false });
    expect(res.setCookies.get("gatehouse.session_token")?.attributes).not.toContain("Max-Age");
    expect(res.setCookies.has("gatehouse.dont_remember")).toBe(true);
    const first = await b.get<{ session: { expiresAt: string } }>("/get-session");
    c.advance(2 * DAY);
    const later = await b.get<{ session: { expiresAt: string } }>("/get-session");
    expect(later.data.session.expiresAt).toBe(first.data.session.expiresAt);
  });

  it("clears cookies and answers 401 when the refresh write fails", async () => {
    const c = clock();
    const { database, failWrites } = faultyMemoryDatabase();
    const { signUp } = createTestAuth({ database, advanced: { now: c.now } });
    const { browser } = await signUp();
    c.advance(2 * DAY);
    failWrites(true);
    const res = await browser.get<{ message: string; code: string }>("/get-session");
    expect(res.status).toBe(401);
    expect(res.data.code).toBe("FAILED_TO_GET_SESSION");
    expect(res.setCookies.get("gatehouse.session_token")?.attributes).toContain("Max-Age=0");
    expect(browser.cookies.size).toBe(0);
  });

  it("the cookie cache is signed: a tampered cache is ignored, and it expires after maxAge", async () => {
    const c = clock();
    const { database, trips } = countingMemoryDatabase();
    const { signUp } = createTestAuth({
      database,
      advanced: { now: c.now },
      session: { cookieCache: { enabled: true, maxAge: 30 } },
    });
    const { browser } = await signUp();
    const data = browser.cookies.get("gatehouse.session_data")!;
    expect(data.length).toBeLessThanOrEqual(4093);
    browser.cookies.set("gatehouse.session_data", `x${data.slice(1)}`);
    trips.reset();
    await browser.get("/get-session");
    expect(trips.total).toBe(1);
    trips.reset();
    await browser.get("/get-session");
    expect(trips.total).toBe(0);
    c.advance(31_000);
    await browser.get("/get-session");
    expect(trips.total).toBe(1);
  });

  it("encrypted cookie cache hides the payload", async () => {
    const { signUp } = createTestAuth({ session: { cookieCache: { enabled: true, strategy: "encrypted" } } });
    const { browser, email } = await signUp();
    const data = browser.cookies.get("gatehouse.session_data")!;
    expect(Buffer.from(data, "base64url").toString("latin1")).not.toContain(email);
    const res = await browser.get<{ user: { email: string } }>("/get-session");
    expect(res.data.user.email).toBe(email);
  });

  it("does not set the cookie cache when the payload would exceed 4093 characters", async () => {
    const { signUp } = createTestAuth({
      session: { cookieCache: { enabled: true } },
      user: { additionalFields: { bio: { type: "string", required: false } } },
    });
    const { browser } = await signUp({ bio: "x".repeat(5000) });
    expect(browser.cookies.has("gatehouse.session_data")).toBe(false);
    const res = await browser.get<{ user: { bio: string } }>("/get-session");
    expect(res.data.user.bio).toHaveLength(5000);
  });

  it("caps every cookie max-age at 400 days", async () => {
    const { signUp } = createTestAuth({ session: { expiresIn: 1000 * 24 * 3600 } });
    const { browser, email, password } = await signUp();
    const res = await browser.post("/sign-in/email", { email, password });
    expect(res.setCookies.get("gatehouse.session_token")?.attributes).toContain("Max-Age=34560000");
  });
});
