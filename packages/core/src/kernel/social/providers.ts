/** The `socialProviders` option: built-in providers by id, any other id as a generic provider. */
import type {
  DiscordOptions,
  DropboxOptions,
  FacebookOptions,
  GithubOptions,
  GitlabOptions,
  KickOptions,
  RedditOptions,
  SpotifyOptions,
  TiktokOptions,
  TwitterOptions,
  VkOptions,
  ZoomOptions,
} from "./app-profiles";
import type {
  AppleOptions,
  GenericOAuthOptions,
  GoogleOptions,
  HuggingFaceOptions,
  LinkedInOptions,
  MicrosoftOptions,
  RobloxOptions,
  TwitchOptions,
} from "./oidc-profiles";

/** Options of each built-in provider, by id (specification section 3). */
export interface BuiltInProviderOptions {
  apple: AppleOptions;
  discord: DiscordOptions;
  facebook: FacebookOptions;
  github: GithubOptions;
  microsoft: MicrosoftOptions;
  google: GoogleOptions;
  huggingface: HuggingFaceOptions;
  spotify: SpotifyOptions;
  twitch: TwitchOptions;
  twitter: TwitterOptions;
  dropbox: DropboxOptions;
  kick: KickOptions;
  linkedin: LinkedInOptions;
  gitlab: GitlabOptions;
  tiktok: TiktokOptions;
  reddit: RedditOptions;
  roblox: RobloxOptions;
  vk: VkOptions;
  zoom: ZoomOptions;
}

export type BuiltInProviderId = keyof BuiltInProviderOptions;

export type AnyProviderOptions = BuiltInProviderOptions[BuiltInProviderId] | GenericOAuthOptions;

/**
 * `socialProviders`: built-in providers under their ids, and any other id as a generic OAuth 2.0 /
 * OpenID Connect provider.
 */
export type SocialProvidersOptions = { [K in BuiltInProviderId]?: BuiltInProviderOptions[K] } & {
  [id: string]: AnyProviderOptions | undefined;
};
