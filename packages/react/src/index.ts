/** `@gatehouse-js/react`: the Gatehouse client with React hooks. All logic lives in `@gatehouse-js/core/client`. */
export {
  type AuthClient,
  type ClientError,
  type ClientOptions,
  type ClientPlugin,
  type ClientResult,
  defineClientPlugin,
  type FetchOptions,
  getServerSession,
  inferServer,
  type QueryState,
} from "@gatehouse-js/core/client";
export { createAuthClient, type ReactAuthClient, type StoreHooks } from "./create-client";
export { useStore } from "./use-store";
