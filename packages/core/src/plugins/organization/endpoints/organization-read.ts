import { z } from "zod";
import { defineEndpoint, isAPIError } from "../../../plugin";
import { activeOrg, updateCurrentSession } from "../active-session";
import { organizationRoutes } from "../routes";
import { organizationServices } from "../services";
import type { Organization } from "../types";

/** GET /organization/list -> the caller's organizations. */
export const listOrganizations = defineEndpoint(organizationRoutes.listOrganizations, {
  auth: "session",
  handler({ app, session }) {
    return organizationServices(app).organizations.listForUser(session.user.id);
  },
});

/**
 * GET /organization/get-organization ?organizationId&organizationSlug -> the organization (default:
 * the active one), or null without one. Only members may read it (403); a caller no longer a member
 * of their active organization also has it cleared from the session.
 */
export const getOrganization = defineEndpoint(organizationRoutes.getOrganization, {
  query: z
    .object({ organizationId: z.string().optional(), organizationSlug: z.string().optional() })
    .optional(),
  auth: "session",
  async handler({ app, rc, query, session }): Promise<Organization | null> {
    const id = query?.organizationId ?? activeOrg(session);
    if (!id && !query?.organizationSlug) return null;
    try {
      return await organizationServices(app).organizations.findForMember(session.user.id, {
        id: id ?? undefined,
        slug: query?.organizationSlug,
      });
    } catch (error) {
      const notMember = isAPIError(error) && error.body?.code === "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION";
      if (notMember && !query?.organizationSlug && id === activeOrg(session)) {
        await updateCurrentSession(rc, session, { activeOrganizationId: null, activeTeamId: null });
      }
      throw error;
    }
  },
});

/**
 * GET /organization/get-full-organization ?organizationId&organizationSlug&membersLimit -> the
 * organization (default: the active one) with members, invitations and teams; null without one.
 */
export const getFullOrganization = defineEndpoint(organizationRoutes.getFullOrganization, {
  query: z
    .object({
      organizationId: z.string().optional(),
      organizationSlug: z.string().optional(),
      membersLimit: z.coerce.number().int().min(1).optional(),
    })
    .optional(),
  auth: "session",
  handler({ app, query, session }) {
    return organizationServices(app).organizations.getFull(session.user.id, {
      id: query?.organizationId ?? activeOrg(session),
      slug: query?.organizationSlug,
      membersLimit: query?.membersLimit,
    });
  },
});

/**
 * POST /organization/set-active {organizationId?: string | null, organizationSlug?} -> the
 * organization, now active on the session; `organizationId: null` clears it (-> null).
 */
export const setActiveOrganization = defineEndpoint(organizationRoutes.setActiveOrganization, {
  body: z.object({ organizationId: z.string().nullish(), organizationSlug: z.string().optional() }),
  auth: "session",
  async handler({ app, rc, body, session }): Promise<Organization | null> {
    if (body.organizationId === null && !body.organizationSlug) {
      await updateCurrentSession(rc, session, { activeOrganizationId: null, activeTeamId: null });
      return null;
    }
    const id = body.organizationId ?? activeOrg(session);
    if (!id && !body.organizationSlug) return null;
    const organization = await organizationServices(app).organizations.findForMember(session.user.id, {
      id: id ?? undefined,
      slug: body.organizationSlug,
    });
    if (activeOrg(session) !== organization.id) {
      await updateCurrentSession(rc, session, { activeOrganizationId: organization.id, activeTeamId: null });
    }
    return organization;
  },
});
