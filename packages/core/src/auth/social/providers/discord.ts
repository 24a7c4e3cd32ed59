import { createProvider } from "../create-provider";
import { fetchJSON } from "../oauth2";
import type { ProviderContext, ProviderOptions, SocialProvider } from "../types";

export interface DiscordProfile {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  email: string | null;
  verified: boolean;
  [field: string]: unknown;
}

export interface DiscordOptions extends ProviderOptions<DiscordProfile> {
  /** "none" skips the consent screen for returning users; default "consent" behaviour otherwise. */
  prompt?: "none" | "consent";
  /** Bot permissions (with the `bot` scope). */
  permissions?: number;
}

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
