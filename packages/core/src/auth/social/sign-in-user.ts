import { isAPIError } from "../../kernel/define-errors";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import type { AccountRow, UserRow } from "../users/repository";
import { sendVerificationEmail } from "../verification/email";
import { mayLink, profileFields } from "./linking";
import { accountTokenFields } from "./tokens";
import type { OAuth2Tokens, OAuthUserInfo, SocialProvider } from "./types";

export interface ProviderSignIn {
  readonly provider: SocialProvider;
  readonly info: OAuthUserInfo & { email: string };
  readonly tokens: OAuth2Tokens;
  readonly callbackURL?: string;
  /** No new user may be created (disableSignUp, or implicit sign-up off without requestSignUp). */
  readonly disableSignUp: boolean;
}

/** Error codes are the callback redirect codes of spec section 8. */
export type ProviderSignInResult =
  | { ok: true; session: SessionWithUser; isRegister: boolean }
  | { ok: false; error: string; cause?: unknown };

/** Whether this sign-in may create a user (global and provider `disableSignUp`, `requestSignUp`). */
export function signUpDisabled(rc: RequestContext, provider: SocialProvider, requestSignUp?: boolean) {
  const { options } = provider;
  return (
    rc.app.options.account?.disableSignUp === true ||
    options.disableSignUp === true ||
    (options.disableImplicitSignUp === true && requestSignUp !== true)
  );
}

/** The user owning this email, else the user already linked to this provider account. */
async function findOAuthUser(rc: RequestContext, email: string, providerId: string, accountId: string) {
  const { users } = rc.app.core;
  const byEmail = await users.findByEmailWithAccounts(email);
  if (byEmail) return byEmail;
  const account = await users.findAccount(providerId, accountId);
  if (!account) return null;
  const user = await users.findById(account.userId);
  return user ? { user, accounts: await users.listAccounts(user.id) } : null;
}

async function createUser(rc: RequestContext, input: ProviderSignIn): Promise<UserRow> {
  const { app } = rc;
  const { users } = app.core;
  const { info, provider } = input;
  const userData = await users.prepareCreate(
    {
      ...profileFields(app, info),
      id: app.core.generateId("user"),
      email: info.email.toLowerCase(),
      name: info.name || info.email,
      emailVerified: info.emailVerified,
    },
    rc.request,
  );
  const accountData = await users.prepareAccount({
    ...(await accountTokenFields(app, input.tokens)),
    providerId: provider.id,
    accountId: info.id,
    userId: userData.id,
  });
  const { user, account } = await app.adapter.transaction(async (tx) => ({
    user: await users.insert(userData, tx),
    account: await users.insertAccount(accountData, tx),
  }));
  await users.afterCreate(user, rc.request);
  await users.afterCreateAccount(account);
  const verification = app.options.emailVerification;
  if (!user.emailVerified && verification?.sendOnSignUp && verification.sendVerificationEmail) {
    await sendVerificationEmail(rc, user, { callbackURL: input.callbackURL });
  }
  return user;
}

/** Links the provider account to an existing user, or refreshes the stored tokens of a linked one. */
async function updateExisting(
  rc: RequestContext,
  input: ProviderSignIn,
  user: UserRow,
  accounts: AccountRow[],
): Promise<{ ok: true; user: UserRow } | { ok: false; error: string }> {
  const { app } = rc;
  const { users } = app.core;
  const { info, provider } = input;
  const linked = accounts.find((a) => a.providerId === provider.id && a.accountId === info.id);
  if (!linked) {
    if (!mayLink(app, provider.id, info.emailVerified)) return { ok: false, error: "account_not_linked" };
    try {
      const data = await users.prepareAccount({
        ...(await accountTokenFields(app, input.tokens)),
        providerId: provider.id,
        accountId: info.id,
        userId: user.id,
      });
      await users.afterCreateAccount(await users.insertAccount(data));
    } catch (error) {
      app.logger.error("Unable to link account", error);
      return { ok: false, error: "unable_to_link_account" };
    }
  } else if (app.options.account?.updateAccountOnSignIn !== false) {
    const fields = await accountTokenFields(app, input.tokens);
    if (Object.keys(fields).length > 0) await users.updateAccount(linked.id, fields);
  }
  const update: Record<string, unknown> = {};
  const sameEmail = info.email.toLowerCase() === user.email;
  if (info.emailVerified && !user.emailVerified && sameEmail) update.emailVerified = true;
  if (provider.options.overrideUserInfoOnSignIn) Object.assign(update, profileFields(app, info));
  if (Object.keys(update).length === 0) return { ok: true, user };
  const updated = await users.update(user, update, app.adapter, rc.request);
  await users.afterUpdate(updated, user);
  return { ok: true, user: updated };
}

/**
 * Signs a provider identity in (better-auth's handleOAuthUserInfo): finds the user by email (or by
 * the linked account), links implicitly when the rules allow, or creates user and account; then
 * creates the session. Unexpected failures (database down) are thrown for the caller to map.
 */
export async function signInWithProvider(
  rc: RequestContext,
  input: ProviderSignIn,
): Promise<ProviderSignInResult> {
  const { app } = rc;
  const found = await findOAuthUser(rc, input.info.email.toLowerCase(), input.provider.id, input.info.id);
  let user: UserRow;
  if (found) {
    const result = await updateExisting(rc, input, found.user, found.accounts);
    if (!result.ok) return result;
    user = result.user;
  } else {
    if (input.disableSignUp) return { ok: false, error: "signup_disabled" };
    try {
      user = await createUser(rc, input);
    } catch (error) {
      app.logger.error("Unable to create user", error);
      return { ok: false, error: "unable_to_create_user" };
    }
  }
  try {
    await app.events.runBefore("signIn.before", { user, request: rc.request });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = String(error.body?.code ?? "unauthorized").toLowerCase();
    return { ok: false, error: code, cause: error };
  }
  try {
    const session = await app.core.sessions.create(rc, user);
    return { ok: true, session, isRegister: !found };
  } catch (error) {
    app.logger.error("Unable to create session", error);
    return { ok: false, error: "unable_to_create_session" };
  }
}
