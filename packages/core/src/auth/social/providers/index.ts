import type { AnyProviderOptions, BuiltInProviderId } from "../../../kernel/social/providers";
import type { ProviderContext, SocialProvider } from "../types";
import { apple } from "./apple";
import { discord } from "./discord";
import { dropbox } from "./dropbox";
import { facebook } from "./facebook";
import { generic } from "./generic";
import { github } from "./github";
import { gitlab } from "./gitlab";
import { google } from "./google";
import { huggingface } from "./huggingface";
import { kick } from "./kick";
import { linkedin } from "./linkedin";
import { microsoft } from "./microsoft";
import { reddit } from "./reddit";
import { roblox } from "./roblox";
import { spotify } from "./spotify";
import { tiktok } from "./tiktok";
import { twitch } from "./twitch";
import { twitter } from "./twitter";
import { vk } from "./vk";
import { zoom } from "./zoom";

export type {
  AnyProviderOptions,
  BuiltInProviderId,
  BuiltInProviderOptions,
  SocialProvidersOptions,
} from "../../../kernel/social/providers";

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
