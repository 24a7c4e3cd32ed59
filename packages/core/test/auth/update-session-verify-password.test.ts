import { describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient } from "../../src/client";
import { createTestAuth, createTestFetch } from "../../src/testing";

type ErrorBody = { code: string; message: string };
type SessionBody = { session: { id: string; token: string; theme?: string | null; locale?: string | null } };

function setup() {
  return createTestAuth({
    session: {
      additionalFields: {
        theme: { type: "string", required: false },
        locale: { type: "string", required: false },
        pinned: { type: "string", required: false, input: false },
      },
    },
  });
}

describe("POST /update-session (better-auth C6)", () => {
  it("sets declared session fields, answers {session} and refreshes what get-session sees", async () => {
    const t = setup();
    const { browser } = await t.signUp();
    const res = await browser.post<SessionBody>("/update-session", { theme: "dark" });
    expect(res.status).toBe(200);
    expect(res.data.session).toMatchObject({ theme: "dark" });
    expect(res.data.session.token).toBeTypeOf("string");
    const fresh = await browser.get<SessionBody>("/get-session", { query: { disableCookieCache: "true" } });
    expect(fresh.data.session.theme).toBe("dark");
    const cached = await browser.get<SessionBody>("/get-session");
    expect(cached.data.session.theme).toBe("dark");
  });

  it("refuses core fields, input:false fields and unknown keys; an empty body has nothing to update", async () => {
    const t = setup();
    const { browser } = await t.signUp();
    for (const field of ["token", "userId", "expiresAt", "pinned", "nope"]) {
      const res = await browser.post<ErrorBody>("/update-session", { [field]: "x" });
      expect([res.status, res.data.message], field).toEqual([400, `${field} is not allowed to be set`]);
    }
    const empty = await browser.post<ErrorBody>("/update-session", {});
    expect([empty.status, empty.data.code]).toEqual([400, "NO_FIELDS_TO_UPDATE"]);
    const notObject = await browser.post<ErrorBody>("/update-session", ["theme"]);
    expect(notObject.status).toBe(400);
    const session = await browser.get<SessionBody>("/get-session", { query: { disableCookieCache: "true" } });
    expect(session.data.session.theme ?? null).toBeNull();
  });

  it("needs a session (401)", async () => {
    const res = await setup().browser().post<ErrorBody>("/update-session", { theme: "dark" });
    expect([res.status, res.data.code]).toEqual([401, "UNAUTHORIZED"]);
  });

  it("is a client method: client.updateSession", async () => {
    const t = setup();
    const { fetch } = createTestFetch(t.auth);
    const client = createAuthClient<typeof t.auth>({
      baseURL: "http://localhost:3000",
      fetchOptions: { fetch },
    });
    await client.signUp.email({ name: "A", email: "a@example.com", password: "correct-horse-battery" });
    const res = await client.updateSession({ theme: "light" });
    expect(res.error).toBeNull();
    expect(res.data?.session).toMatchObject({ theme: "light" });
  });
});

describe("POST /verify-password (better-auth C18)", () => {
  it("answers {status: true} for the right password, 400 Invalid password otherwise", async () => {
    const t = setup();
    const { browser, password } = await t.signUp();
    const ok = await browser.post("/verify-password", { password });
    expect([ok.status, ok.data]).toEqual([200, { status: true }]);
    const wrong = await browser.post<ErrorBody>("/verify-password", { password: "not-it-at-all" });
    expect([wrong.status, wrong.data]).toEqual([
      400,
      { code: "INVALID_PASSWORD", message: "Invalid password" },
    ]);
    const missing = await browser.post<ErrorBody>("/verify-password", {});
    expect(missing.status).toBe(400);
  });

  it("a user without a credential account gets 400 Invalid password; no session gets 401", async () => {
    const t = setup();
    const { browser, user } = await t.signUp();
    await t.auth.$context.adapter.deleteMany({
      model: "account",
      where: [{ field: "userId", value: user.id }],
    });
    const res = await browser.post<ErrorBody>("/verify-password", { password: "correct-horse-battery" });
    expect([res.status, res.data.code]).toEqual([400, "INVALID_PASSWORD"]);
    const anon = await t.browser().post<ErrorBody>("/verify-password", { password: "x" });
    expect(anon.status).toBe(401);
  });

  it("is routed but not a client method (as better-auth), and callable as auth.api.verifyPassword", async () => {
    const t = setup();
    const { fetch } = createTestFetch(t.auth);
    const client = createAuthClient<typeof t.auth>({
      baseURL: "http://localhost:3000",
      fetchOptions: { fetch },
    });
    expect("verifyPassword" in client).toBe(false);
    expectTypeOf(client).not.toHaveProperty("verifyPassword");
    expect(typeof t.auth.api.verifyPassword).toBe("function");
    const { browser, password } = await t.signUp();
    expect((await browser.post("/verify-password", { password })).status).toBe(200);
  });
});
