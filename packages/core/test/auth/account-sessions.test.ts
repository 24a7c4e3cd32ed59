import { describe, expect, it } from "vitest";
import { createTestAuth } from "../../src/testing";

type ErrorBody = { message: string; code: string };

describe("session management endpoints", () => {
  it("lists the user's sessions and revokes one of their own", async () => {
    const { signUp, browser } = createTestAuth();
    const { browser: a, email, password } = await signUp();
    const b = browser();
    await b.post("/sign-in/email", { email, password });
    const list = await a.get<{ token: string }[]>("/list-sessions");
    expect(list.status).toBe(200);
    expect(list.data).toHaveLength(2);
    const bToken = (await b.get<{ session: { token: string } }>("/get-session")).data.session.token;
    const res = await a.post<{ status: boolean }>("/revoke-session", { token: bToken });
    expect(res.data).toEqual({ status: true });
    expect((await b.get("/get-session")).data).toBeNull();
    expect((await a.get<{ token: string }[]>("/list-sessions")).data).toHaveLength(1);
  });

  it("revoke-session: another user's session is 401, an unknown token 400 Session not found, no token 400", async () => {
    const { signUp } = createTestAuth();
    const alice = await signUp();
    const bob = await signUp();
    const bobToken = (await bob.browser.get<{ session: { token: string } }>("/get-session")).data.session
      .token;
    const other = await alice.browser.post<ErrorBody>("/revoke-session", { token: bobToken });
    expect(other.status).toBe(401);
    expect((await bob.browser.get("/get-session")).data).not.toBeNull();
    const unknown = await alice.browser.post<ErrorBody>("/revoke-session", { token: "nope" });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ message: "Session not found", code: "SESSION_NOT_FOUND" });
    const missing = await alice.browser.post<ErrorBody>("/revoke-session", {});
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("Invalid body parameters");
  });

  it("revoke-other-sessions keeps the current one; revoke-sessions removes all", async () => {
    const { signUp, browser } = createTestAuth();
    const { browser: a, email, password } = await signUp();
    const b = browser();
    await b.post("/sign-in/email", { email, password });
    expect((await a.post("/revoke-other-sessions", {})).data).toEqual({ status: true });
    expect((await b.get("/get-session")).data).toBeNull();
    expect((await a.get("/get-session")).data).not.toBeNull();
    expect((await a.post("/revoke-sessions", {})).data).toEqual({ status: true });
    expect((await a.get("/get-session")).data).toBeNull();
  });

  it("session endpoints need a session: 401 Unauthorized", async () => {
    const { browser } = createTestAuth();
    for (const [path, body] of [
      ["/list-sessions", undefined],
      ["/revoke-sessions", {}],
      ["/revoke-other-sessions", {}],
      ["/update-user", { name: "x" }],
    ] as const) {
      const res = await browser().request<ErrorBody>(path, { body, method: body ? "POST" : "GET" });
      expect(res.status, path).toBe(401);
      expect(res.data.code).toBe("UNAUTHORIZED");
    }
  });

  it("sign-out revokes the session and clears the cookies", async () => {
    const { signUp, auth } = createTestAuth();
    const { browser, user } = await signUp();
    const res = await browser.post<{ success: boolean }>("/sign-out", {});
    expect(res.data).toEqual({ success: true });
    expect(browser.cookies.size).toBe(0);
    const rows = await auth.$context.adapter.findMany({
      model: "session",
      where: [{ field: "userId", value: user.id }],
    });
    expect(rows).toHaveLength(0);
  });

  it("update-user changes name and image, refreshes the cookie cache, refuses email", async () => {
    const { signUp } = createTestAuth({ session: { cookieCache: { enabled: true } } });
    const { browser } = await signUp();
    const res = await browser.post("/update-user", { name: "New Name", image: "https://img/x.png" });
    expect(res.data).toEqual({ status: true });
    const s = await browser.get<{ user: { name: string; image: string } }>("/get-session");
    expect(s.data.user).toMatchObject({ name: "New Name", image: "https://img/x.png" });
    const email = await browser.post<ErrorBody>("/update-user", { email: "x@y.z" });
    expect(email.status).toBe(400);
    const wrongType = await browser.post<ErrorBody>("/update-user", { name: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.data.message).toBe("Invalid body parameters");
  });
});
