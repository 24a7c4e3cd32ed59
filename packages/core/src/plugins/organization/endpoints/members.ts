import { z } from "zod";
import { defineEndpoint } from "../../../router/endpoint";
import { activeOrg, reflectOnRequest } from "../active-session";
import { targetOrganizationId } from "../context";
import { additionalInput } from "../input";
import { MEMBER_FILTER_OPERATORS } from "../members/list";
import { memberFields } from "../models";
import { organizationRoutes } from "../routes";
import { organizationServices } from "../services";

export const rolesSchema = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/** GET /organization/get-active-member -> the caller's membership in the active organization. */
export const getActiveMember = defineEndpoint(organizationRoutes.getActiveMember, {
  auth: "session",
  handler({ app, session }) {
    return organizationServices(app).members.getWithUser(session.user.id, targetOrganizationId(session));
  },
});

/**
 * GET /organization/get-active-member-role ?userId&organizationId&organizationSlug -> {role}: the
 * caller's role in the organization (default: the active one), or another member's.
 */
export const getActiveMemberRole = defineEndpoint(organizationRoutes.getActiveMemberRole, {
  query: z
    .object({
      userId: z.string().optional(),
      organizationId: z.string().optional(),
      organizationSlug: z.string().optional(),
    })
    .optional(),
  auth: "session",
  async handler({ app, query, session }) {
    const services = organizationServices(app);
    const id = query?.organizationSlug
      ? (await services.organizations.findForMember(session.user.id, { slug: query.organizationSlug })).id
      : targetOrganizationId(session, query?.organizationId);
    return services.members.getRole(session.user.id, id, query?.userId);
  },
});

/** GET /organization/list-members ?limit&offset&sortBy&sortDirection&filterField&filterValue&filterOperator&organizationId -> {members, total}. */
export const listMembers = defineEndpoint(organizationRoutes.listMembers, {
  query: z
    .object({
      limit: z.coerce.number().int().min(1).optional(),
      offset: z.coerce.number().int().min(0).optional(),
      sortBy: z.string().optional(),
      sortDirection: z.enum(["asc", "desc"]).optional(),
      filterField: z.string().optional(),
      filterValue: z.union([z.string(), z.number(), z.boolean()]).transform(String).optional(),
      filterOperator: z.enum(MEMBER_FILTER_OPERATORS).optional(),
      organizationId: z.string().optional(),
      organizationSlug: z.string().optional(),
    })
    .optional(),
  auth: "session",
  async handler({ app, query, session }) {
    const services = organizationServices(app);
    const { organizationId, organizationSlug, ...params } = query ?? {};
    const id = organizationSlug
      ? (await services.organizations.findForMember(session.user.id, { slug: organizationSlug })).id
      : targetOrganizationId(session, organizationId);
    return services.members.list(session.user.id, id, params);
  },
});

/**
 * addMember (server only, not routed): adds a user with roles, without an invitation.
 *   await auth.api.addMember({ body: { userId, role: "member", organizationId } })
 */
export const addMember = defineEndpoint(organizationRoutes.addMember, {
  body: z.looseObject({
    userId: z.string(),
    role: rolesSchema,
    organizationId: z.string().optional(),
    teamId: z.string().optional(),
  }),
  auth: "optional",
  handler({ app, body, session }) {
    return organizationServices(app).members.add({
      userId: body.userId,
      organizationId: targetOrganizationId(session, body.organizationId),
      role: body.role,
      teamId: body.teamId,
      extra: additionalInput(app, "member", memberFields, body, "create"),
    });
  },
});

/** POST /organization/update-member-role {role, memberId, organizationId?} (member:update). */
export const updateMemberRole = defineEndpoint(organizationRoutes.updateMemberRole, {
  body: z.object({ role: rolesSchema, memberId: z.string(), organizationId: z.string().optional() }),
  auth: "session",
  handler({ app, body, session }) {
    return organizationServices(app).members.updateRole({
      actorId: session.user.id,
      organizationId: targetOrganizationId(session, body.organizationId),
      memberId: body.memberId,
      role: body.role,
    });
  },
});

/**
 * POST /organization/remove-member {memberIdOrEmail, organizationId?} -> {member}. Needs
 * member:delete to remove someone else; the last owner cannot be removed.
 */
export const removeMember = defineEndpoint(organizationRoutes.removeMember, {
  body: z.object({ memberIdOrEmail: z.string().min(1), organizationId: z.string().optional() }),
  auth: "session",
  async handler({ app, rc, body, session }) {
    const organizationId = targetOrganizationId(session, body.organizationId);
    const member = await organizationServices(app).members.remove({
      actor: session.user,
      organizationId,
      memberIdOrEmail: body.memberIdOrEmail,
    });
    if (member.userId === session.user.id && activeOrg(session) === organizationId) {
      await reflectOnRequest(rc, session, { activeOrganizationId: null, activeTeamId: null });
    }
    return { member };
  },
});

/** POST /organization/leave {organizationId} -> the removed membership; the only owner cannot leave. */
export const leaveOrganization = defineEndpoint(organizationRoutes.leaveOrganization, {
  body: z.object({ organizationId: z.string() }),
  auth: "session",
  async handler({ app, rc, body, session }) {
    const member = await organizationServices(app).members.leave({
      actor: session.user,
      organizationId: body.organizationId,
    });
    if (activeOrg(session) === body.organizationId) {
      await reflectOnRequest(rc, session, { activeOrganizationId: null, activeTeamId: null });
    }
    return member;
  },
});
