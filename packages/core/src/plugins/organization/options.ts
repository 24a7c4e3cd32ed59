import type { UserRow } from "../../plugin";
import {
  type AccessControl,
  acStatements,
  defaultRoles,
  defaultStatements,
  type Role,
  type RoleMap,
  role,
  type Statements,
} from "./access";
import type { AdditionalFields } from "./models";
import type { Invitation, Member, MemberWithUser, Organization, OrganizationRow } from "./types";

type Awaitable<T> = T | Promise<T>;

export interface InvitationEmail {
  id: string;
  role: string;
  email: string;
  organization: Organization;
  invitation: Invitation;
  inviter: MemberWithUser;
}

/** User callbacks around organization flows; run through the typed event bus (see hooks.ts). */
export interface OrganizationHooks {
  /** May return replacement data, or throw (e.g. an APIError) to refuse. */
  beforeCreateOrganization?: (input: {
    organization: Record<string, unknown>;
    user: UserRow;
  }) => Awaitable<{ data: Record<string, unknown> } | undefined>;
  afterCreateOrganization?: (input: {
    organization: Organization;
    member: Member;
    user: UserRow;
  }) => Awaitable<void>;
  beforeCreateInvitation?: (input: {
    invitation: Record<string, unknown>;
    inviter: UserRow;
    organization: Organization;
  }) => Awaitable<{ data: Record<string, unknown> } | undefined>;
  afterCreateInvitation?: (input: {
    invitation: Invitation;
    inviter: UserRow;
    organization: Organization;
  }) => Awaitable<void>;
  beforeAcceptInvitation?: (input: {
    invitation: Invitation;
    user: UserRow;
    organization: Organization;
  }) => Awaitable<void>;
  afterAcceptInvitation?: (input: {
    invitation: Invitation;
    member: Member;
    user: UserRow;
    organization: Organization;
  }) => Awaitable<void>;
  beforeRemoveMember?: (input: {
    member: Member;
    user: UserRow;
    organization: Organization;
  }) => Awaitable<void>;
  afterRemoveMember?: (input: { member: Member; organizationId: string }) => Awaitable<void>;
  beforeDeleteOrganization?: (input: { organization: Organization; user: UserRow }) => Awaitable<void>;
  afterDeleteOrganization?: (input: { organization: Organization; user: UserRow | null }) => Awaitable<void>;
}

export interface OrganizationTeamOptions {
  enabled?: boolean;
  /** Teams per organization (number, or a function of the organization id). Unlimited by default. */
  maximumTeams?: number | ((input: { organizationId: string }) => Awaitable<number>);
  /** Members per team. Unlimited by default. */
  maximumMembersPerTeam?: number | ((input: { teamId: string; organizationId: string }) => Awaitable<number>);
  /** Allow removing the last team of an organization. Default false. */
  allowRemovingAllTeams?: boolean;
  /** Create a team named like the organization (with the creator in it) on create. Default true. */
  defaultTeam?: { enabled?: boolean };
}

export interface OrganizationOptions {
  /** Default true. A function decides per user. */
  allowUserToCreateOrganization?: boolean | ((user: UserRow) => Awaitable<boolean>);
  /**
   * Organizations a user may belong to before creating another. A function may return the limit
   * (number) or whether it is reached (boolean). Unlimited by default.
   */
  organizationLimit?: number | ((user: UserRow) => Awaitable<number | boolean>);
  /** Role of the creator, and the role the last-owner rule protects. Default "owner" (spec section 9). */
  creatorRole?: string;
  /** Members per organization. Default 100 (spec section 9). */
  membershipLimit?: number | ((input: { organization: OrganizationRow }) => Awaitable<number>);
  /** Seconds. Default 172800, two days (spec section 9). */
  invitationExpiresIn?: number;
  /** Pending invitations per organization. Default 100. */
  invitationLimit?: number;
  /** Re-inviting a pending email cancels the old invitation (instead of "already invited"). Default false. */
  cancelPendingInvitationsOnReInvite?: boolean;
  /** Only users with a verified email may accept or reject. Default false. */
  requireEmailVerificationOnInvitation?: boolean;
  sendInvitationEmail?: (data: InvitationEmail, request?: Request) => Awaitable<void>;
  /** Refuse POST /organization/delete. Default false. */
  disableOrganizationDeletion?: boolean;
  /** The statements custom roles are built from (for typing; roles carry their own grants). */
  ac?: AccessControl;
  /** Roles by name; merged over the defaults owner, admin and member. */
  roles?: Readonly<Record<string, Role>>;
  teams?: OrganizationTeamOptions;
  /**
   * Roles created at runtime per organization (the `organizationRole` model and the
   * create-role, delete-role, list-roles, get-role and update-role endpoints). Off by default.
   */
  dynamicAccessControl?: {
    enabled?: boolean;
    /** Stored roles per organization. Unlimited by default. */
    maximumRolesPerOrganization?: number | ((input: { organizationId: string }) => Awaitable<number>);
  };
  /** Additional fields per model (as `user.additionalFields`). */
  schema?: { [K in keyof AdditionalFields]?: { additionalFields?: AdditionalFields[K] } };
  organizationHooks?: OrganizationHooks;
}

export interface ResolvedOrganizationOptions {
  readonly raw: OrganizationOptions;
  readonly creatorRole: string;
  readonly roles: RoleMap;
  readonly invitationExpiresIn: number;
  readonly invitationLimit: number;
  readonly teamsEnabled: boolean;
  readonly defaultTeam: boolean;
  readonly allowRemovingAllTeams: boolean;
  readonly dynamicRoles: { readonly enabled: boolean; readonly statements: Statements };
}

export const DEFAULT_INVITATION_EXPIRES_IN = 172_800;
export const DEFAULT_MEMBERSHIP_LIMIT = 100;
export const DEFAULT_INVITATION_LIMIT = 100;

export function resolveOrganizationOptions(options: OrganizationOptions = {}): ResolvedOrganizationOptions {
  const teams = options.teams ?? {};
  const dynamic = options.dynamicAccessControl?.enabled === true;
  return {
    raw: options,
    creatorRole: options.creatorRole ?? "owner",
    roles: { ...(dynamic ? rolesWithAc() : defaultRoles), ...options.roles },
    dynamicRoles: {
      enabled: dynamic,
      statements: { ...(options.ac?.statements ?? defaultStatements), ...acStatements },
    },
    invitationExpiresIn: options.invitationExpiresIn ?? DEFAULT_INVITATION_EXPIRES_IN,
    invitationLimit: options.invitationLimit ?? DEFAULT_INVITATION_LIMIT,
    teamsEnabled: teams.enabled === true,
    defaultTeam: teams.enabled === true && teams.defaultTeam?.enabled !== false,
    allowRemovingAllTeams: teams.allowRemovingAllTeams === true,
  };
}

/**
 * With dynamic roles the default roles also manage them (the `ac` resource, as better-auth):
 * owner and admin create, read, update and delete roles; member reads them.
 */
function rolesWithAc(): RoleMap {
  const withAc = (r: Role, actions: readonly string[]) => role({ ...r.statements, ac: actions });
  return {
    owner: withAc(defaultRoles.owner, acStatements.ac),
    admin: withAc(defaultRoles.admin, acStatements.ac),
    member: withAc(defaultRoles.member, ["read"]),
  };
}

/** Resolves a number-or-function option. */
export async function limitOf<A>(
  value: number | ((input: A) => Awaitable<number>) | undefined,
  input: A,
  fallback: number,
): Promise<number> {
  if (value === undefined) return fallback;
  return typeof value === "number" ? value : value(input);
}
