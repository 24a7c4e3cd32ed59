export {
  ACCESS_MESSAGES,
  type AccessControl,
  type AuthorizeResult,
  adminRole,
  type Connector,
  checkRolePermission,
  createAccessControl,
  defaultAc,
  defaultRoles,
  defaultStatements,
  formatRoles,
  memberRole,
  ownerRole,
  type PermissionRequest,
  parseRoles,
  type Role,
  type Statements,
} from "./access";
export { ORGANIZATION_ERROR_CODES, type OrganizationErrorKey } from "./error-codes";
export { ORG_ERRORS } from "./errors";
export { ORGANIZATION_EVENTS } from "./events";
export { INVITATION_STATUSES, type InvitationStatus, organizationSchema } from "./models";
export type {
  InvitationEmail,
  OrganizationHooks,
  OrganizationOptions,
  OrganizationTeamOptions,
} from "./options";
export { type OrganizationPlugin, organization } from "./plugin";
export { type OrganizationRoutes, organizationRoutes } from "./routes";
export { type OrganizationServices, organizationServices } from "./services";
export type {
  FullOrganization,
  Invitation,
  Member,
  MemberWithUser,
  Organization,
  Team,
  TeamMember,
} from "./types";
