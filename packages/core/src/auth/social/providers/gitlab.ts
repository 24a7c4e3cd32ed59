import type { GitlabOptions, GitlabProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { GitlabOptions, GitlabProfile } from "../../../kernel/social/app-profiles";

/** GitLab (gitlab.com or self-managed): /api/v4/user. */
export function gitlab(options: GitlabOptions, ctx: ProviderContext): SocialProvider {
  const issuer = (options.issuer ?? "https://gitlab.com").replace(/\/+$/, "");
  const userInfo = `${issuer}/api/v4/user`;
  return createProvider<GitlabProfile>(
    {
      name: "GitLab",
      endpoints: {
        authorization: `${issuer}/oauth/authorize`,
        token: `${issuer}/oauth/token`,
        userInfo,
      },
      defaultScopes: ["read_user"],
      pkce: true,
      async fetchProfile({ accessToken }) {
        if (!accessToken) return null;
        const profile = await fetchJSON<GitlabProfile>(userInfo, { accessToken });
        return profile.state && profile.state !== "active" ? null : profile;
      },
      toUser: (p) => ({
        id: String(p.id),
        email: p.email ?? null,
        emailVerified: Boolean(p.confirmed_at),
        name: p.name || p.username,
        image: p.avatar_url ?? null,
      }),
    },
    options,
    ctx,
  );
}
