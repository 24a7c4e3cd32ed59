import { z } from "zod";
import { AUTH_ERRORS, defineEndpoint } from "../../../plugin";
import type { PermissionRequest } from "../access";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { checkPermission, type Subject } from "../permissions";
import { adminRoutes } from "../routes";

const hasPermissionBody = z.object({
  /** Resource -> actions (or {actions, connector}); malformed entries give "Invalid access control request". */
  permissions: z.record(z.string(), z.unknown()).optional(),
  /** Deprecated spelling of `permissions` (better-auth). */
  permission: z.record(z.string(), z.unknown()).optional(),
  /** Server calls without a session: whose permissions to check. */
  userId: z.string().optional(),
  role: z.string().optional(),
});

/**
 * POST /admin/has-permission {permissions, userId?, role?} -> {error, success}. Over HTTP it checks
 * the caller; trusted server calls may name a user id or a role instead. When the check fails,
 * `error` carries the access-control message (spec section 8, Access); otherwise it is null.
 */
export function userHasPermissionEndpoint(options: ResolvedAdminOptions) {
  return defineEndpoint(adminRoutes.userHasPermission, {
    body: hasPermissionBody,
    auth: "optional",
    async handler({ app, rc, body, session }) {
      const permissions = (body.permissions ?? body.permission) as PermissionRequest | undefined;
      if (!permissions) throw ADMIN_ERRORS.INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED();
      if (!session && !rc.isServerCall) throw AUTH_ERRORS.UNAUTHORIZED();
      if (!session && !body.userId && !body.role) throw ADMIN_ERRORS.USER_ID_OR_ROLE_IS_REQUIRED();
      let subject: Subject | null = session?.user ?? null;
      if (!subject && body.role) subject = { id: body.userId, role: body.role };
      if (!subject && body.userId) subject = await app.core.users.findById(body.userId);
      if (!subject) throw ADMIN_ERRORS.USER_NOT_FOUND();
      const result = checkPermission(options, subject, permissions);
      return { error: result.success ? null : result.error, success: result.success };
    },
  });
}
