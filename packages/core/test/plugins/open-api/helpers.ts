import { coreRoutes } from "../../../src/auth/routes";
import { admin } from "../../../src/plugins/admin";
import { adminRoutes } from "../../../src/plugins/admin/routes";
import { apiKey } from "../../../src/plugins/api-key";
import { apiKeyRoutes } from "../../../src/plugins/api-key/routes";
import { billing } from "../../../src/plugins/billing";
import { billingRoutes } from "../../../src/plugins/billing/routes";
import { type OpenAPIOptions, openAPI } from "../../../src/plugins/open-api";
import { openAPIRoutes } from "../../../src/plugins/open-api/routes";
import { organization } from "../../../src/plugins/organization";
import { organizationRoutes } from "../../../src/plugins/organization/routes";
import { username } from "../../../src/plugins/username";
import { usernameRoutes } from "../../../src/plugins/username/routes";
import type { RouteManifest } from "../../../src/router/endpoint";
import { createTestAuth } from "../../../src/testing";

/** Every route manifest: core and each plugin the library ships. */
export const MANIFESTS: Readonly<Record<string, RouteManifest>> = {
  Default: coreRoutes,
  username: usernameRoutes,
  organization: organizationRoutes,
  admin: adminRoutes,
  billing: billingRoutes,
  "api-key": apiKeyRoutes,
  "open-api": openAPIRoutes,
};

/** An app with every plugin installed, so the document covers the whole surface. */
export function fullApp(options?: OpenAPIOptions) {
  return createTestAuth({
    plugins: [
      username(),
      organization({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } }),
      admin(),
      billing(),
      apiKey(),
      openAPI(options),
    ],
  });
}

export type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};

export type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  };
};

/** `/reset-password/:token` in OpenAPI form. */
export const templated = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

/** Every operation of a document as `METHOD /path`, with the operation. */
export function operations(doc: Document): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) out.set(`${method.toUpperCase()} ${path}`, op);
  }
  return out;
}
