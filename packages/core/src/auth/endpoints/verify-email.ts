import { z } from "zod";
import { defineEndpoint } from "../../router/endpoint";
import { urlString } from "../../router/schemas";
import { coreRoutes } from "../routes";
import { verifyEmailLink } from "../verification/verify-email";

/**
 * GET /verify-email ?token&callbackURL (the mailed link): redirect to callbackURL, or
 * {status, user}. Errors: token_expired, invalid_token, user_not_found, unauthorized (spec section 8).
 */
export const verifyEmail = defineEndpoint(coreRoutes.verifyEmail, {
  produces: ["json", "redirect"],
  query: z.object({ token: z.string(), callbackURL: urlString().optional() }),
  auth: "optional",
  noStore: true,
  handler({ rc, query, session }) {
    return verifyEmailLink(rc, { token: query.token, callbackURL: query.callbackURL, session });
  },
});
