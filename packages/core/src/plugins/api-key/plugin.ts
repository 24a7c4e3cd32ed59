import { definePlugin } from "./deps";
import { createApiKey, deleteApiKey, getApiKey, listApiKeys, updateApiKey } from "./endpoints/manage";
import { deleteAllExpiredApiKeys, verifyApiKey } from "./endpoints/server";
import { API_KEY_ERROR_CODES } from "./error-codes";
import { apiKeySchema } from "./models";
import { type ApiKeyOptions, resolveApiKeyOptions } from "./options";
import { apiKeyPrincipal } from "./principal";
import { createApiKeyService } from "./service";

const endpoints = {
  createApiKey,
  getApiKey,
  updateApiKey,
  deleteApiKey,
  listApiKeys,
  verifyApiKey,
  deleteAllExpiredApiKeys,
};

/**
 * The API-key plugin: keys for users and organizations, stored hashed and shown once, with expiry,
 * usage limits with refill, a per-key rate limit and access-control permissions. A key sent in the
 * `x-api-key` header authenticates server-to-server calls of endpoints that accept principals (the
 * billing merchant API, for organization keys granted `billing` statements).
 *
 *   createAuth({ plugins: [organization(), apiKey({ defaultPrefix: "gh_" })] })
 *
 * See docs/plugins/api-key.md.
 */
export function apiKey<const O extends ApiKeyOptions = {}>(options?: O) {
  const opts = resolveApiKeyOptions(options);
  return definePlugin({
    id: "api-key",
    schema: apiKeySchema,
    endpoints,
    errors: API_KEY_ERROR_CODES,
    services: (app) => createApiKeyService(app, opts),
    resolvePrincipal: apiKeyPrincipal(opts),
    options,
  });
}

export type ApiKeyPlugin = ReturnType<typeof apiKey>;
