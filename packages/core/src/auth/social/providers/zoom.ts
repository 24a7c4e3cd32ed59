import type { ZoomOptions, ZoomProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { ZoomOptions, ZoomProfile } from "../../../kernel/social/app-profiles";

const USER_INFO = "https://api.zoom.us/v2/users/me";

/** Zoom: Basic client authentication; the scopes are those granted to the app in the Marketplace. */
export function zoom(options: ZoomOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<ZoomProfile>(
    {
      name: "Zoom",
      endpoints: {
        authorization: "https://zoom.us/oauth/authorize",
        token: "https://zoom.us/oauth/token",
        userInfo: USER_INFO,
      },
      defaultScopes: [],
      pkce: options.pkce ?? true,
      clientAuth: "basic",
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<ZoomProfile>(USER_INFO, { accessToken }) : null,
      toUser: (p) => ({
        id: p.id,
        email: p.email,
        emailVerified: p.verified === 1,
        name: p.display_name || [p.first_name, p.last_name].filter(Boolean).join(" "),
        image: p.pic_url ?? null,
      }),
    },
    options,
    ctx,
  );
}
