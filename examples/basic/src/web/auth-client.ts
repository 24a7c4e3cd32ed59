import { inferServer } from "@gatehouse/core/client";
import { billingClient } from "@gatehouse/core/plugins/billing/client";
import { createAuthClient } from "@gatehouse/react";
import type { ExampleAuth } from "../auth";

/**
 * The browser client, typed from the server (a type-only import: no server code in the bundle).
 * No baseURL: the page and the auth handler share an origin, and the base path is "/api/auth".
 */
export const authClient = createAuthClient({ plugins: [inferServer<ExampleAuth>(), billingClient()] });
