import { z } from "zod";
import { publicSession } from "../../../plugin";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { adminEndpoint } from "../permissions";
import { adminRoutes } from "../routes";

/** POST /admin/list-user-sessions {userId} -> {sessions} (unexpired). Needs session:list. */
export function listUserSessionsEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.listUserSessions,
    { permission: { session: ["list"] }, refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS },
    {
      body: z.object({ userId: z.string() }),
      noStore: true,
      async handler({ app, body }) {
        const now = app.now().getTime();
        const rows = await app.core.sessions.store.listByUser(body.userId);
        return {
          sessions: rows.filter((s) => s.expiresAt.getTime() > now).map((s) => publicSession(app, s)),
        };
      },
    },
  );
}

/** POST /admin/revoke-user-session {sessionToken} -> {success: true}. Needs session:revoke. */
export function revokeUserSessionEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.revokeUserSession,
    {
      permission: { session: ["revoke"] },
      refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS,
    },
    {
      body: z.object({ sessionToken: z.string() }),
      async handler({ app, body }) {
        const target = await app.core.sessions.store.findByToken(body.sessionToken);
        if (target) await app.core.sessions.revoke(target.user.id, [body.sessionToken]);
        return { success: true };
      },
    },
  );
}

/** POST /admin/revoke-user-sessions {userId} -> {success: true}: every session of the user. */
export function revokeUserSessionsEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.revokeUserSessions,
    {
      permission: { session: ["revoke"] },
      refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS,
    },
    {
      body: z.object({ userId: z.string() }),
      async handler({ app, body }) {
        await app.core.sessions.revoke(body.userId);
        return { success: true };
      },
    },
  );
}
