import { definePlugin } from "../../plugin";
import type { PermissionRequest } from "./access";
import { registerBanHooks } from "./ban";
import { banUserEndpoint, unbanUserEndpoint } from "./endpoints/bans";
import { createUserEndpoint } from "./endpoints/create-user";
import { userHasPermissionEndpoint } from "./endpoints/has-permission";
import { impersonateUserEndpoint, stopImpersonatingEndpoint } from "./endpoints/impersonation";
import { listUsersEndpoint } from "./endpoints/list-users";
import {
  listUserSessionsEndpoint,
  revokeUserSessionEndpoint,
  revokeUserSessionsEndpoint,
} from "./endpoints/sessions";
import { adminUpdateUserEndpoint } from "./endpoints/update-user";
import {
  getUserEndpoint,
  removeUserEndpoint,
  setRoleEndpoint,
  setUserPasswordEndpoint,
} from "./endpoints/users";
import { ADMIN_ERROR_CODES } from "./error-codes";
import { type AdminOptions, resolveAdminOptions } from "./options";
import { checkPermission, isAdminUser, type Subject } from "./permissions";
import { adminSchema } from "./schema";

/**
 * The admin plugin (spec section 6): roles on users (admin and user by default), user management
 * under /admin, bans that keep a user from getting any session, and impersonation.
 *
 *   createAuth({ plugins: [admin({ adminUserIds: ["usr_1"], impersonationSessionDuration: 600 })] })
 */
export function admin<const O extends AdminOptions>(options?: O) {
  const resolved = resolveAdminOptions(options);
  return definePlugin({
    id: "admin",
    schema: adminSchema(resolved.defaultRole),
    endpoints: {
      createUser: createUserEndpoint(resolved),
      listUsers: listUsersEndpoint(resolved),
      getUser: getUserEndpoint(resolved),
      setRole: setRoleEndpoint(resolved),
      setUserPassword: setUserPasswordEndpoint(resolved),
      adminUpdateUser: adminUpdateUserEndpoint(resolved),
      removeUser: removeUserEndpoint(resolved),
      banUser: banUserEndpoint(resolved),
      unbanUser: unbanUserEndpoint(resolved),
      listUserSessions: listUserSessionsEndpoint(resolved),
      revokeUserSession: revokeUserSessionEndpoint(resolved),
      revokeUserSessions: revokeUserSessionsEndpoint(resolved),
      impersonateUser: impersonateUserEndpoint(resolved),
      stopImpersonating: stopImpersonatingEndpoint(),
      userHasPermission: userHasPermissionEndpoint(resolved),
    },
    errors: ADMIN_ERROR_CODES,
    services: () => ({
      /** Server helper: does this user (or bare role) hold the permissions? */
      hasPermission: (subject: Subject, permissions: PermissionRequest) =>
        checkPermission(resolved, subject, permissions).success,
      isAdmin: (subject: Subject) => isAdminUser(resolved, subject),
      options: resolved,
    }),
    setup(app) {
      registerBanHooks(app, resolved);
    },
    options,
  });
}

export type AdminPlugin = ReturnType<typeof admin>;
