import type { z } from "zod";
import type { AnyEndpoint, AuthMode } from "../../router/endpoint";
import { ERROR_COMPONENTS, errorResponses } from "./errors";
import { createSchemaComponents, type JSONSchema, type SchemaComponents } from "./json-schema";
import { pathTemplate, queryParameters } from "./parameters";

/** The endpoints one tag groups: core ("Default", as better-auth) or one plugin (its id). */
export interface EndpointGroup {
  readonly tag: string;
  readonly endpoints: Readonly<Record<string, AnyEndpoint>>;
}

export interface DocumentInput {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** The auth handler's public URL (origin + base path): paths are relative to it. */
  readonly serverURL: string;
  /** The session cookie's name (the security scheme). */
  readonly sessionCookie: string;
  /**
   * Headers carrying a session-less credential (an API key), read by the installed plugins'
   * principal resolvers: endpoints that accept principals list them as alternatives to the session.
   */
  readonly principalHeaders?: readonly string[];
  readonly groups: readonly EndpointGroup[];
}

export type OpenAPIDocument = {
  readonly openapi: "3.1.1";
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly servers: readonly { readonly url: string }[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, JSONSchema>>>>;
  readonly components: JSONSchema;
};

const SESSION_SCHEME = "sessionCookie";

/** A header's security scheme name (the header itself, in the characters a name allows). */
const headerScheme = (header: string) => header.replace(/[^A-Za-z0-9._-]/g, "_");

/**
 * Who may call: public operations override the document-wide session requirement; endpoints that
 * accept principals take the session or any principal header.
 */
function security(
  mode: AuthMode,
  principalHeaders: readonly string[] | null,
): readonly Record<string, readonly string[]>[] {
  if (principalHeaders && principalHeaders.length > 0) {
    return [{ [SESSION_SCHEME]: [] }, ...principalHeaders.map((h) => ({ [headerScheme(h)]: [] }))];
  }
  if (mode === "public") return [];
  if (mode === "optional") return [{}, { [SESSION_SCHEME]: [] }];
  return [{ [SESSION_SCHEME]: [] }];
}

function requestBody(components: SchemaComponents, ep: AnyEndpoint, hint: string): JSONSchema | undefined {
  if (ep.rawBody) {
    return { required: true, content: { "application/octet-stream": { schema: {} } } };
  }
  if (!ep.body) return undefined;
  const schema = components.input(ep.body as z.ZodType, hint);
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  return { required, content: { "application/json": { schema } } };
}

/** Success answers: JSON (the declared schema, else any value), an HTML page, a file, a redirect. */
function successResponses(components: SchemaComponents, ep: AnyEndpoint, operationId: string) {
  const produces = ep.produces ?? ["json"];
  const content: Record<string, unknown> = {};
  if (produces.includes("json")) {
    const schema = ep.response ? components.output(ep.response as z.ZodType, `${operationId}Response`) : {};
    content["application/json"] = { schema };
  }
  if (produces.includes("html")) content["text/html"] = { schema: { type: "string" } };
  if (produces.includes("file")) content["application/octet-stream"] = { schema: {} };
  return {
    ...(Object.keys(content).length > 0 ? { "200": { description: "Success", content } } : {}),
    ...(produces.includes("redirect")
      ? {
          "302": {
            description: "A redirect to the Location header (failures too, with `?error=CODE`)",
            headers: { Location: { schema: { type: "string" } } },
          },
        }
      : {}),
  };
}

interface OperationInput {
  readonly key: string;
  readonly tag: string;
  readonly method: string;
  readonly multiMethod: boolean;
  readonly ep: AnyEndpoint;
  readonly principalHeaders: readonly string[];
}

function operation(
  components: SchemaComponents,
  { key, tag, method, multiMethod, ep, principalHeaders }: OperationInput,
) {
  const keyed = ep.principal === true && principalHeaders.length > 0;
  // An endpoint accepting a principal (auth "optional") needs a session or a principal: 401 without.
  const mode = ep.principal === true ? "session" : (ep.auth ?? "public");
  const operationId = multiMethod ? `${key}${method[0]}${method.slice(1).toLowerCase()}` : key;
  const { parameters: pathParameters } = pathTemplate(ep.route.path);
  const query = ep.query ? queryParameters(components, ep.query as z.ZodType, `${operationId}Query`) : [];
  const parameters = [...pathParameters, ...query];
  const body = method === "GET" ? undefined : requestBody(components, ep, `${operationId}Body`);
  const op: Record<string, unknown> = {
    tags: [tag],
    operationId,
    ...(ep.description ? { description: ep.description } : {}),
    security: security(mode, keyed ? principalHeaders : null),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...successResponses(components, ep, operationId),
      ...errorResponses({ method, mode, hasBody: body !== undefined }),
    },
  };
  return op;
}

/**
 * The OpenAPI 3.1 document of an endpoint table: one operation per routed method, inputs from the
 * zod schemas, the spec's error shape for failures. Server-only endpoints are not routed, so not listed.
 */
export function buildOpenAPIDocument(input: DocumentInput): OpenAPIDocument {
  const paths: Record<string, Record<string, JSONSchema>> = {};
  const components = createSchemaComponents();
  for (const { tag, endpoints } of input.groups) {
    for (const [key, ep] of Object.entries(endpoints)) {
      if (ep.route.serverOnly) continue;
      const methods = Array.isArray(ep.route.method) ? ep.route.method : [ep.route.method];
      const { path } = pathTemplate(ep.route.path);
      const item = paths[path] ?? {};
      for (const method of methods) {
        item[method.toLowerCase()] = operation(components, {
          key,
          tag,
          method,
          multiMethod: methods.length > 1,
          ep,
          principalHeaders: input.principalHeaders ?? [],
        });
      }
      paths[path] = item;
    }
  }
  const tags = input.groups.map(({ tag }) => ({
    name: tag,
    description: tag === "Default" ? "Core authentication endpoints" : `Endpoints of the ${tag} plugin`,
  }));
  return {
    openapi: "3.1.1",
    info: {
      title: input.title,
      version: input.version,
      ...(input.description ? { description: input.description } : {}),
    },
    servers: [{ url: input.serverURL }],
    tags,
    paths,
    components: {
      schemas: { ...ERROR_COMPONENTS.schemas, ...components.schemas },
      responses: ERROR_COMPONENTS.responses,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: input.sessionCookie,
          description: "The signed session cookie set by sign-in",
        },
        ...Object.fromEntries(
          (input.principalHeaders ?? []).map((header) => [
            headerScheme(header),
            { type: "apiKey", in: "header", name: header, description: "An API key, where listed" },
          ]),
        ),
      },
    },
  };
}
