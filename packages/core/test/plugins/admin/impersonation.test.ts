import { describe, expect, it } from "vitest";
import { type ErrorBody, PASSWORD, type SessionBody, setup } from "./helpers";

const HOUR = 3600_000;

describe("admin: impersonation", () => {
  it("round trip: a shorter impersonation session, the admin cookie, then back to the admin's session", async () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    const { signUpAs, sessionOf, auth } = setup(undefined, { advanced: { now: () => new Date(now) } });
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    const a = adminUser.browser;
    const adminToken = (await sessionOf(a))!.session.token;

    const res = await a.post<SessionBody>("/admin/impersonate-user", { userId: target.user.id });
    expect(res.status).toBe(200);
    expect(res.data.user.id).toBe(target.user.id);
    expect(res.data.session.impersonatedBy).toBe(adminUser.user.id);
    expect(Date.parse(res.data.session.expiresAt)).toBe(now + HOUR);
    expect(res.setCookies.get("gatehouse.session_token")?.attributes).not.toMatch(/max-age/i);
    expect(res.setCookies.has("gatehouse.admin_session")).toBe(true);
    const kept = a.cookies.get("gatehouse.admin_session")!;
    expect(await auth.$context.keys.unsignValue(kept)).toBe(`${adminToken}:`); // signed: admin token, remembered
    expect(await auth.$context.keys.unsignValue(`${adminToken}:1.forged`)).toBeNull();

    const during = await sessionOf(a);
    expect(during?.user.id).toBe(target.user.id);
    expect(during?.session.impersonatedBy).toBe(adminUser.user.id);
    expect((await a.get("/admin/list-users")).status).toBe(403); // acting as the user now

    const back = await a.post<SessionBody>("/admin/stop-impersonating", {});
    expect(back.status).toBe(200);
    expect(back.data.user.id).toBe(adminUser.user.id);
    expect(back.data.session.token).toBe(adminToken);
    expect(a.cookies.has("gatehouse.admin_session")).toBe(false);
    expect(a.cookies.has("gatehouse.dont_remember")).toBe(false); // the admin's session was remembered
    expect((await sessionOf(a))?.session.token).toBe(adminToken);
    expect(await auth.$context.core.sessions.store.findByToken(res.data.session.token)).toBeNull();
    expect((await a.get("/admin/list-users")).status).toBe(200);
  });

  it("honours impersonationSessionDuration", async () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    const { signUpAs } = setup(
      { impersonationSessionDuration: 600 },
      { advanced: { now: () => new Date(now) } },
    );
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    const res = await a.post<SessionBody>("/admin/impersonate-user", { userId: target.user.id });
    expect(Date.parse(res.data.session.expiresAt)).toBe(now + 600_000);
  });

  it("the impersonation session expires after its lifetime while the admin's lives on", async () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const { signUpAs, sessionOf } = setup(undefined, { advanced: { now: () => new Date(now) } });
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    await a.post("/admin/impersonate-user", { userId: target.user.id });
    now += HOUR + 1000;
    expect(await sessionOf(a)).toBeNull();
  });

  it("admins cannot impersonate admins (by role or by adminUserIds) unless allowed", async () => {
    const { signUpAs, signUpWithId } = setup({ adminUserIds: ["listed-admin"] });
    const { browser: a } = await signUpAs("admin");
    const other = await signUpAs("admin");
    const listed = await signUpWithId("listed-admin", "user");
    for (const userId of [other.user.id, listed.user.id]) {
      const res = await a.post<ErrorBody>("/admin/impersonate-user", { userId });
      expect(res.status).toBe(403);
      expect(res.data).toEqual({
        message: "You cannot impersonate admins",
        code: "YOU_CANNOT_IMPERSONATE_ADMINS",
      });
    }
    const allowed = setup({ allowImpersonatingAdmins: true });
    const a2 = await allowed.signUpAs("admin");
    const other2 = await allowed.signUpAs("admin");
    expect((await a2.browser.post("/admin/impersonate-user", { userId: other2.user.id })).status).toBe(200);
  });

  it("errors: unknown user 404; stop without impersonating 400; stop without a session 401", async () => {
    const { signUpAs, browser } = setup();
    const { browser: a } = await signUpAs("admin");
    const missing = await a.post<ErrorBody>("/admin/impersonate-user", { userId: "nope" });
    expect([missing.status, missing.data.message]).toEqual([404, "User not found"]);
    const notImpersonating = await a.post<ErrorBody>("/admin/stop-impersonating", {});
    expect(notImpersonating.status).toBe(400);
    expect(notImpersonating.data).toEqual({
      message: "You are not impersonating anyone",
      code: "YOU_ARE_NOT_IMPERSONATING_ANYONE",
    });
    expect((await browser().post("/admin/stop-impersonating", {})).status).toBe(401);
  });

  it("stop-impersonating without the admin cookie, or after the admin session was revoked: 500", async () => {
    const { signUpAs, auth } = setup();
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    const a = adminUser.browser;
    await a.post("/admin/impersonate-user", { userId: target.user.id });
    const kept = a.cookies.get("gatehouse.admin_session")!;
    a.cookies.delete("gatehouse.admin_session");
    const noCookie = await a.post<ErrorBody>("/admin/stop-impersonating", {});
    expect([noCookie.status, noCookie.data.message]).toEqual([500, "Failed to find admin session"]);
    a.cookies.set("gatehouse.admin_session", `${kept}x`);
    const forged = await a.post<ErrorBody>("/admin/stop-impersonating", {});
    expect([forged.status, forged.data.message]).toEqual([500, "Failed to find admin session"]);
    a.cookies.set("gatehouse.admin_session", kept);
    await auth.$context.core.sessions.revoke(adminUser.user.id);
    const revoked = await a.post<ErrorBody>("/admin/stop-impersonating", {});
    expect([revoked.status, revoked.data.message]).toEqual([500, "Failed to find admin session"]);
  });

  it("stop-impersonating when the admin no longer exists: 500 Failed to find user", async () => {
    const { signUpAs, auth } = setup();
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    await adminUser.browser.post("/admin/impersonate-user", { userId: target.user.id });
    await auth.$context.adapter.delete({ model: "user", where: [{ field: "id", value: adminUser.user.id }] });
    const res = await adminUser.browser.post<ErrorBody>("/admin/stop-impersonating", {});
    expect([res.status, res.data.message]).toEqual([500, "Failed to find user"]);
  });

  it("restores a non-remembered admin session as non-remembered", async () => {
    const { signUpAs, browser, sessionOf } = setup();
    const adminUser = await signUpAs("admin");
    const target = await signUpAs("user");
    const a = browser();
    await a.post("/sign-in/email", { email: adminUser.email, password: PASSWORD, rememberMe: false });
    const adminToken = (await sessionOf(a))!.session.token;
    await a.post("/admin/impersonate-user", { userId: target.user.id });
    expect(a.cookies.get("gatehouse.admin_session")).toBeDefined();
    const back = await a.post<SessionBody>("/admin/stop-impersonating", {});
    expect(back.data.session.token).toBe(adminToken);
    expect(back.setCookies.get("gatehouse.session_token")?.attributes).not.toMatch(/max-age/i);
    expect(a.cookies.has("gatehouse.dont_remember")).toBe(true);
  });

  it("a banned user cannot be impersonated (no session for a banned user, whatever the path)", async () => {
    const { signUpAs } = setup();
    const { browser: a } = await signUpAs("admin");
    const target = await signUpAs("user");
    await a.post("/admin/ban-user", { userId: target.user.id });
    const res = await a.post<ErrorBody>("/admin/impersonate-user", { userId: target.user.id });
    expect([res.status, res.data.code]).toEqual([403, "BANNED_USER"]);
  });
});
