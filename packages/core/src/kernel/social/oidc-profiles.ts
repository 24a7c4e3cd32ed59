/** Profiles and options of the OpenID-style social providers (claims or a simple profile document). */
import type { ProviderOptions } from "./provider-options";

/** The claims of an Apple id token. */
export interface AppleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean | "true" | "false";
  is_private_email?: boolean | "true" | "false";
  /** Built by Gatehouse from the `user` parameter Apple sends on the first sign-in only. */
  name?: string;
  [claim: string]: unknown;
}

export interface AppleOptions extends ProviderOptions<AppleProfile> {
  /**
   * The client secret is a JWT you sign with your Sign in with Apple key (ES256, at most six months
   * valid); see docs/social/apple.md.
   */
  clientSecret: string;
  /** The iOS/macOS app's bundle id: id tokens from native sign-in carry it as audience. */
  appBundleIdentifier?: string;
  /** Further accepted audiences. */
  audience?: string | string[];
}

/** Standard OpenID Connect claims (or a plain OAuth 2.0 user-info JSON with `id`). */
export interface GenericProfile {
  sub?: string;
  id?: string | number;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  picture?: string;
  avatar_url?: string;
  [claim: string]: unknown;
}

/**
 * Any other OAuth 2.0 / OpenID Connect provider, configured under its own id. Give either an OIDC
 * `discoveryUrl` (fetched once and cached) or explicit endpoint URLs; explicit URLs win.
 */
export interface GenericOAuthOptions extends ProviderOptions<GenericProfile> {
  /** Display name. Default: the id. */
  name?: string;
  /** `https://issuer/.well-known/openid-configuration`. */
  discoveryUrl?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  /** Enables id-token sign-in without discovery. */
  jwksUrl?: string;
  issuer?: string;
  /** Send a PKCE challenge. Default true. */
  pkce?: boolean;
  /** Client authentication at the token endpoint. Default "post". */
  authentication?: "post" | "basic";
  /** Extra authorization URL parameters. */
  authorizationParams?: Record<string, string>;
}

/** The claims of a Google id token (and of its OpenID user-info endpoint). */
export interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  hd?: string;
  [claim: string]: unknown;
}

export interface GoogleOptions extends ProviderOptions<GoogleProfile> {
  /** "offline" asks for a refresh token. */
  accessType?: "offline" | "online";
  /** Restrict the account chooser to a Google Workspace domain. */
  hd?: string;
  display?: "page" | "popup" | "touch" | "wap";
}

export interface HuggingFaceProfile {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

export type HuggingFaceOptions = ProviderOptions<HuggingFaceProfile>;

/** LinkedIn's OpenID Connect user-info claims ("Sign In with LinkedIn using OpenID Connect"). */
export interface LinkedInProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean | string;
  [claim: string]: unknown;
}

export type LinkedInOptions = ProviderOptions<LinkedInProfile>;

/** The claims of a Microsoft identity platform (Entra ID) v2.0 id token. */
export interface MicrosoftProfile {
  sub: string;
  oid?: string;
  tid?: string;
  email?: string;
  email_verified?: boolean;
  verified_primary_email?: string[];
  verified_secondary_email?: string[];
  preferred_username?: string;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

export interface MicrosoftOptions extends ProviderOptions<MicrosoftProfile> {
  /** "common" (default), "organizations", "consumers" or a tenant id. */
  tenantId?: string;
  /** Authority host, default https://login.microsoftonline.com (sovereign clouds differ). */
  authority?: string;
}

export interface RobloxProfile {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  picture?: string;
  profile?: string;
  created_at?: number;
  [claim: string]: unknown;
}

export type RobloxOptions = ProviderOptions<RobloxProfile>;

/** The claims Gatehouse asks Twitch to put in the id token. */
export interface TwitchProfile {
  sub: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

export type TwitchOptions = ProviderOptions<TwitchProfile>;
