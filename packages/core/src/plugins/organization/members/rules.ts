import type { ErrorFactory } from "../../../plugin";
import { parseRoles, type RoleMap } from "../access";
import { ORG_ERRORS } from "../errors";

/**
 * Membership rules: pure functions of plain values, unit-tested without a database. The services
 * gather the inputs (with count queries, inside the organization's lock) and call these.
 */

export const holdsRole = (roles: string | readonly string[], role: string): boolean =>
  parseRoles(roles).includes(role);

/** Every role must be defined; at least one role is required. */
export function assertKnownRoles(roles: readonly string[], definitions: RoleMap): void {
  const unknown = roles.filter((r) => !Object.hasOwn(definitions, r));
  if (roles.length === 0 || unknown.length > 0) throw ORG_ERRORS.ROLE_NOT_FOUND({ roles: unknown });
}

/** Only an owner may remove an owner (removing oneself is leaving, handled by the owner count). */
export function assertCanRemoveMember(input: {
  readonly ownerRole: string;
  readonly actorRoles: string;
  readonly targetRoles: string;
  readonly self: boolean;
}): void {
  if (input.self) return;
  if (holdsRole(input.targetRoles, input.ownerRole) && !holdsRole(input.actorRoles, input.ownerRole)) {
    throw ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER();
  }
}

/** Only an owner may change an owner's roles or grant the owner role. */
export function assertCanSetRoles(input: {
  readonly ownerRole: string;
  readonly actorRoles: string;
  readonly targetRoles: string;
  readonly next: readonly string[];
}): void {
  const actorIsOwner = holdsRole(input.actorRoles, input.ownerRole);
  const touchesOwner = holdsRole(input.targetRoles, input.ownerRole) || input.next.includes(input.ownerRole);
  if (touchesOwner && !actorIsOwner) throw ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER();
}

/** Does going from `before` to `after` take the owner role away / give it? */
export const losesRole = (before: string, after: readonly string[], role: string) =>
  holdsRole(before, role) && !after.includes(role);
export const gainsRole = (before: string, after: readonly string[], role: string) =>
  !holdsRole(before, role) && after.includes(role);

/** The last-owner rule (spec section 5): an organization keeps at least one owner. */
export function assertOwnerRemains(ownersAfter: number, error: ErrorFactory): void {
  if (ownersAfter < 1) throw error();
}

/** Limits are "at most `limit`": adding is refused once `count` has reached it. */
export function assertBelowLimit(count: number, limit: number, error: ErrorFactory): void {
  if (count >= limit) throw error();
}
