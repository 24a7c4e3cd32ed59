import type { RedditOptions, RedditProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { RedditOptions, RedditProfile } from "../../../kernel/social/app-profiles";

const USER_INFO = "https://oauth.reddit.com/api/v1/me";

/**
 * Reddit: Basic client authentication, no PKCE. Reddit shares no email address: map one with
 * `mapProfileToUser`, or sign-in ends with email_not_found.
 */
export function reddit(options: RedditOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<RedditProfile>(
    {
      name: "Reddit",
      endpoints: {
        authorization: "https://www.reddit.com/api/v1/authorize",
        token: "https://www.reddit.com/api/v1/access_token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["identity"],
      pkce: false,
      clientAuth: "basic",
      authorizationParams: () => ({ duration: options.duration ?? "permanent" }),
      // Reddit refuses API calls without a descriptive user agent.
      tokenHeaders: { "user-agent": "gatehouse" },
      fetchProfile: async ({ accessToken }) =>
        accessToken
          ? fetchJSON<RedditProfile>(USER_INFO, { accessToken, headers: { "user-agent": "gatehouse" } })
          : null,
      toUser: (p) => ({
        id: p.id,
        email: null,
        emailVerified: p.has_verified_email === true,
        name: p.name,
        image: p.icon_img ? (p.icon_img.split("?")[0] ?? null) : null,
      }),
    },
    options,
    ctx,
  );
}
