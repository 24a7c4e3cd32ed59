import { generateRandomString } from "../../crypto/random";
import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { RequestContext } from "../../kernel/request-context";
import type { UserRow } from "../../kernel/services";
import { publicUser } from "../shape";
import { sendVerificationEmail } from "../verification/email";

const dummyHashes = new WeakMap<AppContext, Promise<string>>();

/**
 * A hash verified against when the user is unknown or has no password, so that both paths cost
 * one verification (no user enumeration by timing). Made with the app's own hasher (a custom
 * hasher gets a hash of its own format), once per app.
 */
function dummyHash(app: AppContext): Promise<string> {
  let hash = dummyHashes.get(app);
  if (!hash) {
    hash = app.password.hash(generateRandomString(24));
    dummyHashes.set(app, hash);
  }
  return hash;
}

export interface PasswordSignIn {
  /** The user found by the flow's identifier (email, username), and its credential hash. */
  readonly user: UserRow | null | undefined;
  readonly hash: string | null | undefined;
  readonly password: string;
  readonly rememberMe?: boolean;
  readonly callbackURL?: string;
  /** The flow's refusal for an unknown user or a wrong password (401). */
  readonly invalid: () => Error;
}

/**
 * The tail of every password sign-in (email, username): the password check with the timing dummy,
 * email verification when required (sending a new link), the `signIn.before` hooks, the session
 * and its cookies. Answers `{redirect, token, url, user}` (spec section 7).
 */
export async function signInWithPassword(rc: RequestContext, input: PasswordSignIn) {
  const { app } = rc;
  const { user, hash } = input;
  if (!user || !hash) {
    await app.password.verify({ hash: await dummyHash(app), password: input.password });
    throw input.invalid();
  }
  if (!(await app.password.verify({ hash, password: input.password }))) throw input.invalid();
  if (app.options.emailAndPassword?.requireEmailVerification && !user.emailVerified) {
    if (app.options.emailVerification?.sendVerificationEmail) {
      await sendVerificationEmail(rc, user, { callbackURL: input.callbackURL });
    }
    throw AUTH_ERRORS.EMAIL_NOT_VERIFIED();
  }
  await app.events.runBefore("signIn.before", { user, request: rc.request });
  const { session } = await app.core.sessions.create(rc, user, { dontRemember: input.rememberMe === false });
  return {
    redirect: Boolean(input.callbackURL),
    token: session.token,
    url: input.callbackURL,
    user: publicUser(app, user),
  };
}
