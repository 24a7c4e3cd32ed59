import type { DropboxOptions, DropboxProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { DropboxOptions, DropboxProfile } from "../../../kernel/social/app-profiles";

const USER_INFO = "https://api.dropboxapi.com/2/users/get_current_account";

/** Dropbox: get_current_account is a POST without a body. */
export function dropbox(options: DropboxOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<DropboxProfile>(
    {
      name: "Dropbox",
      endpoints: {
        authorization: "https://www.dropbox.com/oauth2/authorize",
        token: "https://api.dropboxapi.com/oauth2/token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["account_info.read"],
      pkce: true,
      authorizationParams: () => ({ token_access_type: options.accessType }),
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<DropboxProfile>(USER_INFO, { accessToken, method: "POST" }) : null,
      toUser: (p) => ({
        id: p.account_id,
        email: p.email,
        emailVerified: p.email_verified === true,
        name: p.name.display_name,
        image: p.profile_photo_url ?? null,
      }),
    },
    options,
    ctx,
  );
}
