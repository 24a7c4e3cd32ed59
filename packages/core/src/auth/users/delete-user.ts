import { generateRandomString } from "../../crypto/random";
import type { RequestContext } from "../../kernel/request-context";
import { clearSessionCookies } from "../session/cookies";
import type { VerificationRow } from "../verification/service";
import type { UserRow } from "./repository";

const DEFAULT_TOKEN_LIFETIME = 86_400;
const TOKEN_LENGTH = 32;

const deleteIdentifier = (token: string) => `delete-account-${token}`;

/**
 * Mails the deletion confirmation link `{base}/delete-user/callback?token=<32 chars>&callbackURL=...`
 * (spec sections 7, 9); the token (`delete-account-<token>` -> user id) lives 24 h by default.
 */
export async function sendDeleteAccountVerification(
  rc: RequestContext,
  user: UserRow,
  callbackURL: string | undefined,
) {
  const { app } = rc;
  const config = app.options.user?.deleteUser;
  const send = config?.sendDeleteAccountVerification;
  if (!send) return;
  const token = generateRandomString(TOKEN_LENGTH);
  await app.core.verification.create(
    deleteIdentifier(token),
    user.id,
    config?.deleteTokenExpiresIn ?? DEFAULT_TOKEN_LIFETIME,
  );
  const url = new URL(`${app.baseURL}/delete-user/callback`);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", callbackURL ?? "/");
  await send({ user, url: url.toString(), token }, rc.request);
}

/**
 * Consumes a deletion token of `userId`, atomically: the row is deleted only if it names that user,
 * so a link opened by someone else neither works nor burns it. False when unknown, used or expired.
 */
export async function consumeDeleteToken(
  rc: RequestContext,
  token: string,
  userId: string,
): Promise<boolean> {
  const { app } = rc;
  const row = await app.adapter.consumeOne<VerificationRow>({
    model: "verification",
    where: [
      { field: "identifier", value: deleteIdentifier(token) },
      { field: "value", value: userId },
    ],
  });
  return row !== null && row.expiresAt.getTime() > app.now().getTime();
}

/**
 * Deletes the user now: `beforeDelete` (may throw to refuse), sessions (store and cache), then
 * accounts and user in one transaction, `afterDelete`, cleared cookies and the "user.deleted" event.
 */
export async function deleteUserNow(rc: RequestContext, user: UserRow): Promise<void> {
  const { app } = rc;
  const config = app.options.user?.deleteUser;
  await config?.beforeDelete?.(user, rc.request);
  // Revoked outside the transaction: it may touch secondary storage, and inside a transaction only
  // the transaction's adapter may be used.
  await app.core.sessions.revoke(user.id);
  await app.adapter.transaction(async (tx) => {
    await tx.deleteMany({ model: "account", where: [{ field: "userId", value: user.id }] });
    await app.core.users.delete(user.id, tx);
  });
  clearSessionCookies(rc);
  rc.session = null;
  await config?.afterDelete?.(user, rc.request);
  await app.events.emit("user.deleted", { user });
}
