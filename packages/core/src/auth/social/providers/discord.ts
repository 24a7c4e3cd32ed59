import type { DiscordOptions, DiscordProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { DiscordOptions, DiscordProfile } from "../../../kernel/social/app-profiles";

/** The CDN image of the avatar, or Discord's default avatar for the account. */
export function discordAvatar(p: DiscordProfile): string {
  if (p.avatar) {
    const ext = p.avatar.startsWith("a_") ? "gif" : "png";
    return `https://cdn.discordapp.com/avatars/${p.id}/${p.avatar}.${ext}`;
  }
  const index =
    p.discriminator === "0" || !p.discriminator
      ? Number((BigInt(p.id) >> 22n) % 6n)
      : Number(p.discriminator) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

/** Discord: /users/@me; `verified` says whether the email is verified. */
export function discord(options: DiscordOptions, ctx: ProviderContext): SocialProvider {
  return createProvider<DiscordProfile>(
    {
      name: "Discord",
      endpoints: {
        authorization: "https://discord.com/api/oauth2/authorize",
        token: "https://discord.com/api/oauth2/token",
        userInfo: "https://discord.com/api/users/@me",
      },
      defaultScopes: ["identify", "email"],
      pkce: true,
      authorizationParams: () => ({ permissions: options.permissions }),
      fetchProfile: async ({ accessToken }) =>
        accessToken ? fetchJSON<DiscordProfile>("https://discord.com/api/users/@me", { accessToken }) : null,
      toUser: (p) => ({
        id: p.id,
        email: p.email,
        emailVerified: p.verified === true,
        name: p.global_name || p.username,
        image: discordAvatar(p),
      }),
    },
    options,
    ctx,
  );
}
