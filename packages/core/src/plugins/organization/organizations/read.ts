import { type OrgContext, requireMember } from "../context";
import { ORG_ERRORS } from "../errors";
import { invitationRepository } from "../invitations/repository";
import { memberRepository } from "../members/repository";
import { DEFAULT_MEMBERSHIP_LIMIT } from "../options";
import { toMemberWithUser, toOrganization } from "../shape";
import { teamRepository } from "../teams/repository";
import type { FullOrganization } from "../types";
import { organizationRepository } from "./repository";

/** GET /organization/get-full-organization: the organization with members, invitations and teams. */
export function createOrganizationReader(ctx: OrgContext) {
  const { app, opts } = ctx;
  return {
    /**
     * By slug, else by id; null when neither is given. Only members may read it. Members come with
     * `{ id, name, email, image }` of their user, in one query; at most `membersLimit` (default 100).
     */
    async getFull(
      userId: string,
      ref: { id?: string | null; slug?: string; membersLimit?: number },
    ): Promise<FullOrganization | null> {
      if (!ref.slug && !ref.id) return null;
      const orgs = organizationRepository(app.adapter);
      const row = ref.slug ? await orgs.findBySlug(ref.slug) : await orgs.findById(ref.id!);
      if (!row) throw ORG_ERRORS.ORGANIZATION_NOT_FOUND();
      await requireMember(app.adapter, row.id, userId);
      const [members, invitations, teams] = await Promise.all([
        memberRepository(app.adapter).list(row.id, { limit: ref.membersLimit ?? DEFAULT_MEMBERSHIP_LIMIT }),
        invitationRepository(app.adapter).list(row.id),
        opts.teamsEnabled ? teamRepository(app.adapter).list(row.id) : Promise.resolve(undefined),
      ]);
      return {
        ...toOrganization(app, row),
        members: members.map((m) => toMemberWithUser(app, m)),
        invitations,
        ...(teams ? { teams } : {}),
      };
    },
  };
}
