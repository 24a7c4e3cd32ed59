import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { emailString, urlString } from "../../router/schemas";
import { assertEmailPasswordEnabled, assertPasswordLength, isValidEmail } from "../password-policy";
import { publicUser } from "../shape";
import { sendVerificationEmail } from "../verification/email";

/** Verified against when the user does not exist, so both paths cost one scrypt (no user enumeration by timing). */
const DUMMY_HASH =
  "a2c4e6a8b0d2f4a6c8e0a2c4e6a8b0d2:4b3c9c0e1f62a8d5c7e9b1a3f5d7c9e1b3a5c7e9f1d3b5a7c9e1f3d5b7a9c1e3f5d7b9a1c3e5f7d9b1a3c5e7f9d1b3a5c7e9f1d3b5a7c9e1f3d5b7a9c1e3f5d7";

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
    if (!found?.account.password) {
      await app.password.verify({ hash: DUMMY_HASH, password: body.password });
      throw AUTH_ERRORS.INVALID_EMAIL_OR_PASSWORD();
    }
    if (!(await app.password.verify({ hash: found.account.password, password: body.password }))) {
      throw AUTH_ERRORS.INVALID_EMAIL_OR_PASSWORD();
    }
    const { user } = found;
    if (app.options.emailAndPassword?.requireEmailVerification && !user.emailVerified) {
      if (app.options.emailVerification?.sendVerificationEmail) {
        await sendVerificationEmail(rc, user, { callbackURL: body.callbackURL });
      }
      throw AUTH_ERRORS.EMAIL_NOT_VERIFIED();
    }
    await app.events.runBefore("signIn.before", { user, request: rc.request });
    const { session } = await app.core.sessions.create(rc, user, { dontRemember: body.rememberMe === false });
    return {
      redirect: Boolean(body.callbackURL),
      token: session.token,
      url: body.callbackURL,
      user: publicUser(app, user),
    };
  },
});
