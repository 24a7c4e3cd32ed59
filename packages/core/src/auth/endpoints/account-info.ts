import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { accountInfo as info } from "../social/account-tokens";

const selector = z.object({ accountId: z.string().optional() }).optional();

/**
 * POST /account-info {accountId} -> {user, data} (spec section 7); GET ?accountId is answered too,
 * for better-auth clients.
 */
export const accountInfo = defineEndpoint(coreRoutes.accountInfo, {
  body: selector,
  query: selector,
  auth: "session",
  noStore: true,
  handler: ({ rc, body, query, session }) => {
    const accountId = body?.accountId ?? query?.accountId;
    if (!accountId) {
      throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: [{ path: ["accountId"], message: "Required" }] });
    }
    return info(rc, session, accountId);
  },
});
