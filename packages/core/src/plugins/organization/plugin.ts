import { definePlugin } from "../../plugin/define-plugin";
import {
  type OrganizationEndpoints,
  organizationEndpoints,
  type RoleEndpoints,
  roleEndpoints,
  type TeamEndpoints,
  teamEndpoints,
} from "./endpoints";
import { ORGANIZATION_ERROR_CODES } from "./error-codes";
import { registerOrganizationHooks } from "./hooks";
import { organizationSchema } from "./models";
import { type OrganizationOptions, resolveOrganizationOptions } from "./options";
import { createOrganizationServices } from "./services";

type EndpointsFor<O extends OrganizationOptions> = OrganizationEndpoints &
  (O extends { teams: { enabled: true } } ? TeamEndpoints : {}) &
  (O extends { dynamicAccessControl: { enabled: true } } ? RoleEndpoints : {});

/**
 * The organization plugin (spec sections 3 to 9): organizations, members with roles, invitations,
 * teams (opt-in) and access control.
 *
 *   createAuth({ plugins: [organization({ teams: { enabled: true }, sendInvitationEmail })] })
 *
 * Other plugins use its services (`organizationServices(app)`) and react to its typed events
 * ("organization.created", "organization.member.added", ...); see docs/plugins/organization.md.
 */
export function organization<const O extends OrganizationOptions = {}>(options?: O) {
  const opts = resolveOrganizationOptions(options);
  const schema = options?.schema;
  const endpoints = {
    ...organizationEndpoints,
    ...(opts.teamsEnabled ? teamEndpoints : {}),
    ...(opts.dynamicRoles.enabled ? roleEndpoints : {}),
  } as EndpointsFor<O>;
  return definePlugin({
    id: "organization",
    schema: organizationSchema(
      {
        organization: schema?.organization?.additionalFields,
        member: schema?.member?.additionalFields,
        invitation: schema?.invitation?.additionalFields,
        team: schema?.team?.additionalFields,
        organizationRole: schema?.organizationRole?.additionalFields,
      },
      opts.teamsEnabled,
      opts.dynamicRoles.enabled,
    ),
    endpoints,
    errors: ORGANIZATION_ERROR_CODES,
    services: (app) => createOrganizationServices(app, opts),
    setup(app) {
      registerOrganizationHooks(app, options?.organizationHooks);
    },
    options,
  });
}

export type OrganizationPlugin = ReturnType<typeof organization>;
