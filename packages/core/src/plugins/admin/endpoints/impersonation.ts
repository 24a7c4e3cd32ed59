import { z } from "zod";
import {
  AUTH_ERRORS,
  defineEndpoint,
  publicSession,
  publicUser,
  readDontRemember,
  setSessionCookies,
} from "../../../plugin";
import { clearAdminSessionCookie, readAdminSessionCookie, setAdminSessionCookie } from "../admin-cookie";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { adminEndpoint, checkPermission, isAdminUser } from "../permissions";
import { adminRoutes } from "../routes";

/**
 * POST /admin/impersonate-user {userId} -> {session, user}. Creates a non-remembered session of the
 * target marked `impersonatedBy` (lifetime `impersonationSessionDuration`, 1 hour by default), makes
 * it the browser's session and keeps the admin's own token in the signed admin_session cookie.
 * Admins cannot be impersonated unless `allowImpersonatingAdmins` or user:impersonate-admins.
 */
export function impersonateUserEndpoint(options: ResolvedAdminOptions) {
  const guard = {
    permission: { user: ["impersonate"] },
    refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS,
  };
  return adminEndpoint(options, adminRoutes.impersonateUser, guard, {
    body: z.object({ userId: z.string() }),
    noStore: true,
    async handler({ app, rc, body, session }) {
      const admin = session.user;
      const target = await app.core.users.findById(body.userId);
      if (!target) throw AUTH_ERRORS.USER_NOT_FOUND();
      if (
        isAdminUser(options, target) &&
        !options.allowImpersonatingAdmins &&
        !checkPermission(options, admin, { user: ["impersonate-admins"] }).success
      ) {
        throw ADMIN_ERRORS.YOU_CANNOT_IMPERSONATE_ADMINS();
      }
      const adminToken = session.session.token;
      const adminDontRemember = await readDontRemember(rc);
      const expiresAt = new Date(app.now().getTime() + options.impersonationSessionDuration * 1000);
      const created = await app.core.sessions.create(rc, target, {
        dontRemember: true,
        extra: { impersonatedBy: admin.id, expiresAt },
      });
      await setAdminSessionCookie(rc, adminToken, adminDontRemember);
      return { session: publicSession(app, created.session), user: publicUser(app, target) };
    },
  });
}

/**
 * POST /admin/stop-impersonating -> {session, user} of the restored admin session. Deletes the
 * impersonation session and puts the admin's own session back in the cookies.
 */
export function stopImpersonatingEndpoint() {
  return defineEndpoint(adminRoutes.stopImpersonating, {
    auth: "fresh-session",
    noStore: true,
    async handler({ app, rc, session }) {
      const adminId = session.session.impersonatedBy;
      if (typeof adminId !== "string" || adminId === "")
        throw ADMIN_ERRORS.YOU_ARE_NOT_IMPERSONATING_ANYONE();
      if (!(await app.core.users.findById(adminId))) throw ADMIN_ERRORS.FAILED_TO_FIND_USER();
      const kept = await readAdminSessionCookie(rc);
      const adminSession = kept ? await app.core.sessions.store.findByToken(kept.token) : null;
      if (
        !kept ||
        !adminSession ||
        adminSession.user.id !== adminId ||
        adminSession.session.expiresAt.getTime() <= app.now().getTime()
      ) {
        throw ADMIN_ERRORS.FAILED_TO_FIND_ADMIN_SESSION();
      }
      await app.core.sessions.revoke(session.user.id, [session.session.token]);
      await setSessionCookies(rc, adminSession, kept.dontRemember);
      clearAdminSessionCookie(rc);
      rc.session = adminSession;
      return { session: publicSession(app, adminSession.session), user: publicUser(app, adminSession.user) };
    },
  });
}
