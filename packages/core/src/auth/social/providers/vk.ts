import { createProvider } from "../create-provider";
import { fetchJSON, formEncode } from "../oauth2";
import type { ProviderContext, ProviderOptions, SocialProvider } from "../types";

/** VK ID interface languages (specification section 9). */
export const VK_LANG = {
  RUS: 0,
  UKR: 1,
  ENG: 3,
  SPA: 4,
  GERMAN: 6,
  POL: 15,
  FRA: 16,
  TURKEY: 82,
} as const;

export type VkLang = (typeof VK_LANG)[keyof typeof VK_LANG];

export interface VkProfile {
  user: {
    user_id: string;
    first_name?: string;
    last_name?: string;
    email?: string;
    phone?: string;
    avatar?: string;
    sex?: number;
    verified?: boolean;
  };
  [field: string]: unknown;
}

export interface VkOptions extends ProviderOptions<VkProfile> {
  /** The language of the VK ID pages, e.g. `VK_LANG.ENG`. */
  lang_id?: VkLang;
  scheme?: "light" | "dark";
}

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
