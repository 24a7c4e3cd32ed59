export {
  type AnyProviderOptions,
  type AppleOptions,
  BUILT_IN_PROVIDER_IDS,
  type BuiltInProviderId,
  type GenericOAuthOptions,
  type OAuth2Tokens,
  type OAuthUserInfo,
  type ProviderOptions,
  type SocialProvider,
  type SocialProvidersOptions,
  VK_LANG,
  type VkLang,
} from "./auth/social";
export { type Auth, createAuth } from "./create-auth";
export type {
  AdapterDriver,
  AdapterOptions,
  DatabaseAdapter,
  DBAdapter,
  MigrationPlan,
  Row,
} from "./db/adapter";
export { createDBAdapter } from "./db/create-db-adapter";
export { migrate, planMigrations } from "./db/migrate";
export { defineModel, type FieldDef, field, type InferModel, type ModelDef, type Schema } from "./db/model";
export type { Where, WhereNode, WhereOperator } from "./db/where";
export type { AppContext } from "./kernel/app-context";
export { APIError, apiError, defineErrors, type ErrorSpec, isAPIError } from "./kernel/define-errors";
export {
  type AuthMode,
  defineEndpoint,
  type Endpoint,
  type RouteDef,
  type RouteManifest,
} from "./kernel/endpoint";
export { errorCode } from "./kernel/error-code";
export { AUTH_ERROR_CODES } from "./kernel/error-codes";
export { AUTH_ERRORS } from "./kernel/errors";
export type { GatehouseEvents, GatehouseHooks } from "./kernel/events";
export type { Account, Session, SessionWithUser, User, Verification } from "./kernel/models";
export type { AuthOptions, EmailMessageBase, ModelHooks, RateLimitRule } from "./kernel/options";
export { type AnyPlugin, definePlugin, type Plugin } from "./kernel/plugin";
export {
  type Principal,
  type PrincipalResolver,
  principalGrants,
  statementsGrant,
} from "./kernel/principal";
export type { RequestContext } from "./kernel/request-context";
export { coreRoutes } from "./kernel/routes";
export type { Logger, LogLevel } from "./logger/logger";
export { redirectTo } from "./router/compile";
export type { SecondaryStorage } from "./storage/secondary-storage";
export { memoryStorage } from "./storage/secondary-storage";
export type { InferAPI, InferSession, InferUser } from "./types/infer";
