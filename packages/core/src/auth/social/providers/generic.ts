import type { GenericOAuthOptions, GenericProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { claimTrue, decodeIdToken, fetchJSON } from "../oauth2";
import type { ProviderContext, ProviderEndpoints, SocialProvider } from "../types";

export type { GenericOAuthOptions, GenericProfile } from "../../../kernel/social/oidc-profiles";

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
