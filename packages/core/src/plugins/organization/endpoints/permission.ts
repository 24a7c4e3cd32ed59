import { z } from "zod";
import { defineEndpoint } from "../../../plugin";
import { isValidRequest } from "../access";
import { can, requireMember, targetOrganizationId } from "../context";
import { ORG_ERRORS } from "../errors";
import { organizationRoutes } from "../routes";
import { organizationServices } from "../services";

/**
 * POST /organization/has-permission {permissions: {resource: [actions]}, organizationId?, connector?}
 * -> {error: null, success}. Passes when any of the caller's roles in the organization (default:
 * the active one) grants the request; connector "AND" (default) needs every action, "OR" one.
 * Server code: `auth.api.hasPermission({ headers, body })`, or the service
 * `organizationServices(app).hasPermission({ userId, organizationId, permissions })`.
 */
export const hasPermission = defineEndpoint(organizationRoutes.hasPermission, {
  body: z.object({
    permissions: z.record(z.string(), z.array(z.string())),
    organizationId: z.string().optional(),
    connector: z.enum(["AND", "OR"]).optional(),
  }),
  auth: "session",
  async handler({ app, body, session }) {
    if (!isValidRequest(body.permissions)) throw ORG_ERRORS.INVALID_ACCESS_CONTROL_REQUEST();
    const organizationId = targetOrganizationId(session, body.organizationId);
    const member = await requireMember(app.adapter, organizationId, session.user.id);
    const { options } = organizationServices(app);
    return { error: null, success: can(options, member, body.permissions, body.connector) };
  },
});
