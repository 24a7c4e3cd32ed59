import type { GithubOptions, GithubProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { GithubOptions, GithubProfile } from "../../../kernel/social/app-profiles";

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

const API = "https://api.github.com";
const HEADERS = { "user-agent": "gatehouse", accept: "application/vnd.github+json" };

/**
 * GitHub: the profile plus /user/emails, which gives the primary email when the profile hides it
 * and whether that email is verified.
 */
export function github(options: GithubOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<GithubProfile>(
    {
      name: "GitHub",
      endpoints: {
        authorization: "https://github.com/login/oauth/authorize",
        token: "https://github.com/login/oauth/access_token",
        userInfo: `${API}/user`,
      },
      defaultScopes: ["read:user", "user:email"],
      pkce: true,
      async fetchProfile({ accessToken }) {
        if (!accessToken) return null;
        const profile = await fetchJSON<GithubProfile>(`${API}/user`, { accessToken, headers: HEADERS });
        const emails = await fetchJSON<GithubEmail[]>(`${API}/user/emails`, { accessToken, headers: HEADERS })
          .then((list) => (Array.isArray(list) ? list : []))
          .catch(() => []);
        const email = profile.email ?? emails.find((e) => e.primary)?.email ?? emails[0]?.email ?? null;
        const verified = emails.find((e) => e.email === email)?.verified ?? false;
        return { ...profile, email, email_verified: verified };
      },
      toUser: (p) => ({
        id: String(p.id),
        email: p.email,
        emailVerified: p.email_verified ?? false,
        name: p.name || p.login,
        image: p.avatar_url,
      }),
    },
    options,
    ctx,
  );
}
