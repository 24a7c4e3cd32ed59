import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { emailString, urlString } from "../../router/schemas";
import { signInWithPassword } from "../password/sign-in";
import { assertEmailPasswordEnabled, assertPasswordLength, isValidEmail } from "../password-policy";

const signInBody = z.object({
  email: emailString(),
  password: z.string(),
  callbackURL: urlString().optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /sign-in/email (spec section 7): -> { redirect, token, url, user }. */
export const signInEmail = defineEndpoint(coreRoutes.signInEmail, {
  body: signInBody,
  noStore: true,
  async handler({ app, rc, body }) {
    assertEmailPasswordEnabled(app);
    const email = body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw AUTH_ERRORS.INVALID_EMAIL();
    assertPasswordLength(app, body.password);

    // One round trip: the credential account joined with its user by email.
    const found = await app.core.users.findCredentialByEmail(email);
    return signInWithPassword(rc, {
      user: found?.user,
      hash: found?.account.password,
      password: body.password,
      rememberMe: body.rememberMe,
      callbackURL: body.callbackURL,
      invalid: AUTH_ERRORS.INVALID_EMAIL_OR_PASSWORD,
    });
  },
});
