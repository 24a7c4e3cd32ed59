import type { RequestContext } from "../../context/request-context";
import { isAdapterError } from "../../db/adapter";
import { redirectTo } from "../../router/compile";
import { AUTH_ERRORS } from "../errors";
import type { SessionWithUser } from "../models";
import { setCookieCache } from "../session/cookies";
import { publicUser } from "../shape";
import type { UserRow } from "../users/repository";
import { type EmailTokenClaims, sendVerificationEmail, verifyEmailToken } from "./email";
import { withQuery } from "./redirect";

/**
 * The link errors: the lower-case redirect codes of spec section 8, and the JSON errors without a
 * callback URL: better-auth's 401s for a bad link (`Invalid token` / INVALID_TOKEN, ...), and 403
 * `Invalid user` for a link opened in another user's session (signed in: never 401, section 8).
 */
const LINK_ERRORS = {
  token_expired: AUTH_ERRORS.TOKEN_EXPIRED,
  invalid_token: AUTH_ERRORS.INVALID_TOKEN.link,
  user_not_found: AUTH_ERRORS.USER_NOT_FOUND.link,
  unauthorized: AUTH_ERRORS.INVALID_USER,
} as const;

export type VerifyEmailError = keyof typeof LINK_ERRORS;

export interface VerifyEmailInput {
  readonly token: string;
  readonly callbackURL?: string;
  readonly session: SessionWithUser | null;
}

/** With a callback URL: 302 to `callbackURL?error=<code>`; without: a JSON error. */
function linkError(rc: RequestContext, code: VerifyEmailError, callbackURL: string | undefined) {
  return callbackURL ? redirectTo(rc, withQuery(callbackURL, { error: code })) : LINK_ERRORS[code]();
}

/** The verified user: the signed-in session follows (cookie cache), or auto sign-in creates one. */
async function followSession(rc: RequestContext, user: UserRow, session: SessionWithUser | null) {
  if (session) {
    const value = { session: session.session, user };
    rc.session = value;
    await setCookieCache(rc, value);
  } else if (rc.app.options.emailVerification?.autoSignInAfterVerification) {
    await rc.app.core.sessions.create(rc, user);
  }
}

/**
 * The change-email link (spec section 4): the token went to the old address and carries the new
 * one. The email is replaced, emailVerified is reset to false, and (as better-auth does) a
 * verification link is mailed to the new address.
 */
async function applyEmailChange(
  rc: RequestContext,
  user: UserRow,
  claims: EmailTokenClaims,
  input: VerifyEmailInput,
) {
  const { app } = rc;
  const newEmail = (claims.updateTo ?? "").toLowerCase();
  const taken = await app.core.users.findByEmail(newEmail);
  if (taken && taken.id !== user.id) throw AUTH_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL();
  let updated: UserRow;
  try {
    updated = await app.core.users.update(
      user,
      { email: newEmail, emailVerified: false },
      app.adapter,
      rc.request,
    );
  } catch (error) {
    if (isAdapterError(error, "UNIQUE_VIOLATION")) throw AUTH_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL();
    throw error;
  }
  await app.core.users.afterUpdate(updated, user);
  if (app.options.emailVerification?.sendVerificationEmail) {
    await sendVerificationEmail(rc, updated, { callbackURL: input.callbackURL });
  }
  await followSession(rc, updated, input.session);
  return updated;
}

/**
 * GET /verify-email (spec sections 4, 7, 8): checks the signed token, then either marks the email
 * verified or applies an email change. A session of another user is refused ("unauthorized").
 * Answers with a redirect to the callback URL, else `{status: true, user}` (the user after an email
 * change, null after a plain verification, as better-auth).
 */
export async function verifyEmailLink(rc: RequestContext, input: VerifyEmailInput) {
  const { app } = rc;
  const verified = await verifyEmailToken(app, input.token);
  if (!verified.ok) throw linkError(rc, verified.error, input.callbackURL);
  const { claims } = verified;
  const user = await app.core.users.findByEmail(claims.email);
  if (!user) throw linkError(rc, "user_not_found", input.callbackURL);
  if (input.session && input.session.user.id !== user.id)
    throw linkError(rc, "unauthorized", input.callbackURL);

  let shown: UserRow | null = null;
  if (claims.updateTo) {
    shown = await applyEmailChange(rc, user, claims, input);
  } else if (!user.emailVerified) {
    // Only the request that flips the flag runs the after-effects (events, auto sign-in): the
    // link followed many times at once verifies once.
    const updated = await app.core.users.updateIf(
      user,
      { emailVerified: false },
      { emailVerified: true },
      rc.request,
    );
    if (updated) {
      await app.core.users.afterUpdate(updated, user);
      await followSession(rc, updated, input.session);
    }
  }
  if (input.callbackURL) throw redirectTo(rc, input.callbackURL);
  return { status: true, user: shown ? publicUser(app, shown) : null };
}
