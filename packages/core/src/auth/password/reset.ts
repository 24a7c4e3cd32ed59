import { runInBackground } from "../../context/background";
import { generateRandomString } from "../../crypto/random";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { RequestContext } from "../../kernel/request-context";
import { assertPasswordLength } from "../password-policy";
import { storeCredentialPassword } from "./credential";

/** The generic answer of a reset request, whether or not the email exists (spec section 8). */
export const RESET_REQUEST_MESSAGE =
  "If this email exists in our system, check your email for the reset link";

const DEFAULT_TOKEN_LIFETIME = 3600;
const TOKEN_LENGTH = 24;

const resetIdentifier = (token: string) => `reset-password:${token}`;

/**
 * Starts a password reset: for an existing user, stores a single-use 24-character token
 * (`reset-password:<token>` -> user id, 1 h by default) and mails
 * `{base}/reset-password/<token>?callbackURL=<redirectTo>`, after the response. Unknown emails get
 * the same answer in the same time.
 */
export async function requestPasswordReset(
  rc: RequestContext,
  email: string,
  redirectTo: string | undefined,
) {
  const { app } = rc;
  const send = app.options.emailAndPassword?.sendResetPassword;
  if (!send) throw AUTH_ERRORS.RESET_PASSWORD_ISN_T_ENABLED();
  const user = await app.core.users.findByEmail(email);
  if (!user) return;
  // Existing and unknown addresses answer after the same single lookup: the token and the mail
  // are made after the response, so the answer's timing does not tell whether the address exists.
  const lifetime = app.options.emailAndPassword?.resetPasswordTokenExpiresIn ?? DEFAULT_TOKEN_LIFETIME;
  const request = rc.request;
  runInBackground(app, async () => {
    const token = generateRandomString(TOKEN_LENGTH);
    await app.core.verification.create(resetIdentifier(token), user.id, lifetime);
    const url = `${app.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent(redirectTo ?? "/")}`;
    await send({ user, url, token }, request);
  });
}

/** Is the reset token known and unexpired? (Read only; the token stays usable.) */
export async function isResetTokenValid(rc: RequestContext, token: string): Promise<boolean> {
  return (await rc.app.core.verification.find(resetIdentifier(token))) !== null;
}

/**
 * Sets a new password with a reset token. The token is consumed atomically: of two parallel
 * resets with one token exactly one succeeds, the other gets 400 "invalid token". The password is
 * hashed before the token is consumed (slow work never runs while the token is claimed).
 */
export async function resetPassword(rc: RequestContext, token: string | undefined, newPassword: string) {
  const { app } = rc;
  if (!token) throw AUTH_ERRORS.INVALID_TOKEN();
  assertPasswordLength(app, newPassword);
  // Cheap rejection of unknown tokens before paying for a hash.
  if (!(await app.core.verification.find(resetIdentifier(token)))) throw AUTH_ERRORS.INVALID_TOKEN();
  const hash = await app.password.hash(newPassword);
  const claimed = await app.core.verification.consume(resetIdentifier(token));
  if (!claimed) throw AUTH_ERRORS.INVALID_TOKEN();
  const userId = claimed.value;
  if (!(await app.core.users.findById(userId))) throw AUTH_ERRORS.USER_NOT_FOUND();
  await storeCredentialPassword(app, userId, hash);
  if (app.options.emailAndPassword?.revokeSessionsOnPasswordReset) await app.core.sessions.revoke(userId);
}
