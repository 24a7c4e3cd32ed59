import { createIdTokenVerifier, type IdTokenConfig } from "./id-token";
import { type ClientCredentials, type Params, pkceChallenge, tokenRequest } from "./oauth2";
import type {
  AuthorizationURLInput,
  CodeExchangeInput,
  OAuthUserInfo,
  ProviderContext,
  ProviderEndpoints,
  ProviderOptions,
  SocialProvider,
  UserInfoInput,
} from "./types";

/** The mapped user fields every provider produces from its profile. */
export type BaseUser = Pick<OAuthUserInfo, "id" | "email" | "emailVerified" | "name" | "image">;

/**
 * What a provider module declares: endpoints, scopes, PKCE, its quirks and how to read its profile.
 * `createProvider` turns it, with the user's options, into a SocialProvider.
 */
export interface ProviderSpec<P> {
  readonly name: string;
  readonly endpoints: ProviderEndpoints | (() => Promise<ProviderEndpoints>);
  readonly defaultScopes: readonly string[];
  readonly pkce: boolean;
  /** Default " ". */
  readonly scopeSeparator?: string;
  readonly clientAuth?: ClientCredentials["auth"];
  readonly clientIdParam?: string;
  /** Extra authorization URL parameters (response_mode, access_type, lang_id, ...). */
  readonly authorizationParams?: (input: AuthorizationURLInput) => Params;
  /** Extra token-request parameters (VK ID: device_id and state). */
  readonly tokenParams?: (input: CodeExchangeInput) => Params;
  readonly tokenHeaders?: Record<string, string>;
  /** Present when the provider issues id tokens that can be verified. */
  readonly idToken?: IdTokenConfig | (() => Promise<IdTokenConfig>);
  /** Loads the raw profile (user-info call, or the claims of the id token); null when unavailable. */
  readonly fetchProfile: (tokens: UserInfoInput) => Promise<P | null>;
  readonly toUser: (profile: P, tokens: UserInfoInput) => BaseUser;
}

const unique = (list: readonly string[]) => [...new Set(list.filter(Boolean))];

export function createProvider<P>(
  spec: ProviderSpec<P>,
  options: ProviderOptions<P>,
  ctx: ProviderContext,
): SocialProvider {
  const redirectURI = options.redirectURI ?? `${ctx.baseURL}/callback/${ctx.id}`;
  const endpoints = async () => (typeof spec.endpoints === "function" ? spec.endpoints() : spec.endpoints);
  const client: ClientCredentials = {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    auth: spec.clientAuth,
    idParam: spec.clientIdParam,
  };
  const scopesFor = (requested: readonly string[] = []) =>
    unique([
      ...(options.disableDefaultScope ? [] : spec.defaultScopes),
      ...(options.scope ?? []),
      ...(options.scopes ?? []),
      ...requested,
    ]);
  const verifyIdToken = options.disableIdTokenSignIn
    ? undefined
    : (options.verifyIdToken ?? (spec.idToken ? createIdTokenVerifier(spec.idToken, ctx) : undefined));

  const refresh = async (refreshToken: string) =>
    tokenRequest(
      (await endpoints()).token,
      { grant_type: "refresh_token", refresh_token: refreshToken },
      client,
      ctx.now(),
      spec.tokenHeaders,
    );

  return {
    id: ctx.id,
    name: spec.name,
    pkce: spec.pkce,
    defaultScopes: spec.defaultScopes,
    redirectURI,
    options,
    endpoints,
    async createAuthorizationURL(input) {
      const url = new URL((await endpoints()).authorization);
      const scopes = scopesFor(input.scopes);
      const params: Params = {
        response_type: "code",
        [client.idParam ?? "client_id"]: options.clientId,
        redirect_uri: redirectURI,
        state: input.state,
        scope: scopes.length > 0 ? scopes.join(spec.scopeSeparator ?? " ") : undefined,
        ...(spec.pkce
          ? { code_challenge: await pkceChallenge(input.codeVerifier), code_challenge_method: "S256" }
          : {}),
        prompt: options.prompt,
        login_hint: input.loginHint,
        ...spec.authorizationParams?.(input),
      };
      for (const [key, value] of Object.entries(params)) {
        if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
      }
      return url;
    },
    async validateAuthorizationCode(input) {
      return tokenRequest(
        (await endpoints()).token,
        {
          grant_type: "authorization_code",
          code: input.code,
          redirect_uri: redirectURI,
          code_verifier: spec.pkce ? input.codeVerifier : undefined,
          ...spec.tokenParams?.(input),
        },
        client,
        ctx.now(),
        spec.tokenHeaders,
      );
    },
    refreshAccessToken: options.refreshAccessToken ?? refresh,
    async getUserInfo(tokens) {
      if (options.getUserInfo) return options.getUserInfo(tokens);
      const profile = await spec.fetchProfile(tokens);
      if (!profile) return null;
      const base = spec.toUser(profile, tokens);
      const mapped = options.mapProfileToUser ? await options.mapProfileToUser(profile) : {};
      const user: OAuthUserInfo = { ...base, ...mapped, id: String(mapped.id ?? base.id) };
      // A profile without an id cannot be tied to an account.
      return user.id ? { user, data: profile } : null;
    },
    ...(verifyIdToken ? { verifyIdToken } : {}),
  };
}
