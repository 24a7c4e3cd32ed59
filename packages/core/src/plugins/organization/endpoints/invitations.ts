import { z } from "zod";
import { defineEndpoint } from "../../../router/endpoint";
import { emailString } from "../../../router/schemas";
import { updateCurrentSession } from "../active-session";
import { targetOrganizationId } from "../context";
import { ORG_ERRORS } from "../errors";
import { additionalInput } from "../input";
import { invitationFields } from "../models";
import { organizationRoutes } from "../routes";
import { organizationServices } from "../services";
import { rolesSchema } from "./members";

const invitationIdBody = z.object({ invitationId: z.string() });

/**
 * POST /organization/invite-member {email, role, organizationId?, resend?, teamId?} -> the pending
 * invitation (invitation:create). Mails it through `sendInvitationEmail`.
 */
export const createInvitation = defineEndpoint(organizationRoutes.createInvitation, {
  body: z.looseObject({
    email: emailString(),
    role: rolesSchema,
    organizationId: z.string().optional(),
    resend: z.boolean().optional(),
    teamId: z.string().optional(),
  }),
  auth: "session",
  handler({ app, rc, body, session }) {
    return organizationServices(app).invitations.create({
      inviter: session.user,
      organizationId: targetOrganizationId(session, body.organizationId),
      email: body.email,
      role: body.role,
      resend: body.resend,
      teamId: body.teamId,
      extra: additionalInput(app, "invitation", invitationFields, body),
      request: rc.request,
    });
  },
});

/**
 * POST /organization/accept-invitation {invitationId} -> {invitation, member}. Recipient only;
 * makes the organization (and the invitation's team) active on the session.
 */
export const acceptInvitation = defineEndpoint(organizationRoutes.acceptInvitation, {
  body: invitationIdBody,
  auth: "session",
  async handler({ app, rc, body, session }) {
    const result = await organizationServices(app).invitations.accept(session.user, body.invitationId);
    await updateCurrentSession(rc, session, {
      activeOrganizationId: result.invitation.organizationId,
      activeTeamId: result.invitation.teamId ?? null,
    });
    return result;
  },
});

/** POST /organization/reject-invitation {invitationId} -> {invitation, member: null}. Recipient only. */
export const rejectInvitation = defineEndpoint(organizationRoutes.rejectInvitation, {
  body: invitationIdBody,
  auth: "session",
  handler({ app, body, session }) {
    return organizationServices(app).invitations.reject(session.user, body.invitationId);
  },
});

/** POST /organization/cancel-invitation {invitationId} -> the canceled invitation (invitation:cancel). */
export const cancelInvitation = defineEndpoint(organizationRoutes.cancelInvitation, {
  body: invitationIdBody,
  auth: "session",
  handler({ app, body, session }) {
    return organizationServices(app).invitations.cancel(session.user, body.invitationId);
  },
});

/** GET /organization/get-invitation ?id -> the invitation with organization name/slug and inviter email. */
export const getInvitation = defineEndpoint(organizationRoutes.getInvitation, {
  query: z.object({ id: z.string() }),
  auth: "session",
  handler({ app, query, session }) {
    return organizationServices(app).invitations.get(session.user, query.id);
  },
});

/** GET /organization/list-invitations ?organizationId -> every invitation of it; any member. */
export const listInvitations = defineEndpoint(organizationRoutes.listInvitations, {
  query: z.object({ organizationId: z.string().optional() }).optional(),
  auth: "session",
  handler({ app, query, session }) {
    return organizationServices(app).invitations.list(
      session.user.id,
      targetOrganizationId(session, query?.organizationId),
    );
  },
});

/**
 * GET /organization/list-user-invitations -> the pending invitations of the session's email.
 * Trusted server code may pass `?email` instead of a session.
 */
export const listUserInvitations = defineEndpoint(organizationRoutes.listUserInvitations, {
  query: z.object({ email: z.string().optional() }).optional(),
  auth: "optional",
  handler({ app, rc, query, session }) {
    if (query?.email && !rc.isServerCall)
      throw ORG_ERRORS.USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS();
    const email = query?.email ?? session?.user.email;
    if (!email) throw ORG_ERRORS.MISSING_SESSION_HEADERS_OR_EMAIL_QUERY_PARAMETER();
    return organizationServices(app).invitations.listForEmail(email);
  },
});
