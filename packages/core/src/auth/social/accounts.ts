import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";

/** GET /list-accounts item: spec section 7 names the provider `provider`; better-auth clients read `providerId`. */
export async function listAccounts(app: AppContext, userId: string) {
  const accounts = await app.core.users.listAccounts(userId);
  return accounts.map((a) => ({
    id: a.id,
    provider: a.providerId,
    providerId: a.providerId,
    accountId: a.accountId,
    userId: a.userId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    scopes: a.scope ? a.scope.split(",").filter(Boolean) : [],
  }));
}

/**
 * POST /unlink-account {providerId, accountId?}: accountId (the provider-side id) narrows the match.
 * The last account stays unless `accountLinking.allowUnlinkingAll` (400 "You can't unlink your
 * last account"); no match is 400 "Account not found".
 */
export async function unlinkAccount(
  app: AppContext,
  userId: string,
  input: { providerId: string; accountId?: string },
) {
  const accounts = await app.core.users.listAccounts(userId);
  if (accounts.length === 1 && !app.options.account?.accountLinking?.allowUnlinkingAll) {
    throw AUTH_ERRORS.YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT();
  }
  const target = accounts.find(
    (a) => a.providerId === input.providerId && (!input.accountId || a.accountId === input.accountId),
  );
  if (!target) throw AUTH_ERRORS.ACCOUNT_NOT_FOUND();
  await app.core.users.deleteAccount(target.id);
  return { status: true };
}
