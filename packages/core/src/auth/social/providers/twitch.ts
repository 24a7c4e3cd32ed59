import type { TwitchOptions, TwitchProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { claimTrue, decodeIdToken } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { TwitchOptions, TwitchProfile } from "../../../kernel/social/oidc-profiles";

const CLAIMS = JSON.stringify({
  id_token: { email: null, email_verified: null, picture: null, preferred_username: null },
});

/** Twitch (OpenID Connect): the profile comes from id-token claims requested with `claims`. */
export function twitch(options: TwitchOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<TwitchProfile>(
    {
      name: "Twitch",
      endpoints: {
        authorization: "https://id.twitch.tv/oauth2/authorize",
        token: "https://id.twitch.tv/oauth2/token",
        userInfo: "https://id.twitch.tv/oauth2/userinfo",
      },
      defaultScopes: ["user:read:email", "openid"],
      pkce: false,
      authorizationParams: () => ({ claims: CLAIMS }),
      idToken: {
        jwksUrl: "https://id.twitch.tv/oauth2/keys",
        issuer: "https://id.twitch.tv/oauth2",
        audience: options.clientId,
      },
      fetchProfile: async ({ idToken }) => decodeIdToken<TwitchProfile>(idToken),
      toUser: (p) => ({
        id: p.sub,
        email: p.email ?? null,
        emailVerified: claimTrue(p.email_verified),
        name: p.preferred_username ?? "",
        image: p.picture ?? null,
      }),
    },
    options,
    ctx,
  );
}
