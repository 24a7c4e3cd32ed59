import { z } from "zod";
import { AUTH_ERRORS } from "../../../auth/errors";
import type { SessionWithUser } from "../../../auth/models";
import type { UserRow } from "../../../auth/users/repository";
import type { RequestContext } from "../../../context/request-context";
import { defineEndpoint } from "../../../router/endpoint";
import { FIELD_LIMITS, nameString, slugString, urlString } from "../../../router/schemas";
import { activeOrg, reflectOnRequest, updateCurrentSession } from "../active-session";
import { targetOrganizationId } from "../context";
import { additionalInput } from "../input";
import { organizationFields } from "../models";
import { organizationRoutes } from "../routes";
import { organizationServices } from "../services";

export const metadataSchema = z.record(z.string().max(FIELD_LIMITS.metadataKey), z.json());

/**
 * The creator: the signed-in user. Only trusted server code (`auth.api.createOrganization`) may
 * name a `userId` instead, and only without a session; over HTTP `userId` is ignored.
 */
async function creatorOf(
  rc: RequestContext,
  session: SessionWithUser | null,
  userId?: string,
): Promise<UserRow> {
  if (session) return session.user;
  if (!rc.isServerCall || !userId) throw AUTH_ERRORS.UNAUTHORIZED();
  const user = await rc.app.core.users.findById(userId);
  if (!user) throw AUTH_ERRORS.USER_NOT_FOUND();
  return user;
}

/**
 * POST /organization/create {name, slug, userId?, logo?, metadata?, keepCurrentActiveOrganization?}
 * -> the organization with `members: [creator]`. Makes it the active organization unless told to
 * keep the current one.
 */
export const createOrganization = defineEndpoint(organizationRoutes.createOrganization, {
  body: z.looseObject({
    name: nameString().min(1),
    slug: slugString().min(1),
    userId: z.string().optional(),
    logo: urlString().nullish(),
    metadata: metadataSchema.optional(),
    keepCurrentActiveOrganization: z.boolean().optional(),
  }),
  auth: "optional",
  async handler({ app, rc, body, session }) {
    const user = await creatorOf(rc, session, body.userId);
    const { organization, member, team } = await organizationServices(app).organizations.create({
      user,
      name: body.name,
      slug: body.slug,
      logo: body.logo,
      metadata: body.metadata,
      extra: additionalInput(app, "organization", organizationFields, body),
    });
    if (session && !body.keepCurrentActiveOrganization) {
      await updateCurrentSession(rc, session, {
        activeOrganizationId: organization.id,
        activeTeamId: team?.id ?? null,
      });
    }
    return { ...organization, members: [member] };
  },
});

/** POST /organization/check-slug {slug} -> {status: true}, or 400 "Organization slug already taken". */
export const checkOrganizationSlug = defineEndpoint(organizationRoutes.checkOrganizationSlug, {
  body: z.object({ slug: slugString().min(1) }),
  auth: "optional",
  async handler({ app, rc, body, session }) {
    if (!session && !rc.isServerCall) throw AUTH_ERRORS.UNAUTHORIZED();
    return { status: await organizationServices(app).organizations.checkSlug(body.slug) };
  },
});

/** POST /organization/update {data: {name?, slug?, logo?, metadata?}, organizationId?} (organization:update). */
export const updateOrganization = defineEndpoint(organizationRoutes.updateOrganization, {
  body: z.object({
    data: z.looseObject({
      name: nameString().min(1).optional(),
      slug: slugString().min(1).optional(),
      logo: urlString().nullish(),
      metadata: metadataSchema.optional(),
    }),
    organizationId: z.string().optional(),
  }),
  auth: "session",
  handler({ app, body, session }) {
    const { name, slug, logo, metadata } = body.data;
    return organizationServices(app).organizations.update(
      session.user.id,
      targetOrganizationId(session, body.organizationId),
      {
        name,
        slug,
        logo,
        metadata,
        extra: additionalInput(app, "organization", organizationFields, body.data),
      },
    );
  },
});

/** POST /organization/delete {organizationId} (organization:delete) -> the deleted organization. */
export const deleteOrganization = defineEndpoint(organizationRoutes.deleteOrganization, {
  body: z.object({ organizationId: z.string() }),
  auth: "session",
  async handler({ app, rc, body, session }) {
    const organization = await organizationServices(app).organizations.delete(
      session.user,
      body.organizationId,
    );
    if (activeOrg(session) === organization.id) {
      await reflectOnRequest(rc, session, { activeOrganizationId: null, activeTeamId: null });
    }
    return organization;
  },
});
