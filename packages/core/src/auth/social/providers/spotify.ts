import type { SpotifyOptions, SpotifyProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { SpotifyOptions, SpotifyProfile } from "../../../kernel/social/app-profiles";

const USER_INFO = "https://api.spotify.com/v1/me";

/** Spotify: /v1/me. Spotify does not say whether the email is verified. */
export function spotify(options: SpotifyOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<SpotifyProfile>(
    {
      name: "Spotify",
      endpoints: {
        authorization: "https://accounts.spotify.com/authorize",
        token: "https://accounts.spotify.com/api/token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["user-read-email"],
      pkce: true,
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<SpotifyProfile>(USER_INFO, { accessToken }) : null,
      toUser: (p) => ({
        id: p.id,
        email: p.email ?? null,
        emailVerified: false,
        name: p.display_name ?? "",
        image: p.images?.[0]?.url ?? null,
      }),
    },
    options,
    ctx,
  );
}
