import type { AppContext, DBAdapter, ErrorFactory } from "../../../plugin";
import { ORG_ERRORS } from "../errors";
import { organizationRepository } from "../organizations/repository";
import type { OrganizationRow } from "../types";
import { memberRepository } from "./repository";
import { assertOwnerRemains } from "./rules";

/**
 * Runs `fn` in a transaction that first locks the organization's row (see the repository's `lock`).
 * Membership and role changes of one organization therefore run one at a time on every database,
 * and whatever `fn` reads after the lock is current. Throws "Organization not found" when the
 * organization is gone (deleted concurrently).
 */
export function withOrganizationLock<T>(
  app: AppContext,
  organizationId: string,
  fn: (tx: DBAdapter, organization: OrganizationRow) => Promise<T>,
): Promise<T> {
  return app.adapter.transaction(async (tx) => {
    const organization = await organizationRepository(tx).lock(organizationId);
    if (!organization) throw ORG_ERRORS.ORGANIZATION_NOT_FOUND();
    return fn(tx, organization);
  });
}

/**
 * Call inside `withOrganizationLock`, before a member loses the owner role (removal, leaving,
 * demotion). Refuses with `error` when no owner would remain:
 * 1. the real number of owners is counted (one indexed count on `memberRole`, never a member list);
 *    the counter is healed if it drifted (a user deletion cascades member rows without us);
 * 2. the pure rule checks that one owner remains;
 * 3. the atomic guard `ownerCount - 1` with `min: 1` is applied; a null result refuses too.
 * A refusal throws, which rolls the transaction back.
 */
export async function releaseOwnership(
  tx: DBAdapter,
  organization: OrganizationRow,
  ownerRole: string,
  error: ErrorFactory,
): Promise<void> {
  const orgs = organizationRepository(tx);
  const owners = await memberRepository(tx).countWithRole(organization.id, ownerRole);
  if (organization.ownerCount !== owners) await orgs.setOwnerCount(organization.id, owners);
  assertOwnerRemains(owners - 1, error);
  if (!(await orgs.releaseOwner(organization.id))) throw error();
}

/** Call inside the same transaction that gives a member the owner role. */
export async function grantOwnership(tx: DBAdapter, organizationId: string): Promise<void> {
  await organizationRepository(tx).addOwner(organizationId);
}
