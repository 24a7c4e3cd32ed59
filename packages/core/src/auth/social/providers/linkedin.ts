import type { LinkedInOptions, LinkedInProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { claimTrue, fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { LinkedInOptions, LinkedInProfile } from "../../../kernel/social/oidc-profiles";

const USER_INFO = "https://api.linkedin.com/v2/userinfo";

/** LinkedIn (OpenID Connect; no PKCE for web apps). */
export function linkedin(options: LinkedInOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<LinkedInProfile>(
    {
      name: "LinkedIn",
      endpoints: {
        authorization: "https://www.linkedin.com/oauth/v2/authorization",
        token: "https://www.linkedin.com/oauth/v2/accessToken",
        userInfo: USER_INFO,
      },
      defaultScopes: ["profile", "email", "openid"],
      pkce: false,
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<LinkedInProfile>(USER_INFO, { accessToken }) : null,
      toUser: (p) => ({
        id: p.sub,
        email: p.email ?? null,
        emailVerified: claimTrue(p.email_verified),
        name: p.name ?? [p.given_name, p.family_name].filter(Boolean).join(" "),
        image: p.picture ?? null,
      }),
    },
    options,
    ctx,
  );
}
