import { AUTH_ERRORS } from "../../kernel/errors";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import type { AccountRow } from "../users/repository";
import { findProvider } from "./registry";
import { accountTokenFields, openToken } from "./tokens";
import type { OAuth2Tokens, SocialProvider } from "./types";

/** Specification section 9: an access token is refreshed when fewer than 5 seconds remain. */
export const REFRESH_MARGIN_MS = 5_000;

export interface AccountSelector {
  providerId: string;
  /** The account row id or the provider-side account id. */
  accountId?: string;
  /** Server calls only: whose account, when there is no session. */
  userId?: string;
}

/** The session's user; a trusted server call may name a user instead (better-auth's rule). */
function resolveUserId(rc: RequestContext, session: SessionWithUser | null, userId?: string): string {
  if (session) return session.user.id;
  if (!rc.isServerCall) throw AUTH_ERRORS.UNAUTHORIZED();
  if (userId) return userId;
  throw AUTH_ERRORS.EITHER_USERID_OR_SESSION_IS_REQUIRED();
}

const matches = (a: AccountRow, accountId?: string) =>
  !accountId || a.id === accountId || a.accountId === accountId;

async function selectAccount(
  rc: RequestContext,
  session: SessionWithUser | null,
  input: AccountSelector,
): Promise<{ account: AccountRow; provider: SocialProvider }> {
  const userId = resolveUserId(rc, session, input.userId);
  const provider = findProvider(rc.app, input.providerId);
  if (!provider) throw AUTH_ERRORS.PROVIDER_NOT_SUPPORTED();
  const accounts = await rc.app.core.users.listAccounts(userId);
  const account = accounts.find((a) => a.providerId === input.providerId && matches(a, input.accountId));
  if (!account) throw AUTH_ERRORS.ACCOUNT_NOT_FOUND();
  return { account, provider };
}

/** Refreshes with the stored refresh token and stores the new tokens (the old refresh token stays if none comes back). */
async function refreshStored(rc: RequestContext, provider: SocialProvider, account: AccountRow) {
  const { app } = rc;
  const refreshToken = await openToken(app, account.refreshToken);
  if (!refreshToken || !provider.refreshAccessToken) throw new Error("no refresh token");
  const fresh: OAuth2Tokens = await provider.refreshAccessToken(refreshToken);
  if (!fresh.accessToken) throw new Error("the refresh answer has no access token");
  const updated = await app.core.users.updateAccount(account.id, await accountTokenFields(app, fresh));
  return {
    accessToken: fresh.accessToken,
    refreshToken: fresh.refreshToken ?? refreshToken,
    idToken: fresh.idToken ?? (await openToken(app, account.idToken)),
    accessTokenExpiresAt: fresh.accessTokenExpiresAt,
    refreshTokenExpiresAt: fresh.refreshTokenExpiresAt ?? account.refreshTokenExpiresAt ?? undefined,
    scope: updated?.scope ?? account.scope ?? undefined,
  };
}

/** The account's access token, refreshed first when it expires within 5 seconds. */
async function validAccessToken(rc: RequestContext, provider: SocialProvider, account: AccountRow) {
  const { app } = rc;
  const expiresAt = account.accessTokenExpiresAt ?? undefined;
  if (expiresAt && expiresAt.getTime() - app.now().getTime() < REFRESH_MARGIN_MS) {
    return refreshStored(rc, provider, account);
  }
  const accessToken = await openToken(app, account.accessToken);
  if (!accessToken) throw new Error("no access token stored");
  return {
    accessToken,
    idToken: await openToken(app, account.idToken),
    accessTokenExpiresAt: expiresAt,
    scope: account.scope ?? undefined,
  };
}

const scopesOf = (scope: string | undefined) => (scope ? scope.split(",").filter(Boolean) : []);

/** POST /get-access-token -> {accessToken, accessTokenExpiresAt, scopes, idToken}. */
export async function getAccessToken(
  rc: RequestContext,
  session: SessionWithUser | null,
  input: AccountSelector,
) {
  const { account, provider } = await selectAccount(rc, session, input);
  try {
    const t = await validAccessToken(rc, provider, account);
    return {
      accessToken: t.accessToken,
      accessTokenExpiresAt: t.accessTokenExpiresAt,
      scopes: scopesOf(t.scope),
      idToken: t.idToken,
    };
  } catch (error) {
    rc.app.logger.error(`${provider.id}: no valid access token`, error);
    throw AUTH_ERRORS.FAILED_TO_GET_A_VALID_ACCESS_TOKEN();
  }
}

/** POST /refresh-token: refreshes now, whatever the expiry. */
export async function refreshToken(
  rc: RequestContext,
  session: SessionWithUser | null,
  input: AccountSelector,
) {
  const { account, provider } = await selectAccount(rc, session, input);
  if (!provider.refreshAccessToken) throw AUTH_ERRORS.PROVIDER_NOT_SUPPORTED();
  try {
    const t = await refreshStored(rc, provider, account);
    return {
      accessToken: t.accessToken,
      refreshToken: t.refreshToken,
      accessTokenExpiresAt: t.accessTokenExpiresAt,
      refreshTokenExpiresAt: t.refreshTokenExpiresAt,
      scopes: scopesOf(t.scope),
      idToken: t.idToken,
      providerId: account.providerId,
      accountId: account.accountId,
    };
  } catch (error) {
    rc.app.logger.error(`${provider.id}: token refresh failed`, error);
    throw AUTH_ERRORS.FAILED_TO_REFRESH_ACCESS_TOKEN();
  }
}

/** POST /account-info {accountId} -> {user, data}: the provider's current profile of a linked account. */
export async function accountInfo(rc: RequestContext, session: SessionWithUser, accountId: string) {
  const accounts = await rc.app.core.users.listAccounts(session.user.id);
  const account = accounts.find((a) => a.id === accountId || a.accountId === accountId);
  if (!account) throw AUTH_ERRORS.ACCOUNT_NOT_FOUND();
  const provider = findProvider(rc.app, account.providerId);
  if (!provider) throw AUTH_ERRORS.PROVIDER_NOT_SUPPORTED();
  let tokens: Awaited<ReturnType<typeof validAccessToken>>;
  try {
    tokens = await validAccessToken(rc, provider, account);
  } catch (error) {
    rc.app.logger.error(`${provider.id}: no valid access token`, error);
    throw AUTH_ERRORS.FAILED_TO_GET_A_VALID_ACCESS_TOKEN();
  }
  const info = await provider.getUserInfo(tokens).catch((error: unknown) => {
    rc.app.logger.error(`${provider.id}: the user info request failed`, error);
    return null;
  });
  if (!info) throw AUTH_ERRORS.FAILED_TO_GET_USER_INFO();
  return { user: info.user, data: info.data };
}
