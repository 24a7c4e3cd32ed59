import { z } from "zod";
import { defineEndpoint } from "../../../router/endpoint";
import { nameString } from "../../../router/schemas";
import { activeOrg, activeTeam, reflectOnRequest, updateCurrentSession } from "../active-session";
import { targetOrganizationId } from "../context";
import { ORG_ERRORS } from "../errors";
import { additionalInput } from "../input";
import { teamFields } from "../models";
import { organizationRoutes } from "../routes";
import { organizationServices } from "../services";
import type { Team } from "../types";

const teamName = nameString().min(1);
const teamMemberBody = z.object({
  teamId: z.string(),
  userId: z.string(),
  organizationId: z.string().optional(),
});

/** POST /organization/create-team {name, organizationId?} (team:create). Name: at least 1 character. */
export const createTeam = defineEndpoint(organizationRoutes.createTeam, {
  body: z.looseObject({ name: teamName, organizationId: z.string().optional() }),
  auth: "session",
  handler({ app, body, session }) {
    return organizationServices(app).teams.create(
      session.user.id,
      targetOrganizationId(session, body.organizationId),
      body.name,
      additionalInput(app, "team", teamFields, body, "create"),
    );
  },
});

/** GET /organization/list-teams ?organizationId -> the organization's teams; any member. */
export const listOrganizationTeams = defineEndpoint(organizationRoutes.listOrganizationTeams, {
  query: z.object({ organizationId: z.string().optional() }).optional(),
  auth: "session",
  handler({ app, query, session }) {
    return organizationServices(app).teams.list(
      session.user.id,
      targetOrganizationId(session, query?.organizationId),
    );
  },
});

/** POST /organization/update-team {teamId, data: {name?}} (team:update). */
export const updateTeam = defineEndpoint(organizationRoutes.updateTeam, {
  body: z.object({ teamId: z.string(), data: z.looseObject({ name: teamName.optional() }) }),
  auth: "session",
  handler({ app, body, session }) {
    const data = {
      ...additionalInput(app, "team", teamFields, body.data),
      ...(body.data.name ? { name: body.data.name } : {}),
    };
    return organizationServices(app).teams.update(session.user.id, body.teamId, data);
  },
});

/** POST /organization/remove-team {teamId, organizationId?} (team:delete); the last team stays unless allowed. */
export const removeTeam = defineEndpoint(organizationRoutes.removeTeam, {
  body: z.object({ teamId: z.string(), organizationId: z.string().optional() }),
  auth: "session",
  async handler({ app, rc, body, session }) {
    const team = await organizationServices(app).teams.remove(
      session.user.id,
      body.teamId,
      body.organizationId,
    );
    if (activeTeam(session) === team.id) await reflectOnRequest(rc, session, { activeTeamId: null });
    return { message: "Team removed successfully." };
  },
});

/** POST /organization/add-team-member {teamId, userId, organizationId?} -> the team membership (member:update). */
export const addTeamMember = defineEndpoint(organizationRoutes.addTeamMember, {
  body: teamMemberBody,
  auth: "session",
  handler({ app, body, session }) {
    return organizationServices(app).teams.addMember(session.user.id, body);
  },
});

/** POST /organization/remove-team-member {teamId, userId, organizationId?} (member:delete unless oneself). */
export const removeTeamMember = defineEndpoint(organizationRoutes.removeTeamMember, {
  body: teamMemberBody,
  auth: "session",
  async handler({ app, rc, body, session }) {
    await organizationServices(app).teams.removeMember(session.user.id, body);
    if (body.userId === session.user.id && activeTeam(session) === body.teamId) {
      await reflectOnRequest(rc, session, { activeTeamId: null });
    }
    return { message: "Team member removed successfully." };
  },
});

/** POST /organization/set-active-team {teamId: string | null} -> the team (and its organization) now active. */
export const setActiveTeam = defineEndpoint(organizationRoutes.setActiveTeam, {
  body: z.object({ teamId: z.string().nullish() }),
  auth: "session",
  async handler({ app, rc, body, session }): Promise<Team | null> {
    if (!body.teamId) {
      await updateCurrentSession(rc, session, { activeTeamId: null });
      return null;
    }
    const team = await organizationServices(app).teams.findForMember(session.user.id, body.teamId);
    await updateCurrentSession(rc, session, {
      activeOrganizationId: team.organizationId,
      activeTeamId: team.id,
    });
    return team;
  },
});

/**
 * GET /organization/list-user-teams ?userId&organizationId -> the caller's teams (across their
 * organizations, or within `organizationId`); another member's teams need member:update there
 * (default organization: the active one).
 */
export const listUserTeams = defineEndpoint(organizationRoutes.listUserTeams, {
  query: z.object({ userId: z.string().optional(), organizationId: z.string().optional() }).optional(),
  auth: "session",
  handler({ app, query, session }) {
    const userId = query?.userId;
    const organizationId =
      query?.organizationId ?? (userId && userId !== session.user.id ? activeOrg(session) : undefined);
    return organizationServices(app).teams.listForUser(session.user.id, { userId, organizationId });
  },
});

/** GET /organization/list-team-members ?teamId (default: the active team) -> the team's members. */
export const listTeamMembers = defineEndpoint(organizationRoutes.listTeamMembers, {
  query: z.object({ teamId: z.string().optional() }).optional(),
  auth: "session",
  handler({ app, query, session }) {
    const teamId = query?.teamId ?? activeTeam(session);
    if (!teamId) throw ORG_ERRORS.YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM();
    return organizationServices(app).teams.listMembers(session.user.id, teamId);
  },
});
