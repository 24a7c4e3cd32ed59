import { describe, expect, it } from "vitest";
import { rememberCookieOrigin, sessionAnswer } from "../../src/auth/session/answer";
import { parseCookieHeader, readCookieHeader } from "../../src/cookies/serialize";
import type { SessionWithUser } from "../../src/kernel/models";
import { reply, withKnownJSON } from "../../src/router/respond";
import { createTestAuth } from "../../src/testing";

/*
 * get-session from the cookie cache: the answer of one cookie is built and serialised once and
 * written as that text on later routed requests; it must always equal what a database read answers.
 */
describe("get-session answered from the cookie cache", () => {
  const options = {
    session: { cookieCache: { enabled: true, maxAge: 60 } },
    user: { additionalFields: { note: { type: "string" as const, required: false, returned: false } } },
  };

  it("answers the same JSON as a database read, without hidden fields, request after request", async () => {
    const { signUp } = createTestAuth(options);
    const { browser } = await signUp({ note: "private" });
    const fromDb = await browser.get<Record<string, Record<string, unknown>>>("/get-session", {
      query: { disableCookieCache: "true" },
    });
    const first = await browser.get<Record<string, Record<string, unknown>>>("/get-session");
    const second = await browser.get<Record<string, Record<string, unknown>>>("/get-session");
    expect(first.data).toEqual(fromDb.data);
    expect(second.data).toEqual(fromDb.data);
    expect(first.data.user).not.toHaveProperty("note");
    expect(typeof first.data.session?.expiresAt).toBe("string");
  });

  it("a changed user gets a new cookie and a new answer", async () => {
    const { signUp } = createTestAuth(options);
    const { browser } = await signUp({ name: "Before" });
    expect((await browser.get<{ user: { name: string } }>("/get-session")).data.user.name).toBe("Before");
    expect((await browser.post("/update-user", { name: "After" })).status).toBe(200);
    expect((await browser.get<{ user: { name: string } }>("/get-session")).data.user.name).toBe("After");
  });

  it("server calls get objects of their own, with dates, after routed hits from the same cookie", async () => {
    const { auth, signUp } = createTestAuth(options);
    const { browser } = await signUp();
    await browser.get("/get-session");
    await browser.get("/get-session");
    const headers = new Headers({
      cookie: [...browser.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; "),
    });
    const a = (await auth.api.getSession({ headers })) as { user: { name: string; createdAt: Date } };
    const b = (await auth.api.getSession({ headers })) as { user: { name: string } };
    expect(a.user.createdAt).toBeInstanceOf(Date);
    expect(a).not.toBe(b);
    a.user.name = "changed by the caller";
    expect(b.user.name).not.toBe("changed by the caller");
    expect((await browser.get<{ user: { name: string } }>("/get-session")).data.user.name).not.toBe(
      "changed by the caller",
    );
  });

  it("a known cookie-cache cookie only answers for its own session token", async () => {
    const { signUp } = createTestAuth(options);
    const a = await signUp({ name: "Ada" });
    const b = await signUp({ name: "Bob" });
    // Both cookies of both browsers are verified and decoded once (the synchronous path knows them).
    expect((await a.browser.get<{ user: { name: string } }>("/get-session")).data.user.name).toBe("Ada");
    expect((await b.browser.get<{ user: { name: string } }>("/get-session")).data.user.name).toBe("Bob");
    // Bob's session token with Ada's cookie cache: the cache belongs to another token, so the session
    // is read from the database, and it is Bob's.
    b.browser.cookies.set("gatehouse.session_data", a.browser.cookies.get("gatehouse.session_data")!);
    expect((await b.browser.get<{ user: { name: string } }>("/get-session")).data.user.name).toBe("Bob");
  });

  it("the keyring knows a signed value only once it has verified it", async () => {
    const { auth } = createTestAuth(options);
    const keys = auth.$context.keys;
    const signed = await keys.signValue("token-1");
    expect(keys.knownValue(signed)).toBeUndefined();
    expect(await keys.unsignValue(signed)).toBe("token-1");
    expect(keys.knownValue(signed)).toBe("token-1");
    const forged = `token-2${signed.slice("token-1".length)}`;
    expect(await keys.unsignValue(forged)).toBeNull();
    expect(keys.knownValue(forged)).toBeUndefined();
  });

  it("one frozen answer per cookie-cache payload on routed requests; fresh objects otherwise", async () => {
    const { auth } = createTestAuth(options);
    const app = auth.$context;
    const value = (): SessionWithUser =>
      ({
        session: { id: "s", token: "t", userId: "u", expiresAt: new Date(0) },
        user: { id: "u", email: "a@example.com", note: "hidden" },
      }) as unknown as SessionWithUser;
    const routed = { isServerCall: false } as Parameters<typeof sessionAnswer>[1];
    const server = { isServerCall: true } as Parameters<typeof sessionAnswer>[1];
    const payload = {};
    const v1 = rememberCookieOrigin(value(), payload);
    const v2 = rememberCookieOrigin(value(), payload);
    expect(Object.keys(v1)).toEqual(["session", "user"]);
    const a = sessionAnswer(app, routed, v1);
    expect(sessionAnswer(app, routed, v2)).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a.user)).toBe(true);
    expect(a.user).not.toHaveProperty("note");
    const body = (reply(a, false) as { body: string }).body;
    expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(a)));
    const own = sessionAnswer(app, server, v1);
    expect(own).not.toBe(a);
    expect(Object.isFrozen(own)).toBe(false);
    expect(sessionAnswer(app, routed, value())).not.toBe(a); // not read from a cookie: built each time
  });
});

describe("known JSON and remembered Cookie headers", () => {
  it("reply writes the registered text of a value instead of serialising it", () => {
    const value = withKnownJSON({ a: 1 }, '{"a":1,"registered":true}');
    expect(Object.isFrozen(value)).toBe(true);
    expect((reply(value, false) as { body: string }).body).toBe('{"a":1,"registered":true}');
    expect((reply({ a: 1 }, false) as { body: string }).body).toBe('{"a":1}');
  });

  it("a Cookie header is parsed once per text, bounded in entries and in length", () => {
    const header = 'a=1; b=%41; c="q"';
    const first = readCookieHeader(header);
    expect(readCookieHeader(`${header}`)).toBe(first);
    expect([...first]).toEqual([...parseCookieHeader(header)]);
    const long = `x=${"y".repeat(9000)}`;
    expect(readCookieHeader(long)).not.toBe(readCookieHeader(long));
    for (let i = 0; i < 1100; i++) readCookieHeader(`n=${i}`);
    expect(readCookieHeader(header)).not.toBe(first);
    expect(readCookieHeader(null).size).toBe(0);
  });
});
