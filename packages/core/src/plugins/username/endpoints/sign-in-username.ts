import { z } from "zod";
import {
  assertEmailPasswordEnabled,
  assertPasswordLength,
  defineEndpoint,
  signInWithPassword,
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
 * POST /sign-in/username {username, password, rememberMe?, callbackURL?} -> {redirect, token,
 * url?, user} (spec section 7 names `{token, user}`; the rest matches /sign-in/email). Unknown
 * username, no password or a wrong one: 401 "Invalid username or password".
 */
export function signInUsernameEndpoint(rules: UsernameRules) {
  return defineEndpoint(usernameRoutes.signInUsername, {
    body: signInUsernameBody,
    noStore: true,
    async handler({ app, rc, body }) {
      assertEmailPasswordEnabled(app);
      const username = await rules.check(body.username);
      assertPasswordLength(app, body.password);

      const found = await findByUsernameWithAccounts(app, username);
      const credential = found?.accounts.find((a) => a.providerId === "credential" && a.password);
      return signInWithPassword(rc, {
        user: found?.user,
        hash: credential?.password,
        password: body.password,
        rememberMe: body.rememberMe,
        callbackURL: body.callbackURL,
        invalid: USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD,
      });
    },
  });
}
