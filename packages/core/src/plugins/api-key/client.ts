import { defineClientPlugin } from "../../client/plugin";
import { API_KEY_ERROR_CODES } from "./error-codes";
import type { ApiKeyPlugin } from "./plugin";
import { apiKeyRoutes } from "./routes";

/**
 * The API-key plugin for the browser client: `client.apiKey.create({ name })` (the answer holds the
 * key, once), `client.apiKey.get({ query: { id } })`, `client.apiKey.update(...)`,
 * `client.apiKey.delete(...)`, `client.apiKey.list()`. Verification is server-only. Imports no
 * server code (types only).
 */
export const apiKeyClient = () =>
  defineClientPlugin({
    id: "api-key",
    routes: apiKeyRoutes,
    errorCodes: API_KEY_ERROR_CODES,
    $InferServerPlugin: {} as ApiKeyPlugin,
  });

export type ApiKeyClientPlugin = ReturnType<typeof apiKeyClient>;
