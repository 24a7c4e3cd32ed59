import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { listAccounts } from "../social/accounts";

/** GET /list-accounts -> [{id, provider, providerId, accountId, userId, createdAt, updatedAt, scopes}]. */
export const listUserAccounts = defineEndpoint(coreRoutes.listAccounts, {
  auth: "session",
  handler: ({ app, session }) => listAccounts(app, session.user.id),
});
