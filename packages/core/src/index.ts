export { createAuth, type Auth } from "./create-auth";
export type { AuthOptions, ModelHooks, RateLimitRule, EmailMessageBase } from "./auth/options";
export type { User, Session, Account, Verification, SessionWithUser } from "./auth/models";
export { AUTH_ERROR_CODES } from "./auth/error-codes";
export { AUTH_ERRORS } from "./auth/errors";
export { coreRoutes } from "./auth/routes";
export type { AppContext } from "./context/app-context";
export type { RequestContext } from "./context/request-context";
export { defineErrors, apiError, isAPIError, APIError, type ErrorSpec } from "./errors/define-errors";
export { errorCode } from "./errors/error-code";
export { definePlugin, type Plugin, type AnyPlugin } from "./plugin/define-plugin";
export { defineEndpoint, type Endpoint, type RouteDef, type RouteManifest, type AuthMode } from "./router/endpoint";
export { redirectTo } from "./router/compile";
export { defineModel, field, type FieldDef, type ModelDef, type InferModel, type Schema } from "./db/model";
export type {
  DBAdapter,
  AdapterDriver,
  DatabaseAdapter,
  AdapterOptions,
  MigrationPlan,
  Row,
} from "./db/adapter";
export { createDBAdapter } from "./db/create-db-adapter";
export type { Where, WhereOperator, WhereNode } from "./db/where";
export type { GatehouseEvents, GatehouseHooks } from "./events/types";
export type { SecondaryStorage } from "./storage/secondary-storage";
export { memoryStorage } from "./storage/secondary-storage";
export type { Logger, LogLevel } from "./logger/logger";
export type { InferUser, InferSession, InferAPI } from "./types/infer";
export { migrate, planMigrations } from "./db/migrate";
