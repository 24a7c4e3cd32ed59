import type { DBAdapter, Row, Where } from "../../../plugin";
import type { TeamMemberRow, TeamRow } from "../types";

const byId = (id: string): Where => [{ field: "id", value: id }];
const inTeam = (teamId: string): Where => [{ field: "teamId", value: teamId }];

/** The only code that touches `team` and `teamMember`. */
export function teamRepository(db: DBAdapter) {
  return {
    findById: (id: string) => db.findOne<TeamRow>({ model: "team", where: byId(id) }),

    /** The team if it belongs to the organization, else null. */
    findInOrganization: (id: string, organizationId: string) =>
      db.findOne<TeamRow>({
        model: "team",
        where: [...byId(id), { field: "organizationId", value: organizationId }],
      }),

    create: (data: Row) => db.create<TeamRow>({ model: "team", data }),

    update: (id: string, data: Row) => db.update<TeamRow>({ model: "team", where: byId(id), update: data }),

    async remove(id: string): Promise<boolean> {
      await db.deleteMany({ model: "teamMember", where: inTeam(id) });
      return (await db.delete({ model: "team", where: byId(id) })) > 0;
    },

    list: (organizationId: string) =>
      db.findMany<TeamRow>({
        model: "team",
        where: [{ field: "organizationId", value: organizationId }],
        sortBy: { field: "createdAt", direction: "asc" },
      }),

    count: (organizationId: string) =>
      db.count({ model: "team", where: [{ field: "organizationId", value: organizationId }] }),

    findMember: (teamId: string, userId: string) =>
      db.findOne<TeamMemberRow>({
        model: "teamMember",
        where: [...inTeam(teamId), { field: "userId", value: userId }],
      }),

    addMember: (teamId: string, userId: string, createdAt: Date) =>
      db.create<TeamMemberRow>({ model: "teamMember", data: { teamId, userId, createdAt } }),

    removeMember: (teamId: string, userId: string) =>
      db.deleteMany({ model: "teamMember", where: [...inTeam(teamId), { field: "userId", value: userId }] }),

    countMembers: (teamId: string) => db.count({ model: "teamMember", where: inTeam(teamId) }),

    listMembers: (teamId: string) =>
      db.findMany<TeamMemberRow>({
        model: "teamMember",
        where: inTeam(teamId),
        sortBy: { field: "createdAt", direction: "asc" },
      }),

    /** The teams the user belongs to (optionally within one organization): two indexed queries. */
    async listForUser(userId: string, organizationId?: string): Promise<TeamRow[]> {
      const memberships = await db.findMany<{ teamId: string }>({
        model: "teamMember",
        where: [{ field: "userId", value: userId }],
        select: ["teamId"],
      });
      if (memberships.length === 0) return [];
      return db.findMany<TeamRow>({
        model: "team",
        where: [
          { field: "id", operator: "in", value: memberships.map((m) => m.teamId) },
          ...(organizationId ? [{ field: "organizationId", value: organizationId }] : []),
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      });
    },

    /** Removes the user from every team of the organization (when they leave it). */
    async removeUserFromOrganization(organizationId: string, userId: string): Promise<void> {
      const teams = await db.findMany<{ id: string }>({
        model: "team",
        where: [{ field: "organizationId", value: organizationId }],
        select: ["id"],
      });
      if (teams.length === 0) return;
      await db.deleteMany({
        model: "teamMember",
        where: [
          { field: "teamId", operator: "in", value: teams.map((t) => t.id) },
          { field: "userId", value: userId },
        ],
      });
    },
  };
}

export type TeamRepository = ReturnType<typeof teamRepository>;
