import type { DBAdapter, Row, Where } from "../../../plugin";
import type { InvitationStatus } from "../models";
import type { InvitationRow, OrganizationRow } from "../types";

const byId = (id: string): Where => [{ field: "id", value: id }];
const pending: Where = [{ field: "status", value: "pending" }];

export type InvitationWithOrganization = InvitationRow & { organization: OrganizationRow | null };

/** The only code that touches the invitation table. */
export function invitationRepository(db: DBAdapter) {
  return {
    findById: (id: string) => db.findOne<InvitationRow>({ model: "invitation", where: byId(id) }),

    /** The invitation with its organization and inviter, in one query. */
    findWithDetails: (id: string) =>
      db.findOne<InvitationWithOrganization & { user: Record<string, unknown> | null }>({
        model: "invitation",
        where: byId(id),
        join: { organization: true, user: true },
      }),

    create: (data: Row) => db.create<InvitationRow>({ model: "invitation", data }),

    /** Pending invitations of an email to an organization (expired ones included). */
    findPending: (organizationId: string, email: string) =>
      db.findMany<InvitationRow>({
        model: "invitation",
        where: [
          { field: "organizationId", value: organizationId },
          { field: "email", value: email.toLowerCase() },
          ...pending,
        ],
      }),

    /** Pending, unexpired invitations of an organization (the invitation limit counts these). */
    countOpen: (organizationId: string, now: Date) =>
      db.count({
        model: "invitation",
        where: [
          { field: "organizationId", value: organizationId },
          ...pending,
          { field: "expiresAt", operator: "gt", value: now },
        ],
      }),

    /**
     * Moves a pending invitation to `status`. Atomic: the status is part of the WHERE, so of two
     * concurrent accept/reject/cancel calls only one succeeds; the other gets null.
     */
    transition: (id: string, status: InvitationStatus) =>
      db.update<InvitationRow>({ model: "invitation", where: [...byId(id), ...pending], update: { status } }),

    update: (id: string, data: Row) =>
      db.update<InvitationRow>({ model: "invitation", where: byId(id), update: data }),

    list: (organizationId: string) =>
      db.findMany<InvitationRow>({
        model: "invitation",
        where: [{ field: "organizationId", value: organizationId }],
        sortBy: { field: "createdAt", direction: "desc" },
      }),

    /** Pending, unexpired invitations addressed to an email, with their organizations. */
    listOpenForEmail: (email: string, now: Date) =>
      db.findMany<InvitationWithOrganization>({
        model: "invitation",
        where: [
          { field: "email", value: email.toLowerCase() },
          ...pending,
          { field: "expiresAt", operator: "gt", value: now },
        ],
        sortBy: { field: "createdAt", direction: "desc" },
        join: { organization: true },
      }),

    /** Pending invitations into a removed team no longer name it. */
    clearTeam: (teamId: string) =>
      db.updateMany({
        model: "invitation",
        where: [{ field: "teamId", value: teamId }, ...pending],
        update: { teamId: null },
      }),
  };
}

export type InvitationRepository = ReturnType<typeof invitationRepository>;
