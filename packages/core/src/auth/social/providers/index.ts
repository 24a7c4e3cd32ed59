import type { ProviderContext, SocialProvider } from "../types";
import { type AppleOptions, apple } from "./apple";
import { type DiscordOptions, discord } from "./discord";
import { type DropboxOptions, dropbox } from "./dropbox";
import { type FacebookOptions, facebook } from "./facebook";
import { type GenericOAuthOptions, generic } from "./generic";
import { type GithubOptions, github } from "./github";
import { type GitlabOptions, gitlab } from "./gitlab";
import { type GoogleOptions, google } from "./google";
import { type HuggingFaceOptions, huggingface } from "./huggingface";
import { type KickOptions, kick } from "./kick";
import { type LinkedInOptions, linkedin } from "./linkedin";
import { type MicrosoftOptions, microsoft } from "./microsoft";
import { type RedditOptions, reddit } from "./reddit";
import { type RobloxOptions, roblox } from "./roblox";
import { type SpotifyOptions, spotify } from "./spotify";
import { type TiktokOptions, tiktok } from "./tiktok";
import { type TwitchOptions, twitch } from "./twitch";
import { type TwitterOptions, twitter } from "./twitter";
import { type VkOptions, vk } from "./vk";
import { type ZoomOptions, zoom } from "./zoom";

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

type Factory = (options: AnyProviderOptions, ctx: ProviderContext) => SocialProvider;
const factory =
  <O extends AnyProviderOptions>(create: (options: O, ctx: ProviderContext) => SocialProvider): Factory =>
  (options, ctx) =>
    create(options as O, ctx);

const BUILT_IN: Readonly<Record<BuiltInProviderId, Factory>> = {
  apple: factory(apple),
  discord: factory(discord),
  facebook: factory(facebook),
  github: factory(github),
  microsoft: factory(microsoft),
  google: factory(google),
  huggingface: factory(huggingface),
  spotify: factory(spotify),
  twitch: factory(twitch),
  twitter: factory(twitter),
  dropbox: factory(dropbox),
  kick: factory(kick),
  linkedin: factory(linkedin),
  gitlab: factory(gitlab),
  tiktok: factory(tiktok),
  reddit: factory(reddit),
  roblox: factory(roblox),
  vk: factory(vk),
  zoom: factory(zoom),
};

export const BUILT_IN_PROVIDER_IDS = Object.keys(BUILT_IN) as BuiltInProviderId[];

const isBuiltIn = (id: string): id is BuiltInProviderId => Object.hasOwn(BUILT_IN, id);

/** Builds the provider configured under `id`: the built-in one of that name, else a generic one. */
export function createSocialProvider(
  id: string,
  options: AnyProviderOptions,
  ctx: Omit<ProviderContext, "id">,
): SocialProvider {
  const create = isBuiltIn(id) ? BUILT_IN[id] : factory(generic);
  return create(options, { ...ctx, id });
}
