export { AUTH_ERROR_CODES } from "./auth/error-codes";
export { AUTH_ERRORS } from "./auth/errors";
export type { Account, Session, SessionWithUser, User, Verification } from "./auth/models";
export type { AuthOptions, EmailMessageBase, ModelHooks, RateLimitRule } from "./auth/options";
export { coreRoutes } from "./auth/routes";
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
export type { AppContext } from "./context/app-context";
export {
  type Principal,
  type PrincipalResolver,
  principalGrants,
  statementsGrant,
} from "./context/principal";
export type { RequestContext } from "./context/request-context";
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
export { APIError, apiError, defineErrors, type ErrorSpec, isAPIError } from "./errors/define-errors";
export { errorCode } from "./errors/error-code";
export type { GatehouseEvents, GatehouseHooks } from "./events/types";
export type { Logger, LogLevel } from "./logger/logger";
export { type AnyPlugin, definePlugin, type Plugin } from "./plugin/define-plugin";
export { redirectTo } from "./router/compile";
export {
  type AuthMode,
  defineEndpoint,
  type Endpoint,
  type RouteDef,
  type RouteManifest,
} from "./router/endpoint";
export type { SecondaryStorage } from "./storage/secondary-storage";
export { memoryStorage } from "./storage/secondary-storage";
export type { InferAPI, InferSession, InferUser } from "./types/infer";
