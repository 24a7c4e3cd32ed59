import type { AppContext, DBAdapter, ErrorFactory, SessionWithUser } from "../../plugin";
import {
  type Connector,
  checkRolePermission,
  type PermissionRequest,
  parseRoles,
  type RoleMap,
  role,
} from "./access";
import { ORG_ERRORS } from "./errors";
import { memberRepository } from "./members/repository";
import type { ResolvedOrganizationOptions } from "./options";
import { organizationRepository } from "./organizations/repository";
import { roleRepository } from "./roles/repository";
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

/**
 * The user's membership, or `error` (default "You are not a member of this organization"). With
 * dynamic access control the member's stored roles are loaded with it (see `withStoredRoles`).
 */
export async function requireMember(
  db: DBAdapter,
  organizationId: string,
  userId: string,
  error: ErrorFactory = ORG_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
): Promise<MemberRow> {
  const member = await memberRepository(db).findByUser(organizationId, userId);
  if (!member) throw error();
  return withStoredRoles(db, member);
}

/** Stored role definitions loaded for a member row (kept off the row, so it is never returned). */
const storedRoles = new WeakMap<object, RoleMap>();

/**
 * Dynamic access control: loads the member's roles stored for the organization (one indexed query
 * on `organizationRole`, only when that model exists), so `can` checks them like configured ones.
 */
export async function withStoredRoles<M extends MemberRow>(db: DBAdapter, member: M): Promise<M> {
  if (!db.schema.organizationRole) return member;
  const rows = await roleRepository(db).findNamed(member.organizationId, parseRoles(member.role));
  if (rows.length > 0)
    storedRoles.set(member, Object.fromEntries(rows.map((r) => [r.role, role(r.permission)])));
  return member;
}

/** Role definitions for a member: configured roles first, then the member's stored roles. */
export function definitionsFor(opts: ResolvedOrganizationOptions, member: object): RoleMap {
  const stored = storedRoles.get(member);
  return stored ? { ...stored, ...opts.roles } : opts.roles;
}

/** Every role name an organization knows: configured ones plus (dynamic roles) its stored ones. */
export async function knownRoles(
  opts: ResolvedOrganizationOptions,
  db: DBAdapter,
  organizationId: string,
): Promise<RoleMap> {
  if (!opts.dynamicRoles.enabled) return opts.roles;
  const rows = await roleRepository(db).list(organizationId);
  return { ...Object.fromEntries(rows.map((r) => [r.role, role(r.permission)])), ...opts.roles };
}

/** Do the member's roles grant the request? (Any role suffices; see access.ts.) */
export function can(
  opts: ResolvedOrganizationOptions,
  member: Pick<MemberRow, "role">,
  permissions: PermissionRequest,
  connector: Connector = "AND",
): boolean {
  const definitions = definitionsFor(opts, member);
  return checkRolePermission({ roles: member.role, permissions, connector, definitions }).success;
}

export function assertCan(
  opts: ResolvedOrganizationOptions,
  member: Pick<MemberRow, "role">,
  permissions: PermissionRequest,
  error: ErrorFactory,
): void {
  if (!can(opts, member, permissions)) throw error();
}
