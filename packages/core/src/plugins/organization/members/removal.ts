import type { ErrorFactory, UserRow } from "../../../plugin";
import { clearActive } from "../active-session";
import { assertCan, type OrgContext, requireMember, requireOrganization, withStoredRoles } from "../context";
import { ORG_ERRORS } from "../errors";
import { toMember, toOrganization } from "../shape";
import { teamRepository } from "../teams/repository";
import type { Member, MemberRow } from "../types";
import { releaseOwnership, withOrganizationLock } from "./owner-guard";
import { memberRepository } from "./repository";
import { assertCanRemoveMember, holdsRole } from "./rules";

/**
 * Removing members: by someone with member:delete (remove-member) or by themselves (leave, or
 * remove-member naming oneself). The last owner can never go (spec section 5): the owner guard runs
 * in the same transaction as the delete, inside the organization's lock. Afterwards the removed
 * user's sessions lose the organization as their active one.
 */
export function createMemberRemoval(ctx: OrgContext) {
  const { app, opts } = ctx;
  const owner = opts.creatorRole;

  async function findTarget(organizationId: string, memberIdOrEmail: string): Promise<MemberRow | null> {
    const repo = memberRepository(app.adapter);
    if (!memberIdOrEmail.includes("@")) {
      const member = await repo.findById(memberIdOrEmail);
      return member?.organizationId === organizationId ? member : null;
    }
    const user = await app.core.users.findByEmail(memberIdOrEmail);
    return user ? repo.findByUser(organizationId, user.id) : null;
  }

  async function removeLocked(
    actor: { user: UserRow; member: MemberRow },
    target: MemberRow,
    lastOwnerError: ErrorFactory,
  ): Promise<Member> {
    const self = target.userId === actor.user.id;
    const organization = await requireOrganization(app.adapter, target.organizationId);
    await app.events.runBefore("organization.member.remove", {
      member: toMember(app, target),
      organization: toOrganization(app, organization),
      user: actor.user,
    });
    const removed = await withOrganizationLock(app, organization.id, async (tx, org) => {
      const members = memberRepository(tx);
      // Re-read under the lock: the actor may have been removed or demoted meanwhile.
      const [current, actorNow] = [
        await members.findById(target.id),
        await members.findById(actor.member.id).then((m) => m && withStoredRoles(tx, m)),
      ];
      if (!current || current.organizationId !== org.id || !actorNow) throw ORG_ERRORS.MEMBER_NOT_FOUND();
      if (!self)
        assertCan(
          opts,
          actorNow,
          { member: ["delete"] },
          ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER,
        );
      // The last-owner rule first (400, as better-auth answers a non-owner removing the last owner);
      // a refusal below rolls the released ownership back with the transaction.
      if (holdsRole(current.role, owner)) await releaseOwnership(tx, org, owner, lastOwnerError);
      assertCanRemoveMember({ ownerRole: owner, actorRoles: actorNow.role, targetRoles: current.role, self });
      if (opts.teamsEnabled) await teamRepository(tx).removeUserFromOrganization(org.id, current.userId);
      if (!(await members.remove(current.id))) throw ORG_ERRORS.MEMBER_NOT_FOUND();
      return current;
    });
    await clearActive(app, { field: "activeOrganizationId", id: organization.id, userIds: [removed.userId] });
    const member = toMember(app, removed);
    await app.events.emit("organization.member.removed", {
      member,
      organizationId: organization.id,
      userId: actor.user.id,
    });
    return member;
  }

  return {
    /**
     * POST /organization/remove-member: `memberIdOrEmail` containing "@" is an email. Removing
     * someone else needs member:delete, and only an owner removes an owner.
     */
    async remove(input: {
      actor: UserRow;
      organizationId: string;
      memberIdOrEmail: string;
    }): Promise<Member> {
      const actorMember = await requireMember(
        app.adapter,
        input.organizationId,
        input.actor.id,
        ORG_ERRORS.MEMBER_NOT_FOUND,
      );
      const target = await findTarget(input.organizationId, input.memberIdOrEmail);
      if (!target) throw ORG_ERRORS.MEMBER_NOT_FOUND();
      if (target.userId !== input.actor.id) {
        assertCan(
          opts,
          actorMember,
          { member: ["delete"] },
          ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER,
        );
      }
      return removeLocked(
        { user: input.actor, member: actorMember },
        target,
        ORG_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER,
      );
    },

    /** POST /organization/leave: the caller leaves; the only owner cannot. */
    async leave(input: { actor: UserRow; organizationId: string }): Promise<Member> {
      const member = await requireMember(
        app.adapter,
        input.organizationId,
        input.actor.id,
        ORG_ERRORS.MEMBER_NOT_FOUND,
      );
      return removeLocked(
        { user: input.actor, member },
        member,
        ORG_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER,
      );
    },
  };
}

export type MemberRemoval = ReturnType<typeof createMemberRemoval>;
