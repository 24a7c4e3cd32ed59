import { z } from "zod";
import { AUTH_ERRORS, publicUser } from "../../../plugin";
import { banFields, UNBANNED } from "../ban";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { adminEndpoint } from "../permissions";
import { adminRoutes } from "../routes";

const banUserBody = z.object({
  userId: z.string(),
  banReason: z.string().optional(),
  /** Seconds until the ban lifts itself; none means the default (never, unless configured). */
  banExpiresIn: z.number().positive().optional(),
});

/**
 * POST /admin/ban-user {userId, banReason?, banExpiresIn?} -> {user}. Revokes all of the user's
 * sessions; the ban hooks then refuse every new one. Needs user:ban.
 */
export function banUserEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.banUser,
    { permission: { user: ["ban"] }, refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS },
    {
      body: banUserBody,
      async handler({ app, rc, body, session }) {
        const { users } = app.core;
        const target = await users.findById(body.userId);
        if (!target) throw AUTH_ERRORS.USER_NOT_FOUND();
        if (target.id === session.user.id) throw ADMIN_ERRORS.YOU_CANNOT_BAN_YOURSELF();
        const updated = await users.update(target, banFields(app, options, body), app.adapter, rc.request);
        await users.afterUpdate(updated, target);
        await app.core.sessions.revoke(target.id);
        return { user: publicUser(app, updated) };
      },
    },
  );
}

/** POST /admin/unban-user {userId} -> {user}. Needs user:ban. */
export function unbanUserEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.unbanUser,
    { permission: { user: ["ban"] }, refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS },
    {
      body: z.object({ userId: z.string() }),
      async handler({ app, rc, body }) {
        const { users } = app.core;
        const target = await users.findById(body.userId);
        if (!target) throw AUTH_ERRORS.USER_NOT_FOUND();
        const updated = await users.update(target, { ...UNBANNED }, app.adapter, rc.request);
        await users.afterUpdate(updated, target);
        return { user: publicUser(app, updated) };
      },
    },
  );
}
