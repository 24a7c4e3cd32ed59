import type { Row, UserRow } from "../../../plugin";
import { AUTH_ERRORS, isValidEmail } from "../../../plugin";
import { formatRoles, parseRoles } from "../access";
import { assertCan, knownRoles, type OrgContext, requireMember, requireOrganization } from "../context";
import { ORG_ERRORS } from "../errors";
import { memberRepository } from "../members/repository";
import { assertBelowLimit, assertKnownRoles, holdsRole } from "../members/rules";
import type { MemberService } from "../members/service";
import { toMemberWithUser, toOrganization } from "../shape";
import { teamRepository } from "../teams/repository";
import type { Invitation } from "../types";
import { invitationRepository } from "./repository";
import { assertOpen, invitationExpiry, isOpen } from "./rules";

export interface InviteInput {
  readonly inviter: UserRow;
  readonly organizationId: string;
  readonly email: string;
  readonly role: string | readonly string[];
  readonly resend?: boolean;
  readonly teamId?: string | null;
  readonly extra?: Row;
  readonly request?: Request;
}

/**
 * Creating invitations (spec section 4): needs invitation:create; only an owner may invite an
 * owner; the email must not belong to a member; a pending invitation is renewed with `resend`,
 * replaced with `cancelPendingInvitationsOnReInvite`, else refused. Expires after
 * `invitationExpiresIn` (172800 s by default). The recipient side is in recipient.ts.
 */
export function createInvitationService(ctx: OrgContext, members: MemberService) {
  const { app, opts } = ctx;
  const repo = () => invitationRepository(app.adapter);

  async function send(
    invitation: Invitation,
    input: InviteInput,
    organization: ReturnType<typeof toOrganization>,
  ) {
    const sender = opts.raw.sendInvitationEmail;
    if (!sender) return;
    const inviter = await memberRepository(app.adapter).findByUserWithUser(organization.id, input.inviter.id);
    if (!inviter) return;
    await sender(
      {
        id: invitation.id,
        role: invitation.role,
        email: invitation.email,
        organization,
        invitation,
        inviter: toMemberWithUser(app, inviter),
      },
      input.request,
    );
  }

  return {
    async create(input: InviteInput): Promise<Invitation> {
      const email = input.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw AUTH_ERRORS.INVALID_EMAIL();
      const roles = parseRoles(input.role);
      assertKnownRoles(roles, await knownRoles(opts, app.adapter, input.organizationId));
      const row = await requireOrganization(app.adapter, input.organizationId);
      const organization = toOrganization(app, row);
      const inviter = await requireMember(app.adapter, row.id, input.inviter.id);
      assertCan(
        opts,
        inviter,
        { invitation: ["create"] },
        ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION,
      );
      if (roles.includes(opts.creatorRole) && !holdsRole(inviter.role, opts.creatorRole)) {
        throw ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE();
      }
      if (input.teamId) {
        if (!opts.teamsEnabled) throw ORG_ERRORS.TEAMS_ARE_NOT_ENABLED();
        if (!(await teamRepository(app.adapter).findInOrganization(input.teamId, row.id))) {
          throw ORG_ERRORS.TEAM_NOT_FOUND();
        }
      }
      const existingUser = await app.core.users.findByEmail(email);
      if (existingUser && (await members.isMember(existingUser.id, row.id)))
        throw ORG_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION();

      const now = app.now();
      const expiresAt = invitationExpiry(now, opts.invitationExpiresIn);
      const open = (await repo().findPending(row.id, email)).filter((i) => isOpen(i, now));
      if (open.length > 0 && input.resend) {
        const renewed =
          (await repo().update(open[0]!.id, { expiresAt, role: formatRoles(roles) })) ?? open[0]!;
        await send(renewed, input, organization);
        return renewed;
      }
      if (open.length > 0 && !opts.raw.cancelPendingInvitationsOnReInvite)
        throw ORG_ERRORS.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION();
      for (const old of open) await repo().transition(old.id, "canceled");

      assertBelowLimit(
        await repo().countOpen(row.id, now),
        opts.invitationLimit,
        ORG_ERRORS.INVITATION_LIMIT_REACHED,
      );
      const { members: limit } = await members.limitsFor(row);
      assertBelowLimit(
        await memberRepository(app.adapter).count(row.id),
        limit,
        ORG_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED,
      );
      const hooked = await app.events.runBefore("organization.invitation.create", {
        data: {
          ...input.extra,
          organizationId: row.id,
          email,
          role: formatRoles(roles),
          teamId: input.teamId ?? null,
          inviterId: input.inviter.id,
          expiresAt,
        },
        organization,
        inviter: input.inviter,
      });
      const invitation = await repo().create({ ...hooked.data, status: "pending", createdAt: now });
      await send(invitation, input, organization);
      await app.events.emit("organization.invitation.created", {
        invitation,
        organization,
        inviter: input.inviter,
      });
      return invitation;
    },

    /** Cancels a pending, unexpired invitation; needs invitation:cancel in its organization. */
    async cancel(user: UserRow, invitationId: string): Promise<Invitation> {
      const invitation = await repo().findById(invitationId);
      assertOpen(invitation, app.now());
      const member = await requireMember(
        app.adapter,
        invitation.organizationId,
        user.id,
        ORG_ERRORS.MEMBER_NOT_FOUND,
      );
      assertCan(
        opts,
        member,
        { invitation: ["cancel"] },
        ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION,
      );
      const canceled = await repo().transition(invitation.id, "canceled");
      if (!canceled) throw ORG_ERRORS.INVITATION_NOT_FOUND();
      await app.events.emit("organization.invitation.canceled", { invitation: canceled, userId: user.id });
      return canceled;
    },

    /** Every invitation of the organization (all statuses); any member may list them. */
    async list(userId: string, organizationId: string): Promise<Invitation[]> {
      await requireMember(app.adapter, organizationId, userId);
      return repo().list(organizationId);
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
