import type { Row } from "../../../plugin";
import { clearActive } from "../active-session";
import { assertCan, type OrgContext, requireMember, requireOrganization } from "../context";
import { ORG_ERRORS } from "../errors";
import { invitationRepository } from "../invitations/repository";
import { withOrganizationLock } from "../members/owner-guard";
import { assertBelowLimit } from "../members/rules";
import { limitOf } from "../options";
import type { Team, TeamMember, TeamRow } from "../types";
import { addToTeam, teamMemberLimit } from "./membership";
import { teamRepository } from "./repository";

/**
 * Teams (when `teams.enabled`): create needs team:create, update team:update, remove team:delete;
 * adding and removing team members need member:update / member:delete. Any member may list.
 * The last team cannot be removed unless `allowRemovingAllTeams`.
 */
export function createTeamService(ctx: OrgContext) {
  const { app, opts } = ctx;
  const repo = () => teamRepository(app.adapter);

  async function requireTeam(teamId: string, organizationId?: string | null): Promise<TeamRow> {
    const team = await repo().findById(teamId);
    if (!team || (organizationId && team.organizationId !== organizationId))
      throw ORG_ERRORS.TEAM_NOT_FOUND();
    return team;
  }

  return {
    requireTeam,

    async create(userId: string, organizationId: string, name: string, extra: Row = {}): Promise<Team> {
      await requireOrganization(app.adapter, organizationId);
      const member = await requireMember(app.adapter, organizationId, userId);
      assertCan(
        opts,
        member,
        { team: ["create"] },
        ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION,
      );
      const max = await limitOf(opts.raw.teams?.maximumTeams, { organizationId }, Number.POSITIVE_INFINITY);
      assertBelowLimit(
        await repo().count(organizationId),
        max,
        ORG_ERRORS.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS,
      );
      const team = await repo().create({ ...extra, name, organizationId, createdAt: app.now() });
      await app.events.emit("organization.team.created", { team });
      return team;
    },

    /**
     * GET /organization/list-user-teams: the caller's teams across their organizations; with
     * `userId` another member's teams within one organization (caller needs member:update).
     */
    async listForUser(callerId: string, input: { userId?: string; organizationId?: string | null }) {
      if (!input.userId || input.userId === callerId) {
        if (input.organizationId) await requireMember(app.adapter, input.organizationId, callerId);
        return repo().listForUser(callerId, input.organizationId ?? undefined);
      }
      if (!input.organizationId) throw ORG_ERRORS.NO_ACTIVE_ORGANIZATION();
      const caller = await requireMember(app.adapter, input.organizationId, callerId);
      assertCan(opts, caller, { member: ["update"] }, ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
      await requireMember(
        app.adapter,
        input.organizationId,
        input.userId,
        ORG_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION,
      );
      return repo().listForUser(input.userId, input.organizationId);
    },

    async list(userId: string, organizationId: string): Promise<Team[]> {
      await requireMember(app.adapter, organizationId, userId);
      return repo().list(organizationId);
    },

    async update(userId: string, teamId: string, data: Row): Promise<Team> {
      const team = await requireTeam(teamId);
      const member = await requireMember(
        app.adapter,
        team.organizationId,
        userId,
        ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM,
      );
      assertCan(opts, member, { team: ["update"] }, ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM);
      const updated = (await repo().update(team.id, { ...data, updatedAt: app.now() })) ?? team;
      await app.events.emit("organization.team.updated", { team: updated });
      return updated;
    },

    /** Removes the team, its memberships, its id from pending invitations and from active sessions. */
    async remove(userId: string, teamId: string, organizationId?: string | null): Promise<Team> {
      const team = await requireTeam(teamId, organizationId);
      const member = await requireMember(
        app.adapter,
        team.organizationId,
        userId,
        ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM,
      );
      assertCan(opts, member, { team: ["delete"] }, ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM);
      const userIds = app.secondaryStorage
        ? (await repo().listMembers(team.id)).map((m) => m.userId)
        : undefined;
      await withOrganizationLock(app, team.organizationId, async (tx) => {
        const teams = teamRepository(tx);
        if (!opts.allowRemovingAllTeams && (await teams.count(team.organizationId)) <= 1) {
          throw ORG_ERRORS.UNABLE_TO_REMOVE_LAST_TEAM();
        }
        if (!(await teams.remove(team.id))) throw ORG_ERRORS.TEAM_NOT_FOUND();
        await invitationRepository(tx).clearTeam(team.id);
      });
      await clearActive(app, { field: "activeTeamId", id: team.id, userIds });
      await app.events.emit("organization.team.deleted", { team });
      return team;
    },

    /** Adds an organization member to the team (needs member:update). */
    async addMember(
      actorId: string,
      input: { teamId: string; userId: string; organizationId?: string | null },
    ) {
      const team = await requireTeam(input.teamId, input.organizationId);
      const actor = await requireMember(
        app.adapter,
        team.organizationId,
        actorId,
        ORG_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION,
      );
      assertCan(opts, actor, { member: ["update"] }, ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_MEMBER);
      await requireMember(
        app.adapter,
        team.organizationId,
        input.userId,
        ORG_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION,
      );
      const limit = await teamMemberLimit(opts, team.id, team.organizationId);
      const teamMember: TeamMember = await withOrganizationLock(app, team.organizationId, (tx) =>
        addToTeam(tx, {
          teamId: team.id,
          organizationId: team.organizationId,
          userId: input.userId,
          limit,
          now: app.now(),
        }),
      );
      await app.events.emit("organization.team.member.added", { teamMember });
      return teamMember;
    },

    /** Removes a user from the team (needs member:delete unless removing oneself). */
    async removeMember(
      actorId: string,
      input: { teamId: string; userId: string; organizationId?: string | null },
    ) {
      const team = await requireTeam(input.teamId, input.organizationId);
      const actor = await requireMember(
        app.adapter,
        team.organizationId,
        actorId,
        ORG_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION,
      );
      if (input.userId !== actorId) {
        assertCan(
          opts,
          actor,
          { member: ["delete"] },
          ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER,
        );
      }
      const teamMember = await repo().findMember(team.id, input.userId);
      if (!teamMember) throw ORG_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_TEAM();
      await repo().removeMember(team.id, input.userId);
      await clearActive(app, { field: "activeTeamId", id: team.id, userIds: [input.userId] });
      await app.events.emit("organization.team.member.removed", { teamMember });
      return teamMember;
    },

    /** The team if the user may make it active: they must be in it. */
    async findForMember(userId: string, teamId: string): Promise<Team> {
      const team = await requireTeam(teamId);
      if (!(await repo().findMember(team.id, userId))) throw ORG_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_TEAM();
      return team;
    },

    /** The team's members; any organization member may list them. */
    async listMembers(userId: string, teamId: string): Promise<TeamMember[]> {
      const team = await requireTeam(teamId);
      await requireMember(app.adapter, team.organizationId, userId);
      return repo().listMembers(team.id);
    },

    /** Is the user in the team? (For other plugins.) */
    isTeamMember: async (userId: string, teamId: string) =>
      (await repo().findMember(teamId, userId)) !== null,
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
