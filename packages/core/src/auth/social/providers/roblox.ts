import type { RobloxOptions, RobloxProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { RobloxOptions, RobloxProfile } from "../../../kernel/social/oidc-profiles";

const USER_INFO = "https://apis.roblox.com/oauth/v1/userinfo";

/**
 * Roblox (OpenID Connect). Roblox shares no email address: map one with `mapProfileToUser`, or
 * sign-in ends with email_not_found.
 */
export function roblox(options: RobloxOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<RobloxProfile>(
    {
      name: "Roblox",
      endpoints: {
        authorization: "https://apis.roblox.com/oauth/v1/authorize",
        token: "https://apis.roblox.com/oauth/v1/token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["openid", "profile"],
      pkce: true,
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<RobloxProfile>(USER_INFO, { accessToken }) : null,
      toUser: (p) => ({
        id: p.sub,
        email: null,
        emailVerified: false,
        name: p.nickname || p.name || p.preferred_username || "",
        image: p.picture ?? null,
      }),
    },
    options,
    ctx,
  );
}
