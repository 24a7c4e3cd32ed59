import { isAdapterError } from "../../db/adapter";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import { isValidEmail } from "../password-policy";
import { setCookieCache } from "../session/cookies";
import { createEmailToken, sendVerificationEmail } from "../verification/email";

/**
 * Email change (spec sections 4, 5, 6). Disabled unless `user.changeEmail.enabled`. The new email
 * must be valid, differ from the current one and be unused. An unverified user changes it at once
 * when `updateEmailWithoutVerification` is true; otherwise a token carrying the new address goes to
 * the current address (`sendChangeEmailConfirmation`), and `GET /verify-email` applies the change.
 */
export async function changeEmail(
  rc: RequestContext,
  session: SessionWithUser,
  input: { newEmail: string; callbackURL?: string },
): Promise<void> {
  const { app } = rc;
  const config = app.options.user?.changeEmail;
  if (!config?.enabled) throw AUTH_ERRORS.CHANGE_EMAIL_IS_DISABLED();
  const newEmail = input.newEmail.trim().toLowerCase();
  if (!isValidEmail(newEmail)) throw AUTH_ERRORS.INVALID_EMAIL();
  const { user } = session;
  if (newEmail === user.email) throw AUTH_ERRORS.EMAIL_IS_THE_SAME();
  if (await app.core.users.findByEmail(newEmail)) throw AUTH_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL();

  if (!user.emailVerified && config.updateEmailWithoutVerification === true) {
    let updated: typeof user;
    try {
      updated = await app.core.users.update(user, { email: newEmail }, app.adapter, rc.request);
    } catch (error) {
      if (isAdapterError(error, "UNIQUE_VIOLATION")) throw AUTH_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL();
      throw error;
    }
    await app.core.users.afterUpdate(updated, user);
    const value = { session: session.session, user: updated };
    rc.session = value;
    await setCookieCache(rc, value);
    if (app.options.emailVerification?.sendVerificationEmail) {
      await sendVerificationEmail(rc, updated, { callbackURL: input.callbackURL });
    }
    return;
  }

  const send = config.sendChangeEmailConfirmation ?? config.sendChangeEmailVerification;
  if (!send) throw AUTH_ERRORS.VERIFICATION_EMAIL_ISN_T_ENABLED();
  const expiresIn = app.options.emailVerification?.expiresIn ?? 3600;
  const token = await createEmailToken(app, { email: user.email, updateTo: newEmail }, expiresIn);
  const url = new URL(`${app.baseURL}/verify-email`);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", input.callbackURL ?? "/");
  await send({ user, newEmail, url: url.toString(), token }, rc.request);
}
