/**
 * `@gatehouse-js/core/plugin`: the public plugin API. What the first-party plugins (username,
 * organization, admin, billing) use of the core, they take from here and nowhere else (a boundary
 * test checks it), so a third-party plugin can do all they do. Server-side: a plugin's browser half
 * (`client.ts`) imports `@gatehouse-js/core/client` instead. See docs/plugins/writing-a-plugin.md.
 */

// Endpoints: the builder, zod (the core's instance, so schemas fit the endpoint types), input
// schemas with length limits, HTML pages with a strict CSP, origins.
export { z } from "zod";
// Users and sessions: the public shapes, session cookies, the password policy, credentials,
// verification mail, the error page, stored OAuth tokens.
// The core endpoint table, for plugins that describe the API (OpenAPI).
export { coreEndpoints } from "../auth/endpoints";
export { escapeHtml, renderErrorPage } from "../auth/endpoints/error-page";
export { storeCredentialPassword, verifyCredentialPassword } from "../auth/password/credential";
export { type PasswordSignIn, signInWithPassword } from "../auth/password/sign-in";
export { assertEmailPasswordEnabled, assertPasswordLength, isValidEmail } from "../auth/password-policy";
export {
  clearSessionCookies,
  readDontRemember,
  setCookieCache,
  setSessionCookies,
} from "../auth/session/cookies";
export { publicSession, publicUser, returnedFields } from "../auth/shape";
export { openToken, sealToken } from "../auth/social/tokens";
export { sendVerificationEmail } from "../auth/verification/email";
// Small utilities: random values, encodings, constant-time comparison, the logger.
export * from "../crypto/constant-time";
export * from "../crypto/encoding";
export type { Keyring } from "../crypto/keys";
export { nodeCrypto } from "../crypto/node-crypto";
export * from "../crypto/random";
// Database: the adapter contract a plugin's repositories call, conditions, model declarations.
export * from "../db/adapter";
export * from "../db/aggregate";
export * from "../db/model";
export type { FieldExpr, UpdateOneWithArgs, UpdateWithResult } from "../db/update-with";
export { fieldSchema, inputSchema } from "../db/validators";
export type * from "../db/where";
export type { AppContext, ClientIpResolver, OriginChecker, SessionConfig } from "../kernel/app-context";
// Errors: the table builder, the core table.
export * from "../kernel/define-errors";
export * from "../kernel/endpoint";
export { AUTH_ERROR_CODES } from "../kernel/error-codes";
export { AUTH_ERRORS } from "../kernel/errors";
// The contract: a plugin, the app and request contexts, the core services and models, events.
export * from "../kernel/events";
export type { Account, Session, SessionWithUser, User, Verification } from "../kernel/models";
export * from "../kernel/plugin";
export * from "../kernel/principal";
export type { RequestContext } from "../kernel/request-context";
export * from "../kernel/services";
export type { Logger } from "../logger/logger";
export { readBodyAtMost } from "../router/incoming";
export { createOriginChecker, isSafeRelativePath, safeOrigin } from "../router/origin";
export * from "../router/page-security";
export * from "../router/schemas";
export { parseFast, withFastPath } from "../router/validate";
// Outgoing webhooks: the event catalog and Standard Webhooks signing.
export * from "../webhooks/events";
export * from "../webhooks/signing";
// Roles: the one parser of stored and requested role lists; the one platform-admin check.
export { type AdminSubject, isPlatformAdmin } from "./admin";
export { formatRoles, parseRoles } from "./roles";
