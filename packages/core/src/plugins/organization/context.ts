import type { SessionWithUser } from "../../auth/models";
import type { AppContext } from "../../context/app-context";
import type { DBAdapter } from "../../db/adapter";
import type { ErrorFactory } from "../../errors/define-errors";
import { type Connector, checkRolePermission, type PermissionRequest } from "./access";
import { ORG_ERRORS } from "./errors";
import { memberRepository } from "./members/repository";
import type { ResolvedOrganizationOptions } from "./options";
import { organizationRepository } from "./organizations/repository";
import type { MemberRow, OrganizationRow } from "./types";

/** What every organization service is built from. */
export interface OrgContext {
  readonly app: AppContext;
  readonly opts: ResolvedOrganizationOptions;
}

/** The organization an action targets: the given id, else the session's active organization. */
export function targetOrganizationId(session: SessionWithUser | null, explicit?: string | null): string {
  const id = explicit ?? (session?.session.activeOrganizationId as string | null | undefined);
  if (!id) throw ORG_ERRORS.NO_ACTIVE_ORGANIZATION();
  return id;
}

export async function requireOrganization(db: DBAdapter, id: string): Promise<OrganizationRow> {
  const organization = await organizationRepository(db).findById(id);
  if (!organization) throw ORG_ERRORS.ORGANIZATION_NOT_FOUND();
  return organization;
}

/** The user's membership, or `error` (default "You are not a member of this organization"). */
export async function requireMember(
  db: DBAdapter,
  organizationId: string,
  userId: string,
  error: ErrorFactory = ORG_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
): Promise<MemberRow> {
  const member = await memberRepository(db).findByUser(organizationId, userId);
  if (!member) throw error();
  return member;
}

/** Do the member's roles grant the request? (Any role suffices; see access.ts.) */
export function can(
  opts: ResolvedOrganizationOptions,
  member: Pick<MemberRow, "role">,
  permissions: PermissionRequest,
  connector: Connector = "AND",
): boolean {
  return checkRolePermission({ roles: member.role, permissions, connector, definitions: opts.roles }).success;
}

export function assertCan(
  opts: ResolvedOrganizationOptions,
  member: Pick<MemberRow, "role">,
  permissions: PermissionRequest,
  error: ErrorFactory,
): void {
  if (!can(opts, member, permissions)) throw error();
}
