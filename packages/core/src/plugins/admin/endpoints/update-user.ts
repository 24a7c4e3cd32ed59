import { z } from "zod";
import type { UserRow } from "../../../plugin";
import { AUTH_ERRORS, isAdapterError, isValidEmail, publicUser } from "../../../plugin";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { adminEndpoint, parseRoleInput, requirePermission } from "../permissions";
import { adminRoutes } from "../routes";
import { parseAdminUserData, permissionsForData } from "../user-data";

const updateUserBody = z.object({ userId: z.string(), data: z.record(z.string(), z.unknown()) });

/**
 * POST /admin/update-user {userId, data} -> the updated user (not wrapped). Needs user:update, plus
 * user:set-role for a role, user:ban for ban fields (banning also revokes the user's sessions) and
 * user:set-email for email fields. Passwords have their own endpoint.
 */
export function adminUpdateUserEndpoint(options: ResolvedAdminOptions) {
  const guard = {
    permission: { user: ["update"] },
    refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS,
  };
  return adminEndpoint(options, adminRoutes.adminUpdateUser, guard, {
    body: updateUserBody,
    async handler({ app, rc, body, session }) {
      const actor = session.user;
      if (Object.keys(body.data).length === 0) throw ADMIN_ERRORS.NO_DATA_TO_UPDATE();
      if ("password" in body.data)
        throw ADMIN_ERRORS.PASSWORD_CANNOT_BE_UPDATED_THROUGH_UPDATE_USER_USE_THE_SET_USER_PASSWORD_ENDPOINT_INSTEAD();
      const raw = { ...body.data };
      if (raw.role !== undefined) raw.role = parseRoleInput(options, raw.role);
      const data = parseAdminUserData(app, raw);
      if (Object.keys(data).length === 0) throw ADMIN_ERRORS.NO_DATA_TO_UPDATE();
      for (const [request, refused] of permissionsForData(data, "update")) {
        requirePermission(options, actor, request, refused);
      }
      if (data.banned === true && body.userId === actor.id) throw ADMIN_ERRORS.YOU_CANNOT_BAN_YOURSELF();

      const { users } = app.core;
      if (typeof data.email === "string") {
        const email = data.email.trim().toLowerCase();
        if (!isValidEmail(email)) throw AUTH_ERRORS.INVALID_EMAIL();
        data.email = email;
        const holder = await users.findByEmail(email);
        if (holder && holder.id !== body.userId) throw ADMIN_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL();
      }
      const target = await users.findById(body.userId);
      if (!target) throw AUTH_ERRORS.USER_NOT_FOUND();
      let updated: UserRow;
      try {
        updated = await users.update(target, data, app.adapter, rc.request);
      } catch (error) {
        if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
        await app.events.runBefore("user.writeConflict", { data, userId: target.id, request: rc.request });
        throw ADMIN_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL();
      }
      await users.afterUpdate(updated, target);
      if (data.banned === true) await app.core.sessions.revoke(target.id);
      return publicUser(app, updated);
    },
  });
}
