import { z } from "zod";
import { coreEndpoints } from "../../auth/endpoints";
import type { AppContext } from "../../context/app-context";
import { definePlugin } from "../../plugin/define-plugin";
import { defineEndpoint, type EndpointMap } from "../../router/endpoint";
import { buildOpenAPIDocument, type EndpointGroup, type OpenAPIDocument } from "./document";
import { openAPIRoutes } from "./routes";

export interface OpenAPIOptions {
  /** `info.title`; default: the app name. */
  readonly title?: string;
  /** `info.version` (your API's version); default "1.0.0". */
  readonly version?: string;
  readonly description?: string;
}

/** The endpoint table as routed: core, then each installed plugin in order (this one included). */
function endpointGroups(app: AppContext): EndpointGroup[] {
  const groups: EndpointGroup[] = [{ tag: "Default", endpoints: coreEndpoints as EndpointMap }];
  for (const plugin of app.plugins) {
    if (plugin.endpoints && Object.keys(plugin.endpoints).length > 0) {
      groups.push({ tag: plugin.id, endpoints: plugin.endpoints });
    }
  }
  return groups;
}

/** The document of an app's endpoint table. */
export function generateOpenAPIDocument(app: AppContext, options: OpenAPIOptions = {}): OpenAPIDocument {
  return buildOpenAPIDocument({
    title: options.title ?? app.appName,
    version: options.version ?? "1.0.0",
    description: options.description,
    serverURL: app.baseURL,
    sessionCookie: app.cookies.names.sessionToken,
    principalHeaders: app.plugins.flatMap((p) => p.resolvePrincipal?.headers ?? []),
    groups: endpointGroups(app),
  });
}

/**
 * The OpenAPI plugin: `GET /open-api/generate-schema` answers the OpenAPI 3.1 document of every
 * routed endpoint (core and each installed plugin), built from their zod schemas on the first call
 * and then served from memory. `auth.api.generateOpenAPISchema()` returns the same object.
 *
 *   createAuth({ plugins: [organization(), billing(), openAPI({ title: "Acme auth" })] })
 */
export function openAPI(options: OpenAPIOptions = {}) {
  const documents = new WeakMap<AppContext, OpenAPIDocument>();
  const documentFor = (app: AppContext) => {
    let document = documents.get(app);
    if (!document) {
      document = generateOpenAPIDocument(app, options);
      documents.set(app, document);
    }
    return document;
  };
  return definePlugin({
    id: "open-api",
    endpoints: {
      generateOpenAPISchema: defineEndpoint(openAPIRoutes.generateOpenAPISchema, {
        description: "The OpenAPI 3.1 document of this server's endpoints",
        response: z.object({ openapi: z.string(), info: z.object({}).loose(), paths: z.object({}).loose() }),
        handler: ({ app }) => documentFor(app),
      }),
    },
    options,
  });
}

export type OpenAPIPlugin = ReturnType<typeof openAPI>;
