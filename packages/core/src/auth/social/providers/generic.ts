import { createProvider } from "../create-provider";
import { claimTrue, decodeIdToken, fetchJSON } from "../oauth2";
import type { ProviderContext, ProviderEndpoints, ProviderOptions, SocialProvider } from "../types";

/** Standard OpenID Connect claims (or a plain OAuth 2.0 user-info JSON with `id`). */
export interface GenericProfile {
  sub?: string;
  id?: string | number;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  picture?: string;
  avatar_url?: string;
  [claim: string]: unknown;
}

/**
 * Any other OAuth 2.0 / OpenID Connect provider, configured under its own id. Give either an OIDC
 * `discoveryUrl` (fetched once and cached) or explicit endpoint URLs; explicit URLs win.
 */
export interface GenericOAuthOptions extends ProviderOptions<GenericProfile> {
  /** Display name. Default: the id. */
  name?: string;
  /** `https://issuer/.well-known/openid-configuration`. */
  discoveryUrl?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  /** Enables id-token sign-in without discovery. */
  jwksUrl?: string;
  issuer?: string;
  /** Send a PKCE challenge. Default true. */
  pkce?: boolean;
  /** Client authentication at the token endpoint. Default "post". */
  authentication?: "post" | "basic";
  /** Extra authorization URL parameters. */
  authorizationParams?: Record<string, string>;
}

interface DiscoveryDocument {
  issuer?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  userinfo_endpoint?: string;
  jwks_uri?: string;
}

export function generic(options: GenericOAuthOptions, ctx: ProviderContext): SocialProvider {
  let discovery: Promise<DiscoveryDocument> | undefined;
  const discover = async (): Promise<DiscoveryDocument> => {
    if (!options.discoveryUrl) return {};
    discovery ??= fetchJSON<DiscoveryDocument>(options.discoveryUrl).catch((error: unknown) => {
      discovery = undefined; // retry on the next request
      throw error;
    });
    return discovery;
  };
  const endpoints = async (): Promise<ProviderEndpoints> => {
    const doc = await discover();
    const authorization = options.authorizationUrl ?? doc.authorization_endpoint;
    const token = options.tokenUrl ?? doc.token_endpoint;
    if (!authorization || !token) {
      throw new Error(
        `Social provider "${ctx.id}": set discoveryUrl, or authorizationUrl and tokenUrl, in socialProviders.${ctx.id}.`,
      );
    }
    return { authorization, token, userInfo: options.userInfoUrl ?? doc.userinfo_endpoint };
  };
  const canVerify = Boolean(options.jwksUrl || options.discoveryUrl);
  return createProvider<GenericProfile>(
    {
      name: options.name ?? ctx.id,
      endpoints,
      defaultScopes: options.discoveryUrl ? ["openid", "email", "profile"] : [],
      pkce: options.pkce ?? true,
      clientAuth: options.authentication,
      authorizationParams: () => ({ ...options.authorizationParams }),
      ...(canVerify
        ? {
            idToken: async () => {
              const doc = await discover();
              const jwksUrl = options.jwksUrl ?? doc.jwks_uri;
              if (!jwksUrl) throw new Error(`Social provider "${ctx.id}" has no JWKS URL`);
              return { jwksUrl, issuer: options.issuer ?? doc.issuer, audience: options.clientId };
            },
          }
        : {}),
      async fetchProfile({ idToken, accessToken }) {
        const claims = decodeIdToken<GenericProfile>(idToken);
        if (claims?.sub && claims.email) return claims;
        const { userInfo } = await endpoints();
        if (userInfo && accessToken)
          return { ...claims, ...(await fetchJSON<GenericProfile>(userInfo, { accessToken })) };
        return claims?.sub ? claims : null;
      },
      toUser: (p) => ({
        id: String(p.sub ?? p.id ?? ""),
        email: p.email ?? null,
        emailVerified: claimTrue(p.email_verified),
        name: p.name ?? p.preferred_username ?? p.nickname ?? "",
        image: p.picture ?? p.avatar_url ?? null,
      }),
    },
    options,
    ctx,
  );
}
