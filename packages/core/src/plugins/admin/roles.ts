import { createAccessControl } from "./access";

/**
 * The admin statements: spec section 6 (user: create, list, set-role, ban, impersonate, delete,
 * set-password; session: list, revoke, delete) plus, where the spec is silent, better-auth's
 * get, update, set-email and impersonate-admins.
 */
export const defaultStatements = {
  user: [
    "create",
    "list",
    "set-role",
    "ban",
    "impersonate",
    "impersonate-admins",
    "delete",
    "set-password",
    "set-email",
    "get",
    "update",
  ],
  session: ["list", "revoke", "delete"],
} as const;

export const defaultAc = createAccessControl(defaultStatements);

/** Everything except impersonating other admins (spec section 6: admin "yes" on every row). */
export const adminAc = defaultAc.newRole({
  user: [
    "create",
    "list",
    "set-role",
    "ban",
    "impersonate",
    "delete",
    "set-password",
    "set-email",
    "get",
    "update",
  ],
  session: ["list", "revoke", "delete"],
});

/** Nothing (spec section 6: user "no" on every row). */
export const userAc = defaultAc.newRole({ user: [], session: [] });

export const defaultRoles = { admin: adminAc, user: userAc };
