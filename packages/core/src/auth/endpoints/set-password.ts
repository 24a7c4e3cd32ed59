import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { storeCredentialPassword } from "../password/credential";
import { assertPasswordLength } from "../password-policy";

/**
 * POST /set-password {newPassword} -> {status: true}. Server only (spec section 6): not routed over
 * HTTP, called as `auth.api.setPassword({ body, headers })` for a user without a password (for
 * example one who signed up with a social provider).
 */
export const setPassword = defineEndpoint(coreRoutes.setPassword, {
  body: z.object({ newPassword: z.string() }),
  auth: "fresh-session",
  async handler({ app, body, session }) {
    assertPasswordLength(app, body.newPassword);
    const existing = await app.core.users.findCredentialAccount(session.user.id);
    if (existing?.password) throw AUTH_ERRORS.USER_ALREADY_HAS_A_PASSWORD();
    await storeCredentialPassword(app, session.user.id, await app.password.hash(body.newPassword));
    return { status: true };
  },
});
