import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, ProviderOptions, SocialProvider } from "../types";

export interface ZoomProfile {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  email: string;
  pic_url?: string;
  /** 1 when Zoom verified the user. */
  verified?: number;
  [field: string]: unknown;
}

export interface ZoomOptions extends ProviderOptions<ZoomProfile> {
  /** Send a PKCE challenge. Default true. */
  pkce?: boolean;
}

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
