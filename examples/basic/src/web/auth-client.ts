import { inferServer } from "@gatehouse/core/client";
import { adminClient } from "@gatehouse/core/plugins/admin/client";
import { billingClient } from "@gatehouse/core/plugins/billing/client";
import { organizationClient } from "@gatehouse/core/plugins/organization/client";
import { usernameClient } from "@gatehouse/core/plugins/username/client";
import { createAuthClient } from "@gatehouse/react";
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
