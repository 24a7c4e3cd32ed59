import { AUTH_ERRORS, type DBAdapter, isAdapterError, type Row } from "../../../plugin";
import { parseRoles } from "../access";
import { assertCan, knownRoles, type OrgContext, requireMember, requireOrganization } from "../context";
import { ORG_ERRORS } from "../errors";
import { DEFAULT_MEMBERSHIP_LIMIT, limitOf } from "../options";
import { toMember, toMemberWithUser } from "../shape";
import { addToTeam, teamMemberLimit } from "../teams/membership";
import type { Member, MemberRow, MemberWithUser, OrganizationRow } from "../types";
import { type MemberListParams, memberListQuery } from "./list";
import { grantOwnership, releaseOwnership, withOrganizationLock } from "./owner-guard";
import { memberRepository, type NewMember } from "./repository";
import { assertBelowLimit, assertCanSetRoles, assertKnownRoles, gainsRole, losesRole } from "./rules";

export interface MemberLimits {
  readonly members: number;
  readonly team?: number;
}

/** Members: reads, server-side add, role changes, and the insert shared with invitations. */
export function createMemberService(ctx: OrgContext) {
  const { app, opts } = ctx;
  const owner = opts.creatorRole;

  /** Limits are resolved before a transaction (option functions may query the database). */
  async function limitsFor(organization: OrganizationRow, teamId?: string | null): Promise<MemberLimits> {
    const members = await limitOf(opts.raw.membershipLimit, { organization }, DEFAULT_MEMBERSHIP_LIMIT);
    const team =
      teamId && opts.teamsEnabled ? await teamMemberLimit(opts, teamId, organization.id) : undefined;
    return { members, team };
  }

  /**
   * Inserts a member inside `withOrganizationLock`: refuses duplicates and a full organization
   * (counted with count(), current because of the lock), writes the role rows, counts a new owner
   * and joins the team when one is given.
   */
  async function insert(
    tx: DBAdapter,
    organization: OrganizationRow,
    input: NewMember,
    limits: MemberLimits,
  ) {
    const repo = memberRepository(tx);
    if (await repo.findByUser(organization.id, input.userId))
      throw ORG_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION();
    assertBelowLimit(
      await repo.count(organization.id),
      limits.members,
      ORG_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED,
    );
    let member: MemberRow;
    try {
      member = await repo.create(input);
    } catch (error) {
      if (isAdapterError(error, "UNIQUE_VIOLATION"))
        throw ORG_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION();
      throw error;
    }
    if (input.roles.includes(owner)) await grantOwnership(tx, organization.id);
    if (input.teamId && opts.teamsEnabled) {
      const limit = limits.team ?? Number.POSITIVE_INFINITY;
      await addToTeam(tx, {
        teamId: input.teamId,
        organizationId: organization.id,
        userId: input.userId,
        limit,
        now: input.createdAt,
      });
    }
    return member;
  }

  return {
    limitsFor,
    insert,

    async isMember(userId: string, organizationId: string): Promise<boolean> {
      return (await memberRepository(app.adapter).findByUser(organizationId, userId)) !== null;
    },

    /** The user's membership with their user fields; "Member not found" when there is none. */
    /**
     * GET /organization/get-active-member-role: the caller's role, or (any member may ask) another
     * member's. The caller must be a member (403); the other user too (400).
     */
    async getRole(callerId: string, organizationId: string, userId?: string): Promise<{ role: string }> {
      const caller = await requireMember(app.adapter, organizationId, callerId);
      if (!userId || userId === callerId) return { role: caller.role };
      const target = await requireMember(
        app.adapter,
        organizationId,
        userId,
        ORG_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION,
      );
      return { role: target.role };
    },

    async getWithUser(userId: string, organizationId: string): Promise<MemberWithUser> {
      const row = await memberRepository(app.adapter).findByUserWithUser(organizationId, userId);
      if (!row) throw ORG_ERRORS.MEMBER_NOT_FOUND();
      return toMemberWithUser(app, row);
    },

    /** A page of members (any member may list) and the total matching the filter. */
    async list(userId: string, organizationId: string, params: MemberListParams) {
      await requireMember(app.adapter, organizationId, userId);
      const repo = memberRepository(app.adapter);
      const query = await memberListQuery(app.schema.member!, repo, organizationId, params);
      const [rows, total] = await Promise.all([
        repo.list(organizationId, query),
        repo.count(organizationId, query.where),
      ]);
      return { members: rows.map((r) => toMemberWithUser(app, r)), total };
    },

    /** Server-side add (no invitation): the user joins with the given roles. */
    async add(input: {
      userId: string;
      organizationId: string;
      role: string | readonly string[];
      teamId?: string | null;
      extra?: Row;
    }): Promise<Member> {
      const roles = parseRoles(input.role);
      assertKnownRoles(roles, await knownRoles(opts, app.adapter, input.organizationId));
      if (input.teamId && !opts.teamsEnabled) throw ORG_ERRORS.TEAMS_ARE_NOT_ENABLED();
      if (!(await app.core.users.findById(input.userId))) throw AUTH_ERRORS.USER_NOT_FOUND();
      const organization = await requireOrganization(app.adapter, input.organizationId);
      const limits = await limitsFor(organization, input.teamId);
      const member = await withOrganizationLock(app, organization.id, (tx, locked) =>
        insert(tx, locked, { ...input, roles, createdAt: app.now() }, limits),
      );
      await app.events.emit("organization.member.added", {
        member: toMember(app, member),
        organizationId: organization.id,
      });
      return toMember(app, member);
    },

    /**
     * Sets a member's roles. Needs member:update; only an owner may touch an owner or grant the
     * owner role; the last owner cannot be demoted ("You cannot leave the organization without an
     * owner"), enforced inside the organization's lock with the owner guard.
     */
    async updateRole(input: {
      actorId: string;
      organizationId: string;
      memberId: string;
      role: string | readonly string[];
    }): Promise<Member> {
      const next = parseRoles(input.role);
      assertKnownRoles(next, await knownRoles(opts, app.adapter, input.organizationId));
      const actor = await requireMember(app.adapter, input.organizationId, input.actorId);
      assertCan(opts, actor, { member: ["update"] }, ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
      const { updated, previous } = await withOrganizationLock(app, input.organizationId, async (tx, org) => {
        const repo = memberRepository(tx);
        const target = await repo.findById(input.memberId);
        if (!target || target.organizationId !== org.id) throw ORG_ERRORS.MEMBER_NOT_FOUND();
        assertCanSetRoles({ ownerRole: owner, actorRoles: actor.role, targetRoles: target.role, next });
        if (losesRole(target.role, next, owner)) {
          await releaseOwnership(
            tx,
            org,
            owner,
            ORG_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER,
          );
        } else if (gainsRole(target.role, next, owner)) {
          await grantOwnership(tx, org.id);
        }
        const row = await repo.setRoles(target, next);
        if (!row) throw ORG_ERRORS.MEMBER_NOT_FOUND();
        return { updated: row, previous: target.role };
      });
      const member = toMember(app, updated);
      await app.events.emit("organization.member.roleChanged", {
        member,
        previousRole: previous,
        organizationId: input.organizationId,
      });
      return member;
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
