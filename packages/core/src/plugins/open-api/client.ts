import { defineClientPlugin } from "../../client/plugin";
import type { OpenAPIPlugin } from "./plugin";
import { openAPIRoutes } from "./routes";

/**
 * The OpenAPI plugin for the browser client: `client.openApi.generateSchema()` fetches the document.
 * Imports no server code.
 */
export const openAPIClient = () =>
  defineClientPlugin({
    id: "open-api",
    routes: openAPIRoutes,
    $InferServerPlugin: {} as OpenAPIPlugin,
  });
