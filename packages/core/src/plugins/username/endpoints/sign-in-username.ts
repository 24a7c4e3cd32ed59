import { z } from "zod";
import type { AppContext } from "../../../plugin";
import {
  AUTH_ERRORS,
  assertEmailPasswordEnabled,
  assertPasswordLength,
  defineEndpoint,
  generateRandomString,
  publicUser,
  sendVerificationEmail,
  urlString,
} from "../../../plugin";
import { USERNAME_ERRORS } from "../errors";
import { usernameRoutes } from "../routes";
import { findByUsernameWithAccounts, type UsernameRules } from "../rules";

const signInUsernameBody = z.object({
  username: z.string(),
  password: z.string(),
  rememberMe: z.boolean().optional(),
  callbackURL: urlString().optional(),
});

/**
 * A hash verified against when the username is unknown, so that both paths cost one hash (no
 * user enumeration by timing). Made with the app's own hasher, once per app.
 */
function dummyHashFor() {
  const hashes = new WeakMap<AppContext, Promise<string>>();
  return (app: AppContext) => {
    let hash = hashes.get(app);
    if (!hash) {
      hash = app.password.hash(generateRandomString(24));
      hashes.set(app, hash);
    }
    return hash;
  };
}

/**
 * POST /sign-in/username {username, password, rememberMe?, callbackURL?} -> {redirect, token,
 * url?, user} (spec section 7 names `{token, user}`; the rest matches /sign-in/email). Unknown
 * username, no password or a wrong one: 401 "Invalid username or password".
 */
export function signInUsernameEndpoint(rules: UsernameRules) {
  const dummyHash = dummyHashFor();
  return defineEndpoint(usernameRoutes.signInUsername, {
    body: signInUsernameBody,
    noStore: true,
    async handler({ app, rc, body }) {
      assertEmailPasswordEnabled(app);
      const username = await rules.check(body.username);
      assertPasswordLength(app, body.password);

      const found = await findByUsernameWithAccounts(app, username);
      const credential = found?.accounts.find((a) => a.providerId === "credential" && a.password);
      if (!found || !credential?.password) {
        await app.password.verify({ hash: await dummyHash(app), password: body.password });
        throw USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD();
      }
      if (!(await app.password.verify({ hash: credential.password, password: body.password }))) {
        throw USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD();
      }
      const { user } = found;
      if (app.options.emailAndPassword?.requireEmailVerification && !user.emailVerified) {
        if (app.options.emailVerification?.sendVerificationEmail) {
          await sendVerificationEmail(rc, user, { callbackURL: body.callbackURL });
        }
        throw AUTH_ERRORS.EMAIL_NOT_VERIFIED();
      }
      await app.events.runBefore("signIn.before", { user, request: rc.request });
      const { session } = await app.core.sessions.create(rc, user, {
        dontRemember: body.rememberMe === false,
      });
      return {
        redirect: Boolean(body.callbackURL),
        token: session.token,
        url: body.callbackURL,
        user: publicUser(app, user),
      };
    },
  });
}
