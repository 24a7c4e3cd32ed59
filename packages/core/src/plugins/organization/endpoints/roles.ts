import { z } from "zod";
import { defineEndpoint } from "../../../router/endpoint";
import { nameString } from "../../../router/schemas";
import { activeOrg } from "../active-session";
import { targetOrganizationId } from "../context";
import { ORG_ERRORS } from "../errors";
import { additionalInput } from "../input";
import { organizationRoleFields } from "../models";
import { organizationRoutes } from "../routes";
import { organizationServices } from "../services";

const permission = z.record(z.string(), z.array(z.string()));
/** A role name: 1 to 255 characters. */
const roleName = () => nameString().min(1);
const roleRef = { roleName: roleName().optional(), roleId: z.string().min(1).optional() };
const hasRef = (v: { roleName?: string; roleId?: string }) => Boolean(v.roleName || v.roleId);
const REF_MESSAGE = "roleName or roleId is required";

/**
 * POST /organization/create-role {role, permission: {resource: [actions]}, organizationId?,
 * additionalFields?} -> {success, roleData, statements} (`statements`: the new role's own
 * grants, as better-auth). Needs ac:create, and the caller must hold
 * every permission it grants (else 403 with `missingPermissions`). The name is stored lower-case.
 * `additionalFields` sets the fields declared in `schema.organizationRole.additionalFields`.
 */
export const createOrgRole = defineEndpoint(organizationRoutes.createOrgRole, {
  body: z.object({
    role: roleName(),
    permission,
    organizationId: z.string().optional(),
    additionalFields: z.record(z.string(), z.unknown()).optional(),
  }),
  auth: "session",
  handler({ app, body, session }) {
    const organizationId = body.organizationId ?? activeOrg(session);
    if (!organizationId) throw ORG_ERRORS.YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE();
    return organizationServices(app).roles.create({
      userId: session.user.id,
      organizationId,
      role: body.role,
      permission: body.permission,
      extra: additionalInput(
        app,
        "organizationRole",
        organizationRoleFields,
        body.additionalFields ?? {},
        "create",
      ),
    });
  },
});

/** POST /organization/delete-role {roleName | roleId, organizationId?} -> {success}. Needs ac:delete. */
export const deleteOrgRole = defineEndpoint(organizationRoutes.deleteOrgRole, {
  body: z.object({ ...roleRef, organizationId: z.string().optional() }).refine(hasRef, REF_MESSAGE),
  auth: "session",
  handler({ app, body, session }) {
    const organizationId = targetOrganizationId(session, body.organizationId);
    return organizationServices(app).roles.remove(session.user.id, organizationId, body);
  },
});

/** GET /organization/list-roles ?organizationId -> the organization's stored roles. Needs ac:read. */
export const listOrgRoles = defineEndpoint(organizationRoutes.listOrgRoles, {
  query: z.object({ organizationId: z.string().optional() }).optional(),
  auth: "session",
  handler({ app, query, session }) {
    const organizationId = targetOrganizationId(session, query?.organizationId);
    return organizationServices(app).roles.list(session.user.id, organizationId);
  },
});

/** GET /organization/get-role ?roleName|roleId&organizationId -> the stored role. Needs ac:read. */
export const getOrgRole = defineEndpoint(organizationRoutes.getOrgRole, {
  query: z.object({ ...roleRef, organizationId: z.string().optional() }).refine(hasRef, REF_MESSAGE),
  auth: "session",
  handler({ app, query, session }) {
    const organizationId = targetOrganizationId(session, query.organizationId);
    return organizationServices(app).roles.get(session.user.id, organizationId, query);
  },
});

/**
 * POST /organization/update-role {roleName | roleId, data: {permission?, roleName?, ...extra},
 * organizationId?} -> {success, roleData}; other `data` keys set declared additional fields. Needs ac:update; new permissions must be held by the
 * caller (as at create).
 */
export const updateOrgRole = defineEndpoint(organizationRoutes.updateOrgRole, {
  body: z
    .object({
      ...roleRef,
      organizationId: z.string().optional(),
      data: z.looseObject({ permission: permission.optional(), roleName: roleName().optional() }),
    })
    .refine(hasRef, REF_MESSAGE),
  auth: "session",
  handler({ app, body, session }) {
    const organizationId = targetOrganizationId(session, body.organizationId);
    const { permission: granted, roleName } = body.data;
    return organizationServices(app).roles.update({
      userId: session.user.id,
      organizationId,
      ref: { roleName: body.roleName, roleId: body.roleId },
      data: { permission: granted, roleName },
      extra: additionalInput(app, "organizationRole", organizationRoleFields, body.data),
    });
  },
});
