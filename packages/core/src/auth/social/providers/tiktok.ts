import type { TiktokOptions, TiktokProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { TiktokOptions, TiktokProfile } from "../../../kernel/social/app-profiles";

const FIELDS = "open_id,union_id,avatar_large_url,avatar_url,display_name,username";
const USER_INFO = `https://open.tiktokapis.com/v2/user/info/?fields=${FIELDS}`;

/**
 * TikTok Login Kit: `client_key` instead of client_id, comma-separated scopes. TikTok shares no
 * email address: map one with `mapProfileToUser`, or sign-in ends with email_not_found.
 */
export function tiktok(options: TiktokOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<TiktokProfile>(
    {
      name: "TikTok",
      endpoints: {
        authorization: "https://www.tiktok.com/v2/auth/authorize/",
        token: "https://open.tiktokapis.com/v2/oauth/token/",
        userInfo: USER_INFO,
      },
      defaultScopes: ["user.info.profile"],
      pkce: false,
      scopeSeparator: ",",
      clientIdParam: "client_key",
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<TiktokProfile>(USER_INFO, { accessToken }) : null,
      toUser: ({ data: { user } }) => ({
        id: user.open_id,
        email: null,
        emailVerified: false,
        name: user.display_name ?? user.username ?? "",
        image: user.avatar_large_url ?? user.avatar_url ?? null,
      }),
    },
    { ...options, clientId: options.clientKey ?? options.clientId },
    ctx,
  );
}
