import type { TwitterOptions, TwitterProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { TwitterOptions, TwitterProfile } from "../../../kernel/social/app-profiles";

const USER_INFO = "https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email";

/** X (Twitter) OAuth 2.0: PKCE required, Basic client authentication, confirmed email via users.email. */
export function twitter(options: TwitterOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<TwitterProfile>(
    {
      name: "X",
      endpoints: {
        authorization: "https://x.com/i/oauth2/authorize",
        token: "https://api.x.com/2/oauth2/token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["users.read", "tweet.read", "offline.access", "users.email"],
      pkce: true,
      clientAuth: "basic",
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<TwitterProfile>(USER_INFO, { accessToken }) : null,
      toUser: ({ data }) => ({
        id: data.id,
        email: data.confirmed_email ?? null,
        // X only returns an address it has confirmed.
        emailVerified: Boolean(data.confirmed_email),
        name: data.name,
        image: data.profile_image_url ?? null,
      }),
    },
    options,
    ctx,
  );
}
