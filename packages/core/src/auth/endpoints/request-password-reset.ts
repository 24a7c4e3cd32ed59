import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { emailSchema, urlString } from "../../router/schemas";
import { RESET_REQUEST_MESSAGE, requestPasswordReset as startReset } from "../password/reset";

/**
 * POST /request-password-reset {email, redirectTo?} -> {status, message}, the same answer whether
 * or not the email exists (spec sections 7, 8). `redirectTo` is checked as trusted by the router.
 */
export const requestPasswordReset = defineEndpoint(coreRoutes.requestPasswordReset, {
  body: z.object({ email: emailSchema, redirectTo: urlString().optional() }),
  async handler({ rc, body }) {
    await startReset(rc, body.email.toLowerCase(), body.redirectTo);
    return { status: true, message: RESET_REQUEST_MESSAGE };
  },
});

/** POST /forget-password: the older name of the same call (spec section 7). */
export const forgetPassword = defineEndpoint(coreRoutes.forgetPassword, requestPasswordReset);
