import type { UserRow } from "../../../plugin";
import { parseRoles } from "../access";
import { type OrgContext, requireOrganization } from "../context";
import { ORG_ERRORS } from "../errors";
import { withOrganizationLock } from "../members/owner-guard";
import { memberRepository } from "../members/repository";
import type { MemberService } from "../members/service";
import { toMember, toOrganization } from "../shape";
import type { Invitation, InvitationRow, Member } from "../types";
import { invitationRepository } from "./repository";
import { assertOpen, assertRecipient } from "./rules";

export type InvitationDetails = Invitation & {
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string | null;
};

/**
 * The invited user's side (spec sections 4 and 6): only the recipient (email compared
 * case-insensitively) may view, accept or reject, and only while the invitation is pending and
 * unexpired. Accepting needs the inviter to still be a member; it creates the membership.
 */
export function createInvitationRecipient(ctx: OrgContext, members: MemberService) {
  const { app, opts } = ctx;
  const repo = () => invitationRepository(app.adapter);

  async function openFor(user: UserRow, invitationId: string): Promise<InvitationRow> {
    const invitation = await repo().findById(invitationId);
    assertOpen(invitation, app.now());
    assertRecipient(invitation, user.email);
    if (opts.raw.requireEmailVerificationOnInvitation && !user.emailVerified) {
      throw ORG_ERRORS.EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION();
    }
    return invitation;
  }

  async function assertInviterIsMember(invitation: InvitationRow): Promise<void> {
    const inviter = await memberRepository(app.adapter).findByUser(
      invitation.organizationId,
      invitation.inviterId,
    );
    if (!inviter) throw ORG_ERRORS.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION();
  }

  return {
    /**
     * Accepts: the invitation becomes "accepted" and the user a member with its roles (and joins
     * its team), atomically inside the organization's lock; a concurrent accept of the same
     * invitation finds it no longer pending. The caller makes the organization active.
     */
    async accept(user: UserRow, invitationId: string): Promise<{ invitation: Invitation; member: Member }> {
      const invitation = await openFor(user, invitationId);
      const row = await requireOrganization(app.adapter, invitation.organizationId);
      await assertInviterIsMember(invitation);
      const organization = toOrganization(app, row);
      await app.events.runBefore("organization.invitation.accept", { invitation, organization, user });
      const limits = await members.limitsFor(row, invitation.teamId);
      const result = await withOrganizationLock(app, row.id, async (tx, locked) => {
        const accepted = await invitationRepository(tx).transition(invitation.id, "accepted");
        if (!accepted) throw ORG_ERRORS.INVITATION_NOT_FOUND();
        const member = await members.insert(
          tx,
          locked,
          {
            organizationId: locked.id,
            userId: user.id,
            roles: parseRoles(invitation.role),
            teamId: invitation.teamId ?? null,
            createdAt: app.now(),
          },
          limits,
        );
        return { invitation: accepted, member: toMember(app, member) };
      });
      await app.events.emit("organization.member.added", { member: result.member, organizationId: row.id });
      await app.events.emit("organization.invitation.accepted", { ...result, user, organization });
      return result;
    },

    async reject(user: UserRow, invitationId: string): Promise<{ invitation: Invitation; member: null }> {
      const invitation = await openFor(user, invitationId);
      const rejected = await repo().transition(invitation.id, "rejected");
      if (!rejected) throw ORG_ERRORS.INVITATION_NOT_FOUND();
      await app.events.emit("organization.invitation.rejected", { invitation: rejected, user });
      return { invitation: rejected, member: null };
    },

    /** The invitation with its organization's name and slug and the inviter's email. */
    async get(user: UserRow, invitationId: string): Promise<InvitationDetails> {
      const found = await repo().findWithDetails(invitationId);
      assertOpen(found, app.now());
      assertRecipient(found, user.email);
      const { organization, user: inviter, ...invitation } = found;
      if (!organization) throw ORG_ERRORS.ORGANIZATION_NOT_FOUND();
      await assertInviterIsMember(found);
      return {
        ...invitation,
        organizationName: organization.name,
        organizationSlug: organization.slug,
        inviterEmail: typeof inviter?.email === "string" ? inviter.email : null,
      } as InvitationDetails;
    },

    /** Pending, unexpired invitations addressed to an email, with organization name and slug. */
    async listForEmail(email: string) {
      const rows = await repo().listOpenForEmail(email, app.now());
      return rows.map(({ organization, ...invitation }) => ({
        ...invitation,
        organizationName: organization?.name ?? null,
        organizationSlug: organization?.slug ?? null,
      }));
    },
  };
}

export type InvitationRecipient = ReturnType<typeof createInvitationRecipient>;
