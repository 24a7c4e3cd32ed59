import { z } from "zod";
import { defineEndpoint } from "../deps";
import { apiKeyRoutes as routes } from "../routes";
import { callerOf, idInput, keyIdInput, permissionsInput, serverOnlyInput } from "../rules";
import { apiKeyService } from "../service";

const name = z.string().max(255);
const common = {
  name: name.optional(),
  expiresIn: z.number().int().min(1).nullable().optional(),
  metadata: z.unknown().optional(),
};

const createBody = z.object({
  ...common,
  ...serverOnlyInput,
  prefix: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  configId: z.string().max(64).optional(),
  organizationId: idInput().optional(),
  permissions: permissionsInput.optional(),
});

const updateBody = z.object({
  ...common,
  ...serverOnlyInput,
  ...keyIdInput,
  enabled: z.boolean().optional(),
  remaining: z.number().int().min(1).optional(),
});

const listQuery = z
  .object({
    configId: z.string().max(64).optional(),
    organizationId: idInput().optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    offset: z.coerce.number().int().min(0).optional(),
    sortBy: z.enum(["createdAt", "updatedAt", "name", "expiresAt", "lastRequest"]).optional(),
    sortDirection: z.enum(["asc", "desc"]).optional(),
  })
  .optional();

/** POST /api-key/create: `ApiKey & { key }`; the plaintext key is in this answer only. */
export const createApiKey = defineEndpoint(routes.createApiKey, {
  body: createBody,
  auth: "optional",
  noStore: true,
  handler: ({ app, rc, session, body }) => {
    const { userId: _userId, ...input } = body;
    return apiKeyService(app).create(callerOf(rc, session, body), input);
  },
});

/** GET /api-key/get?id=&configId=: the key without its secret; 404 when not the caller's. */
export const getApiKey = defineEndpoint(routes.getApiKey, {
  query: z.object({ id: idInput(), configId: z.string().max(64).optional() }),
  auth: "session",
  handler: ({ app, session, query }) => apiKeyService(app).get(session.user.id, query.id, query.configId),
});

/** POST /api-key/update {keyId, ...}: the updated key. */
export const updateApiKey = defineEndpoint(routes.updateApiKey, {
  body: updateBody,
  auth: "optional",
  handler: ({ app, rc, session, body }) => {
    const { userId: _userId, ...input } = body;
    return apiKeyService(app).update(callerOf(rc, session, body), input);
  },
});

/** POST /api-key/delete {keyId}: `{ success: true }`. */
export const deleteApiKey = defineEndpoint(routes.deleteApiKey, {
  body: z.object(keyIdInput),
  auth: "session",
  handler: ({ app, session, body }) => apiKeyService(app).remove(session.user.id, body.keyId, body.configId),
});

/** GET /api-key/list: the caller's keys, or an organization's with `organizationId`. */
export const listApiKeys = defineEndpoint(routes.listApiKeys, {
  query: listQuery,
  auth: "session",
  handler: ({ app, session, query }) => apiKeyService(app).list(session.user.id, query ?? {}),
});
