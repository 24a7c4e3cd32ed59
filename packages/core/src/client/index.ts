/**
 * `@gatehouse-js/core/client`: the framework-neutral, browser-safe client. It imports route manifests
 * and error tables only; server types arrive through `import type`.
 */
export { AUTH_ERROR_CODES } from "../kernel/error-codes";
export { type ClientFetch, type ClientOptions, createAuthClient, resolveBaseURL } from "./create-client";
export type { ClientError, ClientResult, FetchLike, FetchOptions, RequestHookContext } from "./fetcher";
export type {
  AuthClient,
  ClientStore,
  InferClientMethods,
  InferErrorCodes,
  InferPluginAtoms,
  InferSessionData,
  SessionAtom,
} from "./infer";
export { parseJSON } from "./json";
export {
  type AtomMap,
  type ClientContext,
  type ClientPlugin,
  defineClientPlugin,
  inferServer,
} from "./plugin";
export type { QueryAtom, QueryParams, QueryState } from "./query-atom";
export { DEFAULT_LINEAR_RETRY_DELAY, type RetryOption, type RetryOptions, retryDelay } from "./retry";
export { getServerSession, type ServerSessionInit } from "./server-session";
export type { SessionStoreOptions } from "./session-store";
export { NOTIFY_DELAY_MS } from "./signals";
