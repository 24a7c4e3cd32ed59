/**
 * OpenAPI route manifest (browser-safe data): better-auth's path, so tools pointed at a better-auth
 * server find the document in the same place.
 */
export const openAPIRoutes = {
  generateOpenAPISchema: { method: "GET", path: "/open-api/generate-schema" },
} as const;

export type OpenAPIRoutes = typeof openAPIRoutes;
