import { z } from "zod";
import { defineEndpoint } from "../deps";
import { MAX_KEY_LENGTH } from "../key";
import { apiKeyRoutes as routes } from "../routes";
import { permissionsInput } from "../rules";
import { apiKeyService } from "../service";
import { toApiKey } from "../shape";

/**
 * Server only: `auth.api.verifyApiKey({ body: { key, permissions? } })`. Never throws for a bad
 * key: `{ valid, error: { code, message } | null, key }`. Consumes one use and counts toward the
 * key's rate limit.
 */
export const verifyApiKey = defineEndpoint(routes.verifyApiKey, {
  body: z.object({
    key: z.string().max(MAX_KEY_LENGTH),
    permissions: permissionsInput.optional(),
    configId: z.string().max(64).optional(),
  }),
  async handler({ app, body }) {
    const outcome = await apiKeyService(app).verify(body);
    return outcome.ok
      ? { valid: true, error: null, key: toApiKey(app, outcome.row) }
      : { valid: false, error: outcome.error, key: null };
  },
});

/** Server only: deletes every expired key (`auth.api.deleteAllExpiredApiKeys()`). */
export const deleteAllExpiredApiKeys = defineEndpoint(routes.deleteAllExpiredApiKeys, {
  handler: ({ app }) => apiKeyService(app).deleteExpired(),
});
