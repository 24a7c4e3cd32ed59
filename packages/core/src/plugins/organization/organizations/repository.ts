import type { DBAdapter, Row, Where } from "../../../plugin";
import { roleRepository } from "../roles/repository";
import type { MemberRow, OrganizationRow } from "../types";

const byId = (id: string): Where => [{ field: "id", value: id }];

/**
 * The only code that touches the organization table. Pass the transaction's adapter inside a
 * transaction (never the outer one).
 */
export function organizationRepository(db: DBAdapter) {
  return {
    findById: (id: string) => db.findOne<OrganizationRow>({ model: "organization", where: byId(id) }),

    findBySlug: (slug: string) =>
      db.findOne<OrganizationRow>({ model: "organization", where: [{ field: "slug", value: slug }] }),

    create: (data: Row) => db.create<OrganizationRow>({ model: "organization", data }),

    update: (id: string, data: Row) =>
      db.update<OrganizationRow>({ model: "organization", where: byId(id), update: data }),

    /**
     * Takes the organization's row lock for the rest of the transaction (a no-op increment) and
     * returns the row, or null when it is gone. Every transaction that changes memberships or roles
     * starts with it, so they run one after another per organization on every database.
     */
    lock: (id: string) =>
      db.incrementOne<OrganizationRow>({
        model: "organization",
        where: byId(id),
        field: "ownerCount",
        by: 0,
      }),

    /** The last-owner guard: ownerCount - 1, refused (null) when it would drop below 1. */
    releaseOwner: (id: string) =>
      db.incrementOne<OrganizationRow>({
        model: "organization",
        where: byId(id),
        field: "ownerCount",
        by: -1,
        min: 1,
      }),

    addOwner: (id: string) =>
      db.incrementOne<OrganizationRow>({
        model: "organization",
        where: byId(id),
        field: "ownerCount",
        by: 1,
      }),

    setOwnerCount: (id: string, ownerCount: number) =>
      db.update<OrganizationRow>({ model: "organization", where: byId(id), update: { ownerCount } }),

    /**
     * The organizations a user belongs to, in one query (member joined with organization); of the
     * member rows only the join key is read.
     */
    async listForUser(userId: string): Promise<OrganizationRow[]> {
      const rows = await db.findMany<Pick<MemberRow, "id"> & { organization: OrganizationRow | null }>({
        model: "member",
        where: [{ field: "userId", value: userId }],
        select: ["organizationId"],
        sortBy: { field: "createdAt", direction: "asc" },
        join: { organization: true },
      });
      return rows.map((r) => r.organization).filter((o): o is OrganizationRow => o !== null);
    },

    /** How many organizations the user belongs to (the organization limit counts these). */
    countForUser: (userId: string) =>
      db.count({ model: "member", where: [{ field: "userId", value: userId }] }),

    /**
     * Deletes the organization and everything in it. Explicit rather than left to foreign keys, so
     * that databases without cascades (memory, document stores) end in the same state.
     */
    async deleteWithChildren(id: string, teams: boolean): Promise<void> {
      const inOrg: Where = [{ field: "organizationId", value: id }];
      if (teams) {
        const teamIds = (
          await db.findMany<{ id: string }>({ model: "team", where: inOrg, select: ["id"] })
        ).map((t) => t.id);
        if (teamIds.length > 0) {
          await db.deleteMany({
            model: "teamMember",
            where: [{ field: "teamId", operator: "in", value: teamIds }],
          });
        }
        await db.deleteMany({ model: "team", where: inOrg });
      }
      await db.deleteMany({ model: "invitation", where: inOrg });
      await db.deleteMany({ model: "memberRole", where: inOrg });
      if (db.schema.organizationRole) await roleRepository(db).removeAll(id);
      await db.deleteMany({ model: "member", where: inOrg });
      await db.delete({ model: "organization", where: byId(id) });
    },
  };
}

export type OrganizationRepository = ReturnType<typeof organizationRepository>;
