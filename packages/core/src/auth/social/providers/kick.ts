import type { KickOptions, KickProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { KickOptions, KickProfile, KickUser } from "../../../kernel/social/app-profiles";

const USER_INFO = "https://api.kick.com/public/v1/users";

/** Kick (OAuth 2.1, PKCE required): the signed-in user is the only entry of /public/v1/users. */
export function kick(options: KickOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<KickProfile>(
    {
      name: "Kick",
      endpoints: {
        authorization: "https://id.kick.com/oauth/authorize",
        token: "https://id.kick.com/oauth/token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["user:read"],
      pkce: true,
      async fetchProfile({ accessToken }) {
        if (!accessToken) return null;
        const profile = await fetchJSON<KickProfile>(USER_INFO, { accessToken });
        return profile.data?.[0] ? profile : null;
      },
      toUser: (p) => {
        const user = p.data[0]!;
        return {
          id: String(user.user_id),
          email: user.email ?? null,
          emailVerified: false,
          name: user.name,
          image: user.profile_picture ?? null,
        };
      },
    },
    options,
    ctx,
  );
}
