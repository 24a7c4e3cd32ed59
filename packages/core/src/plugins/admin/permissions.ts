import type { z } from "zod";
import {
  defineEndpoint,
  type EndpointConfig,
  type ErrorFactory,
  parseRoles,
  type RouteDef,
} from "../../plugin";
import type { AuthorizeResult, PermissionRequest } from "./access";
import { ACCESS_MESSAGES } from "./access";
import { ADMIN_ERRORS } from "./errors";
import type { ResolvedAdminOptions } from "./options";

/** Whose permissions are checked: a user row, or a bare role for server-side checks. */
export interface Subject {
  readonly id?: string;
  readonly role?: unknown;
}

/** The role names of a subject (stored comma-joined); the default role when none is stored. */
export function rolesOf(options: ResolvedAdminOptions, subject: Subject): string[] {
  const stored =
    typeof subject.role === "string" && subject.role.trim() !== "" ? subject.role : options.defaultRole;
  return parseRoles(stored);
}

/**
 * Does the subject hold the requested permissions? Listed admin user ids pass every check; otherwise
 * the check passes if any of the subject's roles grants the whole request.
 */
export function checkPermission(
  options: ResolvedAdminOptions,
  subject: Subject,
  request: PermissionRequest,
): AuthorizeResult {
  if (subject.id && options.adminUserIds.includes(subject.id)) return { success: true };
  let result: AuthorizeResult = { success: false, error: ACCESS_MESSAGES.notAuthorized };
  for (const name of rolesOf(options, subject)) {
    const role = options.roles[name];
    if (!role) continue;
    result = role.authorize(request);
    if (result.success) return result;
  }
  return result;
}

/** Throws `refused` (403 "You are not allowed to ...") unless the subject holds the permissions. */
export function requirePermission(
  options: ResolvedAdminOptions,
  subject: Subject,
  request: PermissionRequest,
  refused: ErrorFactory,
): void {
  if (!checkPermission(options, subject, request).success) throw refused();
}

/** Is the user an admin: a listed admin user id, or holding one of the admin roles? */
export function isAdminUser(options: ResolvedAdminOptions, subject: Subject): boolean {
  if (subject.id && options.adminUserIds.includes(subject.id)) return true;
  return rolesOf(options, subject).some((r) => options.adminRoles.includes(r));
}

/**
 * Validates a role input (a name or a list of names) and returns it comma-joined: 400 "Invalid role
 * type" for anything else, 400 "You are not allowed to set a non-existent role value" for an unknown
 * name.
 */
export function parseRoleInput(options: ResolvedAdminOptions, input: unknown): string {
  const valid =
    typeof input === "string" || (Array.isArray(input) && input.every((n) => typeof n === "string"));
  const names = valid ? parseRoles(input) : [];
  if (names.length === 0) throw ADMIN_ERRORS.INVALID_ROLE_TYPE();
  if (names.some((n) => !Object.hasOwn(options.roles, n)))
    throw ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_A_NON_EXISTENT_ROLE_VALUE();
  return names.join(",");
}

/**
 * Declares an admin endpoint behind one permission check: a fresh session is required, and the
 * handler runs only when the session user holds `permission` (else `refused`, 403).
 */
export function adminEndpoint<
  const R extends RouteDef,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  O = unknown,
>(
  options: ResolvedAdminOptions,
  route: R,
  guard: { readonly permission: PermissionRequest; readonly refused: ErrorFactory },
  config: Omit<EndpointConfig<B, Q, "fresh-session", O>, "auth">,
) {
  return defineEndpoint(route, {
    ...config,
    auth: "fresh-session",
    handler(ctx) {
      requirePermission(options, ctx.session.user, guard.permission, guard.refused);
      return config.handler(ctx);
    },
  });
}
