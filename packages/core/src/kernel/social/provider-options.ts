/** The options every social provider accepts, and the token and user shapes they name. */

type Awaitable<T> = T | Promise<T>;

/** Tokens from a provider's token endpoint (or handed in with an id-token sign-in). */
export interface OAuth2Tokens {
  tokenType?: string;
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  accessTokenExpiresAt?: Date;
  refreshTokenExpiresAt?: Date;
  scopes?: string[];
  /** The provider's raw token response. */
  raw?: Record<string, unknown>;
}

/** The `user` parameter Apple posts on the first sign-in (the only time it sends the name). */
export interface AppleUserParam {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

export type UserInfoInput = OAuth2Tokens & { user?: AppleUserParam };

/** A provider profile mapped to the user fields Gatehouse needs. */
export interface OAuthUserInfo {
  /** The provider-side account id. */
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  /** Extra user fields from `mapProfileToUser`. */
  [field: string]: unknown;
}

export interface UserInfoResult<P = unknown> {
  user: OAuthUserInfo;
  /** The provider's raw profile. */
  data: P;
}

/** What `mapProfileToUser` may return: overrides of the mapped fields plus extra user fields. */
export type MappedUser = Partial<Omit<OAuthUserInfo, "id">> & { id?: string | number } & Record<
    string,
    unknown
  >;

/** Options every provider accepts (better-auth's provider options). */
export interface ProviderOptions<P = Record<string, unknown>> {
  clientId: string;
  clientSecret?: string;
  /** Set false to keep the provider configured but switched off. */
  enabled?: boolean;
  /** Scopes added to the provider's default scopes. */
  scope?: string[];
  /** Alias of `scope`. */
  scopes?: string[];
  /** Request only the configured scopes, not the provider's defaults. */
  disableDefaultScope?: boolean;
  /** Default `${baseURL}/callback/<id>`; must be registered with the provider. */
  redirectURI?: string;
  /** Sent as the `prompt` authorization parameter (e.g. "select_account", "consent"). */
  prompt?: string;
  /** Adjust the mapped user: override name/image/emailVerified or add user fields. */
  mapProfileToUser?: (profile: P) => Awaitable<MappedUser>;
  /** Never create a new user through this provider. */
  disableSignUp?: boolean;
  /** Create new users only when the sign-in asks for it (`requestSignUp: true`). */
  disableImplicitSignUp?: boolean;
  /** Refuse `idToken` sign-in with this provider ("id_token not supported"). */
  disableIdTokenSignIn?: boolean;
  /** Update the user's name and image from the provider on every sign-in. */
  overrideUserInfoOnSignIn?: boolean;
  /** Replace the built-in id-token verification. */
  verifyIdToken?: (token: string, nonce?: string) => Promise<boolean>;
  /** Replace the built-in profile lookup. */
  getUserInfo?: (tokens: UserInfoInput) => Promise<UserInfoResult | null>;
  /** Replace the built-in token refresh. */
  refreshAccessToken?: (refreshToken: string) => Promise<OAuth2Tokens>;
}
