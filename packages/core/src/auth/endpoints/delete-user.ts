import { z } from "zod";
import type { AppContext } from "../../context/app-context";
import type { ErrorFactory } from "../../errors/define-errors";
import { redirectTo } from "../../router/compile";
import { defineEndpoint } from "../../router/endpoint";
import { urlString } from "../../router/schemas";
import { AUTH_ERRORS } from "../errors";
import { verifyCredentialPassword } from "../password/credential";
import { coreRoutes } from "../routes";
import { consumeDeleteToken, deleteUserNow, sendDeleteAccountVerification } from "../users/delete-user";
import { withQuery } from "../verification/redirect";

const DELETED = { success: true, message: "User deleted" } as const;

function assertEnabled(app: AppContext) {
  if (!app.options.user?.deleteUser?.enabled) throw AUTH_ERRORS.DELETE_USER_IS_DISABLED();
}

/**
 * POST /delete-user {callbackURL?, password?, token?} -> {success, message}. Disabled unless
 * `user.deleteUser.enabled`. A given password must match; without one the session must be fresh
 * (spec section 5). A token (from the confirmation mail) deletes at once; with a confirmation
 * sender configured a link is mailed instead; otherwise the user is deleted now.
 */
export const deleteUser = defineEndpoint(coreRoutes.deleteUser, {
  body: z.object({
    callbackURL: urlString().optional(),
    password: z.string().optional(),
    token: z.string().optional(),
  }),
  auth: "fresh-session",
  async handler({ app, rc, body, session }) {
    assertEnabled(app);
    const { user } = session;
    if (body.password !== undefined) await verifyCredentialPassword(app, user.id, body.password);
    else if (!app.core.sessions.isFresh(session))
      throw AUTH_ERRORS.SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION();
    if (body.token) {
      if (!(await consumeDeleteToken(rc, body.token, user.id))) throw AUTH_ERRORS.INVALID_TOKEN.deleteLink();
    } else if (app.options.user?.deleteUser?.sendDeleteAccountVerification) {
      await sendDeleteAccountVerification(rc, user, body.callbackURL);
      return { success: true, message: "Verification email sent" };
    }
    await deleteUserNow(rc, user);
    return DELETED;
  },
});

/**
 * GET /delete-user/callback ?token&callbackURL (the confirmation link): the token must belong to
 * the signed-in user. Errors redirect to `callbackURL?error=<CODE>` when a callback URL is given;
 * otherwise an unknown, used, expired or foreign token is 404 "Invalid token" (as better-auth) and
 * the user stays.
 */
export const deleteUserCallback = defineEndpoint(coreRoutes.deleteUserCallback, {
  produces: ["json", "redirect"],
  query: z.object({ token: z.string(), callbackURL: urlString().optional() }),
  auth: "optional",
  async handler({ app, rc, query, session }) {
    assertEnabled(app);
    const fail = (error: ErrorFactory) =>
      query.callbackURL ? redirectTo(rc, withQuery(query.callbackURL, { error: error.code })) : error();
    if (!session) throw fail(AUTH_ERRORS.UNAUTHORIZED);
    if (!(await consumeDeleteToken(rc, query.token, session.user.id)))
      throw fail(AUTH_ERRORS.INVALID_TOKEN.deleteLink);
    await deleteUserNow(rc, session.user);
    if (query.callbackURL) throw redirectTo(rc, query.callbackURL);
    return DELETED;
  },
});
