import type { GoogleOptions, GoogleProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { claimTrue, decodeIdToken, fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { GoogleOptions, GoogleProfile } from "../../../kernel/social/oidc-profiles";

const USER_INFO = "https://openidconnect.googleapis.com/v1/userinfo";

/** Google (OpenID Connect): profile from the id token, PKCE, id-token sign-in. */
export function google(options: GoogleOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<GoogleProfile>(
    {
      name: "Google",
      endpoints: {
        authorization: "https://accounts.google.com/o/oauth2/v2/auth",
        token: "https://oauth2.googleapis.com/token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["email", "profile", "openid"],
      pkce: true,
      authorizationParams: () => ({
        include_granted_scopes: "true",
        access_type: options.accessType,
        hd: options.hd,
        display: options.display,
      }),
      idToken: {
        jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
        issuer: ["https://accounts.google.com", "accounts.google.com"],
        audience: options.clientId,
      },
      async fetchProfile(tokens) {
        const claims = decodeIdToken<GoogleProfile>(tokens.idToken);
        if (claims?.sub) return claims;
        return tokens.accessToken
          ? fetchJSON<GoogleProfile>(USER_INFO, { accessToken: tokens.accessToken })
          : null;
      },
      toUser: (p) => ({
        id: p.sub,
        email: p.email ?? null,
        emailVerified: claimTrue(p.email_verified),
        name: p.name ?? "",
        image: p.picture ?? null,
      }),
    },
    options,
    ctx,
  );
}
