import { AUTH_ERRORS } from "../../kernel/errors";
import type { RequestContext } from "../../kernel/request-context";
import type { IdTokenBody } from "./schemas";
import type { OAuth2Tokens, OAuthUserInfo, SocialProvider } from "./types";

const toDate = (at: number) => new Date(at < 1e11 ? at * 1000 : at);

/** The tokens an id-token sign-in hands over, as stored on the account. */
export function idTokenTokens(body: IdTokenBody): OAuth2Tokens {
  return {
    idToken: body.token,
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    accessTokenExpiresAt: body.expiresAt === undefined ? undefined : toDate(body.expiresAt),
    scopes: body.scopes,
  };
}

/**
 * Verifies an id token with the provider (signature, audience, issuer, expiry, nonce) and reads the
 * user from it. 404 "id_token not supported" when the provider cannot verify; 401 "invalid token";
 * 401 "Failed to get user info"; 401 "User email not found" (spec sections 5 and 8).
 */
export async function userFromIdToken(
  rc: RequestContext,
  provider: SocialProvider,
  body: IdTokenBody,
): Promise<OAuthUserInfo & { email: string }> {
  if (!provider.verifyIdToken) throw AUTH_ERRORS.ID_TOKEN_NOT_SUPPORTED();
  if (!(await provider.verifyIdToken(body.token, body.nonce))) throw AUTH_ERRORS.INVALID_TOKEN.idToken();
  const info = await provider
    .getUserInfo({ ...idTokenTokens(body), user: body.user })
    .catch((error: unknown) => {
      rc.app.logger.error(`Failed to get user info from ${provider.id}`, error);
      return null;
    });
  if (!info) throw AUTH_ERRORS.FAILED_TO_GET_USER_INFO();
  const { email } = info.user;
  if (!email) throw AUTH_ERRORS.USER_EMAIL_NOT_FOUND();
  return { ...info.user, email };
}
