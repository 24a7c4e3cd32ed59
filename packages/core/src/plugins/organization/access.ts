/**
 * Access control, pure and browser-safe (imports only the browser half of the plugin API): statements map a resource to its actions,
 * roles grant a subset of them, and a check asks whether a member's roles grant a request.
 *
 *   const ac = createAccessControl({ ...defaultStatements, project: ["create", "share"] } as const);
 *   const editor = ac.newRole({ project: ["create"], team: ["update"] });
 *   editor.authorize({ project: ["create"] }); // { success: true }
 *
 * Semantics (spec section 6, better-auth's role model):
 * - A member may hold several roles. The check passes if ANY one of them grants the request.
 * - Within one role, connector "AND" (default) needs every requested action of every requested
 *   resource; "OR" needs at least one of them.
 * - A resource the role has no statement for is refused ("You are not allowed to access resource: x").
 */

import { formatRoles, parseRoles } from "../../plugin/client";

export type Statements = Readonly<Record<string, readonly string[]>>;
/** `{ resource: [actions] }`, e.g. `{ member: ["delete"] }`. */
export type PermissionRequest = Readonly<Record<string, readonly string[]>>;
export type Connector = "AND" | "OR";

export interface AuthorizeResult {
  readonly success: boolean;
  /** Why the check failed (one of the spec section 8 "Access" messages). */
  readonly error?: string;
}

/** Spec section 8, "Access". */
export const ACCESS_MESSAGES = {
  resourceNotAllowed: (resource: string) => `You are not allowed to access resource: ${resource}`,
  unauthorizedResource: (resource: string) => `unauthorized to access resource ${resource}`,
  notAuthorized: "Not authorized",
  invalidRequest: "Invalid access control request",
} as const;

/** What a role may grant, given the statements it was built from. */
export type Grants<S extends Statements> = { readonly [K in keyof S]?: readonly S[K][number][] };

export interface Role<G extends Statements = Statements> {
  readonly statements: G;
  authorize(request: PermissionRequest, connector?: Connector): AuthorizeResult;
}

export interface AccessControl<S extends Statements = Statements> {
  readonly statements: S;
  newRole<const G extends Grants<S>>(grants: G): Role<{ readonly [K in keyof G]: NonNullable<G[K]> }>;
}

/** A request is valid when it names at least one resource, each with a non-empty list of action names. */
export function isValidRequest(request: unknown): request is PermissionRequest {
  if (!request || typeof request !== "object" || Array.isArray(request)) return false;
  const entries = Object.entries(request);
  return (
    entries.length > 0 &&
    entries.every(
      ([, actions]) =>
        Array.isArray(actions) && actions.length > 0 && actions.every((a) => typeof a === "string"),
    )
  );
}

function authorizeWith(
  grants: Statements,
  request: PermissionRequest,
  connector: Connector,
): AuthorizeResult {
  if (!isValidRequest(request)) return { success: false, error: ACCESS_MESSAGES.invalidRequest };
  let firstError: string | undefined;
  for (const [resource, actions] of Object.entries(request)) {
    const allowed = Object.hasOwn(grants, resource) ? grants[resource] : undefined;
    const error = !allowed
      ? ACCESS_MESSAGES.resourceNotAllowed(resource)
      : actions.every((a) => allowed.includes(a))
        ? undefined
        : ACCESS_MESSAGES.unauthorizedResource(resource);
    if (connector === "AND" && error) return { success: false, error };
    if (connector === "OR") {
      if (allowed && actions.some((a) => allowed.includes(a))) return { success: true };
      firstError ??= error ?? ACCESS_MESSAGES.unauthorizedResource(resource);
    }
  }
  return connector === "AND" ? { success: true } : { success: false, error: firstError };
}

/** A role from grants (resource -> actions). Used by `ac.newRole` and for roles defined as data. */
export function role<const G extends Statements>(grants: G): Role<G> {
  return {
    statements: grants,
    authorize: (request, connector = "AND") => authorizeWith(grants, request, connector),
  };
}

/** Declares the statements (resource -> actions) roles may be built from. */
export function createAccessControl<const S extends Statements>(statements: S): AccessControl<S> {
  return {
    statements,
    newRole(grants) {
      for (const [resource, actions] of Object.entries(grants as Statements)) {
        const known = statements[resource];
        const unknown = known ? actions.filter((a) => !known.includes(a)) : actions;
        if (unknown.length > 0) {
          throw new Error(
            `Role grants unknown ${resource} action(s): ${unknown.join(", ")}. Declare them first.`,
          );
        }
      }
      return role(grants as Statements) as never;
    },
  };
}

/** Spec section 6: the organization resources and their actions. */
export const defaultStatements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
} as const;

export const defaultAc = createAccessControl(defaultStatements);

/** The resource of dynamic access control (managing stored roles); only with dynamic roles on. */
export const acStatements = { ac: ["create", "read", "update", "delete"] } as const;

/** Spec section 6: owner everything; admin the same except organization delete; member nothing. */
export const ownerRole = defaultAc.newRole({
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
});
export const adminRole = defaultAc.newRole({
  organization: ["update"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
});
export const memberRole = defaultAc.newRole({});

export const defaultRoles = { owner: ownerRole, admin: adminRole, member: memberRole } as const;

export type RoleMap = Readonly<Record<string, Role>>;

/**
 * The member's roles from their API form ("admin,member" or ["admin", "member"]) and back: the
 * plugin API's one role parser.
 */
export { formatRoles, parseRoles };

/**
 * Does any of `roles` grant `permissions`? Unknown role names grant nothing; with no known role at
 * all the answer is "Not authorized".
 */
export function checkRolePermission(input: {
  readonly roles: string | readonly string[];
  readonly permissions: PermissionRequest;
  readonly connector?: Connector;
  readonly definitions?: RoleMap;
}): AuthorizeResult {
  if (!isValidRequest(input.permissions)) return { success: false, error: ACCESS_MESSAGES.invalidRequest };
  const definitions: RoleMap = input.definitions ?? defaultRoles;
  const known = parseRoles(input.roles)
    .filter((name) => Object.hasOwn(definitions, name))
    .map((name) => definitions[name]!);
  if (known.length === 0) return { success: false, error: ACCESS_MESSAGES.notAuthorized };
  let firstError: string | undefined;
  for (const r of known) {
    const result = r.authorize(input.permissions, input.connector ?? "AND");
    if (result.success) return result;
    firstError ??= result.error;
  }
  return { success: false, error: firstError };
}
