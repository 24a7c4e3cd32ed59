import type { AppContext, DBAdapter } from "../../plugin";
import { type AuthorizeResult, type Connector, checkRolePermission, type PermissionRequest } from "./access";
import { definitionsFor, type OrgContext, withStoredRoles } from "./context";
import { createInvitationRecipient } from "./invitations/recipient";
import { createInvitationService } from "./invitations/service";
import { createMemberRemoval } from "./members/removal";
import { memberRepository } from "./members/repository";
import { createMemberService } from "./members/service";
import type { ResolvedOrganizationOptions } from "./options";
import { createOrganizationReader } from "./organizations/read";
import { organizationRepository } from "./organizations/repository";
import { createOrganizationService } from "./organizations/service";
import { createRoleService } from "./roles/service";
import { createTeamService } from "./teams/service";

export interface PermissionCheck {
  readonly userId: string;
  readonly organizationId: string;
  readonly permissions: PermissionRequest;
  readonly connector?: Connector;
}

/** Access checks other code may run: against role names, or against a user's membership. */
export function createAccessService(ctx: OrgContext) {
  const { app, opts } = ctx;
  return {
    roles: opts.roles,
    /** Do these roles (names or "a,b") grant the request? Pure; no database. */
    checkRoles(
      roles: string | readonly string[],
      permissions: PermissionRequest,
      connector?: Connector,
    ): AuthorizeResult {
      return checkRolePermission({ roles, permissions, connector, definitions: opts.roles });
    },
    /** The user's roles in the organization grant the request; a non-member gets "Not authorized". */
    async check(input: PermissionCheck): Promise<AuthorizeResult> {
      const found = await memberRepository(app.adapter).findByUser(input.organizationId, input.userId);
      if (!found) return { success: false, error: "Not authorized" };
      const member = await withStoredRoles(app.adapter, found);
      return checkRolePermission({
        roles: member.role,
        permissions: input.permissions,
        connector: input.connector,
        definitions: definitionsFor(opts, member),
      });
    },
  };
}

/**
 * The organization plugin's services, reachable by other plugins as `app.services.organization`
 * (typed with `organizationServices(app)`):
 *
 *   const org = organizationServices(app);
 *   if (await org.isMember(userId, organizationId)) ...
 *   if (await org.hasPermission({ userId, organizationId, permissions: { member: ["delete"] } })) ...
 */
export function createOrganizationServices(app: AppContext, opts: ResolvedOrganizationOptions) {
  const ctx: OrgContext = { app, opts };
  const members = createMemberService(ctx);
  const access = createAccessService(ctx);
  return {
    options: opts,
    organizations: { ...createOrganizationService(ctx), ...createOrganizationReader(ctx) },
    members: { ...members, ...createMemberRemoval(ctx) },
    invitations: { ...createInvitationService(ctx, members), ...createInvitationRecipient(ctx, members) },
    teams: createTeamService(ctx),
    roles: createRoleService(ctx),
    access,
    isMember: members.isMember,
    /** An organization row by id, for server reads of other plugins (no membership check). */
    findOrganization: (id: string, db: DBAdapter = app.adapter) => organizationRepository(db).findById(id),
    /** The user's role in the organization ("a,b" for several), or null when not a member. */
    async memberRole(userId: string, organizationId: string, db: DBAdapter = app.adapter) {
      return (await memberRepository(db).findByUser(organizationId, userId))?.role ?? null;
    },
    /** How many members the organization has (billing seats). */
    countMembers: (organizationId: string, db: DBAdapter = app.adapter) =>
      memberRepository(db).count(organizationId),
    /**
     * Inside a transaction (`db`): takes the organization's row lock, as every membership change
     * does, then counts the members, so the count is the committed one and stays so until `db`
     * commits. Null when the organization is gone.
     */
    async countMembersLocked(organizationId: string, db: DBAdapter): Promise<number | null> {
      if (!(await organizationRepository(db).lock(organizationId))) return null;
      return memberRepository(db).count(organizationId);
    },
    async hasPermission(input: PermissionCheck): Promise<boolean> {
      return (await access.check(input)).success;
    },
  };
}

export type OrganizationServices = ReturnType<typeof createOrganizationServices>;

/** The organization services of an app; throws when the plugin is not installed. */
export function organizationServices(app: AppContext): OrganizationServices {
  const services = app.services.organization;
  if (!services) {
    throw new Error("The organization plugin is not installed: add organization() to `plugins`.");
  }
  return services as OrganizationServices;
}
