import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { verifyCredentialPassword } from "../password/credential";
import { assertPasswordLength } from "../password-policy";
import { publicUser } from "../shape";

/**
 * POST /change-password {newPassword, currentPassword, revokeOtherSessions?} -> {token, user}.
 * With revokeOtherSessions every session of the user is deleted and a new one is issued (spec
 * section 4); `token` is the new session's token, else null.
 */
export const changePassword = defineEndpoint(coreRoutes.changePassword, {
  body: z.object({
    newPassword: z.string(),
    currentPassword: z.string(),
    revokeOtherSessions: z.boolean().optional(),
  }),
  auth: "fresh-session",
  noStore: true,
  async handler({ app, rc, body, session }) {
    const { user } = session;
    assertPasswordLength(app, body.newPassword);
    const account = await verifyCredentialPassword(app, user.id, body.currentPassword);
    await app.core.users.updateAccount(account.id, { password: await app.password.hash(body.newPassword) });
    if (!body.revokeOtherSessions) return { token: null, user: publicUser(app, user) };
    await app.core.sessions.revoke(user.id);
    const created = await app.core.sessions.create(rc, user);
    return { token: created.session.token, user: publicUser(app, user) };
  },
});
