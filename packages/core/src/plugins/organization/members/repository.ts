import type { DBAdapter, Row, SortBy, Where } from "../../../plugin";
import { formatRoles } from "../access";
import type { MemberRow } from "../types";

export type MemberWithUserRow = MemberRow & { user: Record<string, unknown> | null };

export interface NewMember {
  readonly organizationId: string;
  readonly userId: string;
  readonly roles: readonly string[];
  readonly teamId?: string | null;
  readonly extra?: Row;
  /** The app clock's now (`app.now()`). */
  readonly createdAt: Date;
}

export interface MemberListQuery {
  readonly where?: Where;
  readonly limit?: number;
  readonly offset?: number;
  readonly sortBy?: SortBy;
}

const byId = (id: string): Where => [{ field: "id", value: id }];
const inOrg = (organizationId: string): Where => [{ field: "organizationId", value: organizationId }];

/**
 * The only code that touches `member` and `memberRole`. `member.role` holds the API form
 * ("admin,member"); `memberRole` holds one row per role, so one role is matched with a plain
 * equality (see models.ts). Both are always written together, in the caller's transaction.
 */
export function memberRepository(db: DBAdapter) {
  async function writeRoles(member: MemberRow, roles: readonly string[]) {
    for (const role of roles) {
      await db.create({
        model: "memberRole",
        data: { memberId: member.id, organizationId: member.organizationId, role },
      });
    }
  }

  return {
    findById: (id: string) => db.findOne<MemberRow>({ model: "member", where: byId(id) }),

    findByIdWithUser: (id: string) =>
      db.findOne<MemberWithUserRow>({ model: "member", where: byId(id), join: { user: true } }),

    findByUser: (organizationId: string, userId: string) =>
      db.findOne<MemberRow>({
        model: "member",
        where: [...inOrg(organizationId), { field: "userId", value: userId }],
      }),

    findByUserWithUser: (organizationId: string, userId: string) =>
      db.findOne<MemberWithUserRow>({
        model: "member",
        where: [...inOrg(organizationId), { field: "userId", value: userId }],
        join: { user: true },
      }),

    /** Inserts the member and its role rows (call inside a transaction). */
    async create(input: NewMember): Promise<MemberRow> {
      const member = await db.create<MemberRow>({
        model: "member",
        data: {
          ...input.extra,
          organizationId: input.organizationId,
          userId: input.userId,
          role: formatRoles(input.roles),
          teamId: input.teamId ?? null,
          createdAt: input.createdAt,
        },
      });
      await writeRoles(member, input.roles);
      return member;
    },

    /** Replaces the member's roles (column and rows); null when the member is gone. */
    async setRoles(member: MemberRow, roles: readonly string[]): Promise<MemberRow | null> {
      const updated = await db.update<MemberRow>({
        model: "member",
        where: byId(member.id),
        update: { role: formatRoles(roles) },
      });
      if (!updated) return null;
      await db.deleteMany({ model: "memberRole", where: [{ field: "memberId", value: member.id }] });
      await writeRoles(updated, roles);
      return updated;
    },

    /** Deletes the member and its role rows; false when it was already gone. */
    async remove(memberId: string): Promise<boolean> {
      await db.deleteMany({ model: "memberRole", where: [{ field: "memberId", value: memberId }] });
      return (await db.delete({ model: "member", where: byId(memberId) })) > 0;
    },

    /** Members of the organization holding `role`: one indexed count, no string matching. */
    countWithRole: (organizationId: string, role: string) =>
      db.count({ model: "memberRole", where: [...inOrg(organizationId), { field: "role", value: role }] }),

    /** Ids of the members holding `role` (for role filters). */
    async idsWithRole(organizationId: string, role: string): Promise<string[]> {
      const rows = await db.findMany<{ memberId: string }>({
        model: "memberRole",
        where: [...inOrg(organizationId), { field: "role", value: role }],
        select: ["memberId"],
      });
      return rows.map((r) => r.memberId);
    },

    count: (organizationId: string, where: Where = []) =>
      db.count({ model: "member", where: [...inOrg(organizationId), ...where] }),

    /** A page of members with their users, in one query (member joined with user). */
    list: (organizationId: string, query: MemberListQuery = {}) =>
      db.findMany<MemberWithUserRow>({
        model: "member",
        where: [...inOrg(organizationId), ...(query.where ?? [])],
        limit: query.limit,
        offset: query.offset,
        sortBy: query.sortBy ?? { field: "createdAt", direction: "asc" },
        join: { user: true },
      }),

    /** User ids of every member (bounded by the membership limit). */
    async userIds(organizationId: string): Promise<string[]> {
      const rows = await db.findMany<{ userId: string }>({
        model: "member",
        where: inOrg(organizationId),
        select: ["userId"],
      });
      return rows.map((r) => r.userId);
    },
  };
}

export type MemberRepository = ReturnType<typeof memberRepository>;
