import { describe, expect, it } from "vitest";
import { PASSWORD, type SessionBody, setup } from "./helpers";

type SessionsBody = { sessions: { token: string; userId: string; impersonatedBy?: string | null }[] };

describe("admin: user sessions", () => {
  it("lists a user's unexpired sessions, including impersonation sessions", async () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const { signUpAs, browser } = setup(undefined, { advanced: { now: () => new Date(now) } });
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    await browser().post("/sign-in/email", { email: target.email, password: PASSWORD });
    const helper = await signUpAs("admin");
    await helper.browser.post("/admin/impersonate-user", { userId: target.user.id });
    const res = await a.post<SessionsBody>("/admin/list-user-sessions", { userId: target.user.id });
    expect(res.data.sessions).toHaveLength(3);
    expect(res.data.sessions.every((s) => s.userId === target.user.id)).toBe(true);
    expect(res.data.sessions.filter((s) => s.impersonatedBy === helper.user.id)).toHaveLength(1);
    now += 2 * 3600_000; // the impersonation session (1 h) is over
    const later = await a.post<SessionsBody>("/admin/list-user-sessions", { userId: target.user.id });
    expect(later.data.sessions).toHaveLength(2);
  });

  it("revoke-user-session revokes one session; an unknown token is a no-op", async () => {
    const { signUpAs, browser, sessionOf } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const other = browser();
    await other.post("/sign-in/email", { email: target.email, password: PASSWORD });
    const token = (await sessionOf(target.browser))!.session.token;
    expect((await a.post("/admin/revoke-user-session", { sessionToken: token })).data).toEqual({
      success: true,
    });
    expect(await sessionOf(target.browser)).toBeNull();
    expect(await sessionOf(other)).not.toBeNull();
    expect((await a.post("/admin/revoke-user-session", { sessionToken: "unknown" })).data).toEqual({
      success: true,
    });
  });

  it("revoke-user-sessions revokes them all and leaves other users alone", async () => {
    const { signUpAs, browser, sessionOf } = setup();
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    const other = browser();
    await other.post("/sign-in/email", { email: target.email, password: PASSWORD });
    expect(
      (await adminUser.browser.post("/admin/revoke-user-sessions", { userId: target.user.id })).data,
    ).toEqual({
      success: true,
    });
    expect(await sessionOf(target.browser)).toBeNull();
    expect(await sessionOf(other)).toBeNull();
    expect(((await sessionOf(adminUser.browser)) as SessionBody).user.id).toBe(adminUser.user.id);
  });
});
