import type {
  OAuth2Tokens,
  ProviderOptions,
  UserInfoInput,
  UserInfoResult,
} from "../../kernel/social/provider-options";
import type { Logger } from "../../logger/logger";

export type {
  AppleUserParam,
  MappedUser,
  OAuth2Tokens,
  OAuthUserInfo,
  ProviderOptions,
  UserInfoInput,
  UserInfoResult,
} from "../../kernel/social/provider-options";

export interface AuthorizationURLInput {
  state: string;
  codeVerifier: string;
  /** Scopes asked for by this request, added to the configured ones. */
  scopes?: string[];
  loginHint?: string;
}

export interface CodeExchangeInput {
  code: string;
  codeVerifier: string;
  /** VK ID sends it back with the code; it is needed for the token request. */
  deviceId?: string;
  state?: string;
}

export interface ProviderEndpoints {
  authorization: string;
  token: string;
  userInfo?: string;
}

/** A configured provider, built once per app from its definition and the user's options. */
export interface SocialProvider {
  readonly id: string;
  readonly name: string;
  /** Whether the authorization request carries a PKCE S256 challenge. */
  readonly pkce: boolean;
  readonly defaultScopes: readonly string[];
  /** The redirect URI registered with the provider: `${baseURL}/callback/<id>` by default. */
  readonly redirectURI: string;
  readonly options: ProviderOptions<never>;
  endpoints(): Promise<ProviderEndpoints>;
  createAuthorizationURL(input: AuthorizationURLInput): Promise<URL>;
  validateAuthorizationCode(input: CodeExchangeInput): Promise<OAuth2Tokens>;
  refreshAccessToken?: (refreshToken: string) => Promise<OAuth2Tokens>;
  getUserInfo(tokens: UserInfoInput): Promise<UserInfoResult | null>;
  /** Present only when the provider can verify id tokens (and id-token sign-in is not disabled). */
  verifyIdToken?: (token: string, nonce?: string) => Promise<boolean>;
}

/** What a provider factory receives besides the user's options. */
export interface ProviderContext {
  /** The key under `socialProviders` (the path segment of `/callback/<id>`). */
  readonly id: string;
  readonly baseURL: string;
  readonly logger: Logger;
  now(): Date;
}
