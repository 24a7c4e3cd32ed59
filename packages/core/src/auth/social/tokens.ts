import type { AppContext } from "../../kernel/app-context";
import type { OAuth2Tokens } from "./types";

const PURPOSE = "oauth-token";

/** A token as stored: encrypted (AES-256-GCM) when `account.encryptOAuthTokens` is on. */
export async function sealToken(app: AppContext, token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  return app.options.account?.encryptOAuthTokens ? app.keys.encrypt(token, PURPOSE) : token;
}

/**
 * A stored token in clear. With encryption on, a value that does not decrypt was stored before
 * encryption was switched on and is returned as it is.
 */
export async function openToken(app: AppContext, stored: unknown): Promise<string | undefined> {
  if (typeof stored !== "string" || stored === "") return undefined;
  if (!app.options.account?.encryptOAuthTokens) return stored;
  return (await app.keys.decrypt(stored, PURPOSE)) ?? stored;
}

/** The account columns for a set of tokens; absent values are left out so stored ones survive. */
export async function accountTokenFields(
  app: AppContext,
  tokens: OAuth2Tokens,
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {
    accessToken: await sealToken(app, tokens.accessToken),
    refreshToken: await sealToken(app, tokens.refreshToken),
    idToken: await sealToken(app, tokens.idToken),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scope: tokens.scopes && tokens.scopes.length > 0 ? tokens.scopes.join(",") : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
