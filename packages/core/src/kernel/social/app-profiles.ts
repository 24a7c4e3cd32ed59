/** Profiles and options of the social providers with app-style APIs. */
import type { ProviderOptions } from "./provider-options";

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

export interface DropboxProfile {
  account_id: string;
  name: { display_name: string; given_name?: string; surname?: string };
  email: string;
  email_verified: boolean;
  profile_photo_url?: string;
  [field: string]: unknown;
}

export interface DropboxOptions extends ProviderOptions<DropboxProfile> {
  /** "offline" asks for a refresh token. */
  accessType?: "offline" | "online" | "legacy";
}

export interface FacebookProfile {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } } | string;
  [field: string]: unknown;
}

export interface FacebookOptions extends ProviderOptions<FacebookProfile> {
  /** Graph API fields read from /me. Default id, name, email, picture. */
  fields?: string[];
  /** Graph API version. Default "v21.0". */
  version?: string;
}

export interface GithubProfile {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
  /** Added by Gatehouse from /user/emails: whether `email` is verified. */
  email_verified?: boolean;
  [field: string]: unknown;
}

export type GithubOptions = ProviderOptions<GithubProfile>;

export interface GitlabProfile {
  id: number;
  username: string;
  name: string;
  email?: string;
  avatar_url?: string;
  state?: string;
  /** Set once the user confirmed their primary email. */
  confirmed_at?: string | null;
  [field: string]: unknown;
}

export interface GitlabOptions extends ProviderOptions<GitlabProfile> {
  /** Self-managed GitLab: its URL. Default https://gitlab.com. */
  issuer?: string;
}

export interface KickUser {
  user_id: number;
  name: string;
  email?: string;
  profile_picture?: string;
}

export interface KickProfile {
  data: KickUser[];
  [field: string]: unknown;
}

export type KickOptions = ProviderOptions<KickProfile>;

export interface RedditProfile {
  id: string;
  name: string;
  icon_img?: string;
  has_verified_email?: boolean;
  [field: string]: unknown;
}

export interface RedditOptions extends ProviderOptions<RedditProfile> {
  /** "permanent" asks for a refresh token. Default "permanent". */
  duration?: "permanent" | "temporary";
}

export interface SpotifyProfile {
  id: string;
  display_name: string | null;
  email?: string;
  images?: { url: string }[];
  [field: string]: unknown;
}

export type SpotifyOptions = ProviderOptions<SpotifyProfile>;

export interface TiktokProfile {
  data: {
    user: {
      open_id: string;
      union_id?: string;
      display_name?: string;
      username?: string;
      avatar_large_url?: string;
      avatar_url?: string;
    };
  };
  [field: string]: unknown;
}

export interface TiktokOptions extends ProviderOptions<TiktokProfile> {
  /** TikTok calls the client id the "client key"; `clientKey` wins over `clientId` when both are set. */
  clientKey?: string;
}

export interface TwitterProfile {
  data: {
    id: string;
    name: string;
    username: string;
    profile_image_url?: string;
    /** Present with the users.email scope. */
    confirmed_email?: string;
  };
  [field: string]: unknown;
}

export type TwitterOptions = ProviderOptions<TwitterProfile>;

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
