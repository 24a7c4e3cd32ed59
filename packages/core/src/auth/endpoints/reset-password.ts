import { z } from "zod";
import { redirectTo } from "../../router/compile";
import { defineEndpoint } from "../../router/endpoint";
import { urlString } from "../../router/schemas";
import { resetPassword as applyReset, isResetTokenValid } from "../password/reset";
import { coreRoutes } from "../routes";
import { withQuery } from "../verification/redirect";

/**
 * GET /reset-password/:token ?callbackURL (the link in the reset mail): 302 to
 * `callbackURL?token=<token>` when the token is valid, else `callbackURL?error=INVALID_TOKEN`.
 * The token is not consumed here. A missing callbackURL is 400 "Invalid query parameters".
 */
export const resetPasswordCallback = defineEndpoint(coreRoutes.resetPasswordCallback, {
  produces: ["redirect"],
  query: z.object({ callbackURL: urlString().min(1) }),
  async handler({ rc, params, query }) {
    const token = params.token ?? "";
    const valid = token !== "" && (await isResetTokenValid(rc, token));
    throw redirectTo(rc, withQuery(query.callbackURL, valid ? { token } : { error: "INVALID_TOKEN" }));
  },
});

/** POST /reset-password {newPassword, token} -> {status: true}; the token may also come as a query. */
export const resetPassword = defineEndpoint(coreRoutes.resetPassword, {
  body: z.object({ newPassword: z.string(), token: z.string().optional() }),
  query: z.object({ token: z.string().optional() }).optional(),
  async handler({ rc, body, query }) {
    await applyReset(rc, body.token || query?.token, body.newPassword);
    return { status: true };
  },
});
