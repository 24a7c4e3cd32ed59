import type { RequestContext } from "../../plugin";

/**
 * While impersonating, the admin's own session token waits in a signed `<prefix>.admin_session`
 * cookie (with whether that session was remembered), so stop-impersonating can restore it.
 */
function adminCookieName(rc: RequestContext): string {
  const { cookies } = rc.app;
  return `${cookies.secure ? "__Secure-" : ""}${cookies.prefix}.admin_session`;
}

export async function setAdminSessionCookie(rc: RequestContext, token: string, dontRemember: boolean) {
  const signed = await rc.app.keys.signValue(`${token}:${dontRemember ? "1" : ""}`);
  rc.setCookie(adminCookieName(rc), signed, dontRemember ? {} : { maxAge: rc.app.session.expiresIn });
}

/** The admin session kept by impersonate-user, or null when the cookie is absent or forged. */
export async function readAdminSessionCookie(
  rc: RequestContext,
): Promise<{ token: string; dontRemember: boolean } | null> {
  const raw = rc.getCookie(adminCookieName(rc));
  const value = raw ? await rc.app.keys.unsignValue(raw) : null;
  const colon = value?.lastIndexOf(":") ?? -1;
  if (!value || colon <= 0) return null;
  return { token: value.slice(0, colon), dontRemember: value.slice(colon + 1) === "1" };
}

export function clearAdminSessionCookie(rc: RequestContext) {
  rc.deleteCookie(adminCookieName(rc));
}
