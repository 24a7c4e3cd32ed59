import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { emailSchema, urlString } from "../../router/schemas";
import { sendVerificationEmail as sendLink } from "../verification/email";

/**
 * POST /send-verification-email {email, callbackURL?} -> {status: true}. Only to an unverified own
 * address (spec section 5): signed in, the email must be the user's and unverified. Signed out, the
 * answer is always {status: true} and the mail goes only to an existing unverified user.
 */
export const sendVerificationEmail = defineEndpoint(coreRoutes.sendVerificationEmail, {
  body: z.object({ email: emailSchema, callbackURL: urlString().optional() }),
  auth: "optional",
  async handler({ app, rc, body, session }) {
    if (!app.options.emailVerification?.sendVerificationEmail)
      throw AUTH_ERRORS.VERIFICATION_EMAIL_ISN_T_ENABLED();
    const email = body.email.toLowerCase();
    if (session) {
      if (session.user.emailVerified)
        throw AUTH_ERRORS.YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_AN_UNVERIFIED_EMAIL();
      if (session.user.email !== email)
        throw AUTH_ERRORS.YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_YOUR_OWN_EMAIL();
      await sendLink(rc, session.user, { callbackURL: body.callbackURL });
      return { status: true };
    }
    const user = await app.core.users.findByEmail(email);
    if (user && !user.emailVerified) await sendLink(rc, user, { callbackURL: body.callbackURL });
    return { status: true };
  },
});
