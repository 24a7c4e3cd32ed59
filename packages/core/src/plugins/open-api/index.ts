export type { EndpointGroup, OpenAPIDocument } from "./document";
export { generateOpenAPIDocument, type OpenAPIOptions, type OpenAPIPlugin, openAPI } from "./plugin";
export { type OpenAPIRoutes, openAPIRoutes } from "./routes";
