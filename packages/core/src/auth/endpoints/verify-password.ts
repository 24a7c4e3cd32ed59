import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";

/**
 * POST /verify-password {password} -> {status: true}: confirms the signed-in user's password (for
 * example before a sensitive action in the app). No credential account or a wrong password: 400
 * "Invalid password". Routed over HTTP, but not a client method (as better-auth).
 */
export const verifyPassword = defineEndpoint(coreRoutes.verifyPassword, {
  body: z.object({ password: z.string() }),
  auth: "fresh-session",
  async handler({ app, body, session }) {
    const account = await app.core.users.findCredentialAccount(session.user.id);
    const valid = account?.password
      ? await app.password.verify({ hash: account.password, password: body.password })
      : false;
    if (!valid) throw AUTH_ERRORS.INVALID_PASSWORD();
    return { status: true };
  },
});
