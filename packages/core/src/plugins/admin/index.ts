export {
  ACCESS_MESSAGES,
  type AuthorizeResult,
  createAccessControl,
  type PermissionRequest,
  type Role,
  role,
  type Statements,
} from "./access";
export { ADMIN_ERROR_CODES, type AdminErrorKey } from "./error-codes";
export { ADMIN_ERRORS } from "./errors";
export type { AdminOptions } from "./options";
export { type AdminPlugin, admin } from "./plugin";
export { adminAc, defaultAc, defaultRoles, defaultStatements, userAc } from "./roles";
export { type AdminRoutes, adminRoutes } from "./routes";
