import type { DBAdapter } from "../../../plugin";
import { ORG_ERRORS } from "../errors";
import { assertBelowLimit } from "../members/rules";
import { limitOf, type ResolvedOrganizationOptions } from "../options";
import type { TeamMemberRow } from "../types";
import { teamRepository } from "./repository";

/** The member limit of a team (evaluated before a transaction: option functions may query). */
export function teamMemberLimit(
  opts: ResolvedOrganizationOptions,
  teamId: string,
  organizationId: string,
): Promise<number> {
  return limitOf(opts.raw.teams?.maximumMembersPerTeam, { teamId, organizationId }, Number.POSITIVE_INFINITY);
}

/**
 * Adds a user to a team of the organization, inside the caller's (locked) transaction: the team must
 * belong to the organization, the user must not be in it yet, and the team must be below its limit.
 */
export async function addToTeam(
  tx: DBAdapter,
  input: { teamId: string; organizationId: string; userId: string; limit: number; now: Date },
): Promise<TeamMemberRow> {
  const teams = teamRepository(tx);
  const team = await teams.findInOrganization(input.teamId, input.organizationId);
  if (!team) throw ORG_ERRORS.TEAM_NOT_FOUND();
  if (await teams.findMember(team.id, input.userId)) throw ORG_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_TEAM();
  assertBelowLimit(await teams.countMembers(team.id), input.limit, ORG_ERRORS.TEAM_MEMBER_LIMIT_REACHED);
  return teams.addMember(team.id, input.userId, input.now);
}
