import type { UserRow } from "../../plugin";
import type { Invitation, Member, Organization, Team, TeamMember } from "./types";

/**
 * The organization plugin's typed events and before-hooks, added to the core maps by declaration
 * merging. Events are emitted after the change commits; before-hooks run before the write (outside
 * the transaction) and may return replacement data or throw to refuse.
 *
 *   app.events.on("organization.member.added", ({ member }) => seats.sync(member.organizationId));
 */
declare module "../../plugin" {
  interface GatehouseEvents {
    "organization.created": { organization: Organization; member: Member; user: UserRow };
    "organization.updated": { organization: Organization; previous: Organization; userId: string };
    "organization.deleted": { organization: Organization; userId: string | null };
    /** Every new membership: creation, add-member and accepted invitations. */
    "organization.member.added": { member: Member; organizationId: string };
    /** Removal by someone else or leaving (`userId` is who acted). */
    "organization.member.removed": { member: Member; organizationId: string; userId: string | null };
    "organization.member.roleChanged": { member: Member; previousRole: string; organizationId: string };
    "organization.invitation.created": {
      invitation: Invitation;
      organization: Organization;
      inviter: UserRow;
    };
    "organization.invitation.accepted": {
      invitation: Invitation;
      member: Member;
      user: UserRow;
      organization: Organization;
    };
    "organization.invitation.rejected": { invitation: Invitation; user: UserRow };
    "organization.invitation.canceled": { invitation: Invitation; userId: string };
    "organization.team.created": { team: Team };
    "organization.team.updated": { team: Team };
    "organization.team.deleted": { team: Team };
    "organization.team.member.added": { teamMember: TeamMember };
    "organization.team.member.removed": { teamMember: TeamMember };
  }

  interface GatehouseHooks {
    "organization.create": { data: Record<string, unknown>; user: UserRow };
    "organization.delete": { organization: Organization; user: UserRow };
    "organization.invitation.create": {
      data: Record<string, unknown>;
      organization: Organization;
      inviter: UserRow;
    };
    "organization.invitation.accept": { invitation: Invitation; organization: Organization; user: UserRow };
    "organization.member.remove": { member: Member; organization: Organization; user: UserRow };
  }
}

/** The names of the plugin's events (for docs and tests). */
export const ORGANIZATION_EVENTS = [
  "organization.created",
  "organization.updated",
  "organization.deleted",
  "organization.member.added",
  "organization.member.removed",
  "organization.member.roleChanged",
  "organization.invitation.created",
  "organization.invitation.accepted",
  "organization.invitation.rejected",
  "organization.invitation.canceled",
  "organization.team.created",
  "organization.team.updated",
  "organization.team.deleted",
  "organization.team.member.added",
  "organization.team.member.removed",
] as const;
