import type { VkOptions, VkProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON, formEncode } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export { VK_LANG, type VkLang, type VkOptions, type VkProfile } from "../../../kernel/social/app-profiles";

const USER_INFO = "https://id.vk.com/oauth2/user_info";

/**
 * VK ID (OAuth 2.1): PKCE required; the callback carries `device_id`, which the token request
 * must send back together with the state.
 */
export function vk(options: VkOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<VkProfile>(
    {
      name: "VK",
      endpoints: {
        authorization: "https://id.vk.com/authorize",
        token: "https://id.vk.com/oauth2/auth",
        userInfo: USER_INFO,
      },
      defaultScopes: ["email", "phone"],
      pkce: true,
      authorizationParams: () => ({ lang_id: options.lang_id, scheme: options.scheme }),
      tokenParams: (input) => ({ device_id: input.deviceId, state: input.state }),
      fetchProfile: async ({ accessToken }) =>
        accessToken
          ? fetchJSON<VkProfile>(USER_INFO, {
              method: "POST",
              body: formEncode({ access_token: accessToken, client_id: options.clientId }),
              headers: { "content-type": "application/x-www-form-urlencoded" },
            })
          : null,
      toUser: ({ user }) => ({
        id: String(user.user_id),
        email: user.email ?? null,
        emailVerified: false,
        name: [user.first_name, user.last_name].filter(Boolean).join(" "),
        image: user.avatar ?? null,
      }),
    },
    options,
    ctx,
  );
}
