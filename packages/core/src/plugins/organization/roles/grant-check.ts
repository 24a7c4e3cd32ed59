import type { ErrorFactory } from "../../../errors/define-errors";
import { can } from "../context";
import type { ResolvedOrganizationOptions } from "../options";
import type { MemberRow } from "../types";

/**
 * No stored role may grant more than its author holds (better-auth's rule for create-role and
 * update-role): every `resource:action` of `permission` must be granted to `member` itself, through
 * any of its roles. Otherwise `refused` (403), with the missing pairs as `missingPermissions`.
 * `member` must be the row `requireMember` returned, so its own stored roles count.
 */
export function assertHoldsPermission(
  opts: ResolvedOrganizationOptions,
  member: MemberRow,
  permission: Readonly<Record<string, readonly string[]>>,
  refused: ErrorFactory,
): void {
  const missing = Object.entries(permission).flatMap(([resource, actions]) =>
    actions
      .filter((action) => !can(opts, member, { [resource]: [action] }))
      .map((action) => `${resource}:${action}`),
  );
  if (missing.length > 0) throw refused({ missingPermissions: missing });
}

/** Stored role names are lower-case (as better-auth), so `Editor` and `editor` are one role. */
export const normalizeRoleName = (name: string) => name.toLowerCase();
