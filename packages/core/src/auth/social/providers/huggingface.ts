import type { HuggingFaceOptions, HuggingFaceProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { claimTrue, fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { HuggingFaceOptions, HuggingFaceProfile } from "../../../kernel/social/oidc-profiles";

const USER_INFO = "https://huggingface.co/oauth/userinfo";

/** Hugging Face (OpenID Connect user-info endpoint). */
export function huggingface(options: HuggingFaceOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<HuggingFaceProfile>(
    {
      name: "Hugging Face",
      endpoints: {
        authorization: "https://huggingface.co/oauth/authorize",
        token: "https://huggingface.co/oauth/token",
        userInfo: USER_INFO,
      },
      defaultScopes: ["openid", "profile", "email"],
      pkce: true,
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<HuggingFaceProfile>(USER_INFO, { accessToken }) : null,
      toUser: (p) => ({
        id: p.sub,
        email: p.email ?? null,
        emailVerified: claimTrue(p.email_verified),
        name: p.name || p.preferred_username || "",
        image: p.picture ?? null,
      }),
    },
    options,
    ctx,
  );
}
