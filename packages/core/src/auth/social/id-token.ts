import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { ProviderContext } from "./types";

/** How a provider's id tokens are checked. */
export interface IdTokenConfig {
  /** The provider's JWKS document (signing keys). */
  readonly jwksUrl: string;
  /** Accepted `iss` values. */
  readonly issuer?: string | readonly string[];
  /** A custom issuer rule instead of `issuer` (Microsoft's multi-tenant issuers). */
  readonly checkIssuer?: (payload: JWTPayload) => boolean;
  /** Accepted `aud` values (the client id, and for Apple the app bundle ids). */
  readonly audience: string | readonly string[];
  /** Default: the asymmetric algorithms jose supports. */
  readonly algorithms?: readonly string[];
  readonly maxTokenAge?: string | number;
}

export type IdTokenVerifier = (token: string, nonce?: string) => Promise<boolean>;

/**
 * Builds a provider's id-token verifier: signature against the provider's JWKS, audience, issuer,
 * expiry (against the app clock) and, when the caller gives one, the nonce. The remote key set is
 * created once per provider and reused (jose caches the keys and refetches on an unknown `kid`).
 * `config` may be lazy (the generic provider learns its JWKS URL from the discovery document).
 */
export function createIdTokenVerifier(
  config: IdTokenConfig | (() => Promise<IdTokenConfig>),
  ctx: ProviderContext,
): IdTokenVerifier {
  let keys: { url: string; get: JWTVerifyGetKey } | undefined;
  return async (token, nonce) => {
    try {
      const c = typeof config === "function" ? await config() : config;
      if (!keys || keys.url !== c.jwksUrl)
        keys = { url: c.jwksUrl, get: createRemoteJWKSet(new URL(c.jwksUrl)) };
      const { payload } = await jwtVerify(token, keys.get, {
        audience: typeof c.audience === "string" ? c.audience : [...c.audience],
        ...(c.checkIssuer || !c.issuer
          ? {}
          : { issuer: typeof c.issuer === "string" ? c.issuer : [...c.issuer] }),
        ...(c.algorithms ? { algorithms: [...c.algorithms] } : {}),
        ...(c.maxTokenAge !== undefined ? { maxTokenAge: c.maxTokenAge } : {}),
        currentDate: ctx.now(),
      });
      if (c.checkIssuer && !c.checkIssuer(payload)) return false;
      if (nonce !== undefined && nonce !== "" && payload.nonce !== nonce) return false;
      return true;
    } catch (error) {
      ctx.logger.warn(`The ${ctx.id} id token did not verify`, error);
      return false;
    }
  };
}
