import { defineClientPlugin } from "../../plugin/client";
import { ADMIN_ERROR_CODES } from "./error-codes";
import type { AdminPlugin } from "./plugin";
import { adminRoutes } from "./routes";

/**
 * The admin plugin for the browser client: `client.admin.listUsers({ query })`,
 * `client.admin.banUser({ userId })`, `client.admin.impersonateUser({ userId })` and
 * `client.admin.stopImpersonating()` (both refresh the session), and so on. Imports no server code.
 */
export const adminClient = () =>
  defineClientPlugin({
    id: "admin",
    routes: adminRoutes,
    errorCodes: ADMIN_ERROR_CODES,
    $InferServerPlugin: {} as AdminPlugin,
  });
