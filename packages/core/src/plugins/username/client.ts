import { defineClientPlugin } from "../../plugin/client";
import { USERNAME_ERROR_CODES } from "./error-codes";
import type { UsernamePlugin } from "./plugin";
import { usernameRoutes } from "./routes";

/**
 * The username plugin for the browser client: `client.signIn.username({ username, password })`
 * (refreshes the session) and `client.isUsernameAvailable({ username })`. Imports no server code.
 */
export const usernameClient = () =>
  defineClientPlugin({
    id: "username",
    routes: usernameRoutes,
    errorCodes: USERNAME_ERROR_CODES,
    $InferServerPlugin: {} as UsernamePlugin,
  });
