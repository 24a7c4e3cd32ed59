import { z } from "zod";
import { AUTH_ERRORS, assertPasswordLength, publicUser, storeCredentialPassword } from "../../../plugin";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { adminEndpoint, parseRoleInput } from "../permissions";
import { adminRoutes } from "../routes";

/** GET /admin/get-user?id -> the user (not wrapped). Needs user:get. */
export function getUserEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.getUser,
    { permission: { user: ["get"] }, refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_GET_USER },
    {
      query: z.object({ id: z.string() }),
      noStore: true,
      async handler({ app, query }) {
        const user = await app.core.users.findById(query.id);
        if (!user) throw AUTH_ERRORS.USER_NOT_FOUND();
        return publicUser(app, user);
      },
    },
  );
}

/** POST /admin/set-role {userId, role: name or names} -> {user}. Needs user:set-role. */
export function setRoleEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.setRole,
    { permission: { user: ["set-role"] }, refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE },
    {
      body: z.object({ userId: z.string(), role: z.union([z.string(), z.array(z.string())]) }),
      async handler({ app, rc, body }) {
        const role = parseRoleInput(options, body.role);
        const { users } = app.core;
        const target = await users.findById(body.userId);
        if (!target) throw AUTH_ERRORS.USER_NOT_FOUND();
        const updated = await users.update(target, { role }, app.adapter, rc.request);
        await users.afterUpdate(updated, target);
        return { user: publicUser(app, updated) };
      },
    },
  );
}

/** POST /admin/set-user-password {userId, newPassword} -> {status: true}. Needs user:set-password. */
export function setUserPasswordEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.setUserPassword,
    {
      permission: { user: ["set-password"] },
      refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD,
    },
    {
      body: z.object({ newPassword: z.string().min(1), userId: z.string().min(1) }),
      async handler({ app, body }) {
        assertPasswordLength(app, body.newPassword);
        if (!(await app.core.users.findById(body.userId))) throw AUTH_ERRORS.USER_NOT_FOUND();
        await storeCredentialPassword(app, body.userId, await app.password.hash(body.newPassword));
        return { status: true };
      },
    },
  );
}

/**
 * POST /admin/remove-user {userId} -> {success: true}. Deletes the user, their sessions and
 * accounts; other plugins clean up on the "user.deleted" event. Needs user:delete.
 */
export function removeUserEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.removeUser,
    { permission: { user: ["delete"] }, refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS },
    {
      body: z.object({ userId: z.string() }),
      async handler({ app, body, session }) {
        if (body.userId === session.user.id) throw ADMIN_ERRORS.YOU_CANNOT_REMOVE_YOURSELF();
        const { users } = app.core;
        const user = await users.findById(body.userId);
        if (!user) throw AUTH_ERRORS.USER_NOT_FOUND();
        // Sessions first, outside the transaction: they may live in secondary storage.
        await app.core.sessions.revoke(user.id);
        await app.adapter.transaction(async (tx) => {
          await tx.deleteMany({ model: "account", where: [{ field: "userId", value: user.id }] });
          await users.delete(user.id, tx);
        });
        await app.events.emit("user.deleted", { user });
        return { success: true };
      },
    },
  );
}
