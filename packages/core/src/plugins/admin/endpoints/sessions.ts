import { z } from "zod";
import { defineEndpoint, publicSession } from "../../../plugin";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { requirePermission } from "../permissions";
import { adminRoutes } from "../routes";

/** POST /admin/list-user-sessions {userId} -> {sessions} (unexpired). Needs session:list. */
export function listUserSessionsEndpoint(options: ResolvedAdminOptions) {
  return defineEndpoint(adminRoutes.listUserSessions, {
    body: z.object({ userId: z.string() }),
    auth: "fresh-session",
    noStore: true,
    async handler({ app, body, session }) {
      requirePermission(
        options,
        session.user,
        { session: ["list"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS,
      );
      const now = app.now().getTime();
      const rows = await app.core.sessions.store.listByUser(body.userId);
      return { sessions: rows.filter((s) => s.expiresAt.getTime() > now).map((s) => publicSession(app, s)) };
    },
  });
}

/** POST /admin/revoke-user-session {sessionToken} -> {success: true}. Needs session:revoke. */
export function revokeUserSessionEndpoint(options: ResolvedAdminOptions) {
  return defineEndpoint(adminRoutes.revokeUserSession, {
    body: z.object({ sessionToken: z.string() }),
    auth: "fresh-session",
    async handler({ app, body, session }) {
      requirePermission(
        options,
        session.user,
        { session: ["revoke"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS,
      );
      const target = await app.core.sessions.store.findByToken(body.sessionToken);
      if (target) await app.core.sessions.revoke(target.user.id, [body.sessionToken]);
      return { success: true };
    },
  });
}

/** POST /admin/revoke-user-sessions {userId} -> {success: true}: every session of the user. */
export function revokeUserSessionsEndpoint(options: ResolvedAdminOptions) {
  return defineEndpoint(adminRoutes.revokeUserSessions, {
    body: z.object({ userId: z.string() }),
    auth: "fresh-session",
    async handler({ app, body, session }) {
      requirePermission(
        options,
        session.user,
        { session: ["revoke"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS,
      );
      await app.core.sessions.revoke(body.userId);
      return { success: true };
    },
  });
}
