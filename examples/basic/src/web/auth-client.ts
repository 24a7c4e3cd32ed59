import { inferServer } from "@gatehouse-js/core/client";
import { adminClient } from "@gatehouse-js/core/plugins/admin/client";
import { billingClient } from "@gatehouse-js/core/plugins/billing/client";
import { organizationClient } from "@gatehouse-js/core/plugins/organization/client";
import { usernameClient } from "@gatehouse-js/core/plugins/username/client";
import { createAuthClient } from "@gatehouse-js/react";
import type { ExampleAuth } from "../auth";

/**
 * The browser client, typed from the server (a type-only import: no server code in the bundle).
 * No baseURL: the app and the auth handler share an origin, and the base path is "/api/auth".
 */
export const authClient = createAuthClient({
  plugins: [
    inferServer<ExampleAuth>(),
    usernameClient(),
    organizationClient(),
    adminClient(),
    billingClient(),
  ],
});

export type Session = NonNullable<ReturnType<typeof authClient.useSession>["data"]>;
