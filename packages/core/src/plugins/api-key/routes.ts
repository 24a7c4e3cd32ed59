/**
 * API-key route manifest (better-auth's paths): plain data with no imports, shared by the server
 * endpoints and the browser client. `verifyApiKey` and `deleteAllExpiredApiKeys` are server-only.
 */
export const apiKeyRoutes = {
  createApiKey: { method: "POST", path: "/api-key/create" },
  getApiKey: { method: "GET", path: "/api-key/get" },
  updateApiKey: { method: "POST", path: "/api-key/update" },
  deleteApiKey: { method: "POST", path: "/api-key/delete" },
  listApiKeys: { method: "GET", path: "/api-key/list" },
  verifyApiKey: { method: "POST", path: "/api-key/verify", serverOnly: true },
  deleteAllExpiredApiKeys: { method: "POST", path: "/api-key/delete-all-expired-api-keys", serverOnly: true },
} as const;

export type ApiKeyRoutes = typeof apiKeyRoutes;
