/** Social sign-in: provider definitions and their option types (the flows are internal). */
export type { AppleOptions, AppleProfile } from "./providers/apple";
export type { DiscordOptions, DiscordProfile } from "./providers/discord";
export type { DropboxOptions, DropboxProfile } from "./providers/dropbox";
export type { FacebookOptions, FacebookProfile } from "./providers/facebook";
export type { GenericOAuthOptions, GenericProfile } from "./providers/generic";
export type { GithubOptions, GithubProfile } from "./providers/github";
export type { GitlabOptions, GitlabProfile } from "./providers/gitlab";
export type { GoogleOptions, GoogleProfile } from "./providers/google";
export type { HuggingFaceOptions, HuggingFaceProfile } from "./providers/huggingface";
export {
  type AnyProviderOptions,
  BUILT_IN_PROVIDER_IDS,
  type BuiltInProviderId,
  type BuiltInProviderOptions,
  createSocialProvider,
  type SocialProvidersOptions,
} from "./providers/index";
export type { KickOptions, KickProfile } from "./providers/kick";
export type { LinkedInOptions, LinkedInProfile } from "./providers/linkedin";
export type { MicrosoftOptions, MicrosoftProfile } from "./providers/microsoft";
export type { RedditOptions, RedditProfile } from "./providers/reddit";
export type { RobloxOptions, RobloxProfile } from "./providers/roblox";
export type { SpotifyOptions, SpotifyProfile } from "./providers/spotify";
export type { TiktokOptions, TiktokProfile } from "./providers/tiktok";
export type { TwitchOptions, TwitchProfile } from "./providers/twitch";
export type { TwitterOptions, TwitterProfile } from "./providers/twitter";
export { VK_LANG, type VkLang, type VkOptions, type VkProfile } from "./providers/vk";
export type { ZoomOptions, ZoomProfile } from "./providers/zoom";
export type {
  MappedUser,
  OAuth2Tokens,
  OAuthUserInfo,
  ProviderContext,
  ProviderOptions,
  SocialProvider,
  UserInfoResult,
} from "./types";
