import { decodeJwt, type JWTPayload } from "jose";
import { toBase64Url, utf8 } from "../../crypto/encoding";
import type { OAuth2Tokens } from "./types";

/**
 * Shared OAuth 2.0 plumbing: PKCE, form encoding, token requests, token parsing and error mapping.
 * Every provider module goes through these, so each one only states what is special about it.
 */

/** A provider answered with an error (or an unusable response). */
export class OAuthProviderError extends Error {
  override readonly name = "OAuthProviderError";
  constructor(
    readonly code: string,
    readonly description?: string,
    readonly status?: number,
  ) {
    super(description ? `${code}: ${description}` : code);
  }
}

export type Params = Readonly<Record<string, string | number | boolean | undefined | null>>;

/** `application/x-www-form-urlencoded` body; undefined and null values are left out. */
export function formEncode(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) out.set(key, String(value));
  }
  return out;
}

/** PKCE S256 challenge (RFC 7636): base64url(SHA-256(verifier)), no padding. */
export async function pkceChallenge(codeVerifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", utf8.encode(codeVerifier));
  return toBase64Url(new Uint8Array(digest));
}

/** How the client proves itself at the token endpoint. */
export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret?: string;
  /** "post": id and secret in the form body (default); "basic": HTTP Basic header (RFC 6749 2.3.1). */
  readonly auth?: "post" | "basic";
  /** The name of the client id parameter (TikTok calls it client_key). */
  readonly idParam?: string;
}

function basicAuth(id: string, secret: string): string {
  const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
  return `Basic ${btoa(`${encode(id)}:${encode(secret)}`)}`;
}

const asString = (v: unknown): string | undefined =>
  typeof v === "string" && v.length > 0 ? v : typeof v === "number" ? String(v) : undefined;

const asSeconds = (v: unknown): number | undefined => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** Scopes as a list: providers separate them with spaces (the standard) or commas (GitHub, TikTok). */
export function splitScopes(scope: unknown): string[] | undefined {
  if (Array.isArray(scope)) return scope.filter((s): s is string => typeof s === "string");
  if (typeof scope !== "string" || scope.trim() === "") return undefined;
  return scope.split(/[\s,]+/).filter(Boolean);
}

/** Maps a token response (snake_case, relative expiries) to OAuth2Tokens with absolute dates. */
export function parseTokenResponse(data: Record<string, unknown>, now: Date): OAuth2Tokens {
  const at = (seconds: number | undefined) =>
    seconds === undefined ? undefined : new Date(now.getTime() + seconds * 1000);
  return {
    tokenType: asString(data.token_type),
    accessToken: asString(data.access_token),
    refreshToken: asString(data.refresh_token),
    idToken: asString(data.id_token),
    accessTokenExpiresAt: at(asSeconds(data.expires_in)),
    refreshTokenExpiresAt: at(asSeconds(data.refresh_token_expires_in ?? data.refresh_expires_in)),
    scopes: splitScopes(data.scope),
    raw: data,
  };
}

async function readBody(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    // Some providers still answer form-encoded ("access_token=...&scope=...").
    return Object.fromEntries(new URLSearchParams(text));
  }
}

/**
 * POSTs a token request (code exchange or refresh) and parses the answer. An error answer, even
 * one sent with status 200 as GitHub does, throws OAuthProviderError with the provider's code.
 */
export async function tokenRequest(
  url: string,
  params: Params,
  client: ClientCredentials,
  now: Date,
  headers: Record<string, string> = {},
): Promise<OAuth2Tokens> {
  const basic = client.auth === "basic" && client.clientSecret !== undefined;
  const body = formEncode({
    ...params,
    [client.idParam ?? "client_id"]: client.clientId,
    ...(basic ? {} : { client_secret: client.clientSecret }),
  });
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      ...(basic ? { authorization: basicAuth(client.clientId, client.clientSecret ?? "") } : {}),
      ...headers,
    },
    body,
  });
  const data = await readBody(response);
  const error = asString(data.error);
  if (!response.ok || error) {
    throw new OAuthProviderError(
      error ?? "token_request_failed",
      asString(data.error_description),
      response.status,
    );
  }
  const tokens = parseTokenResponse(data, now);
  if (!tokens.accessToken && !tokens.idToken)
    throw new OAuthProviderError("invalid_token_response", "no token in the response", response.status);
  return tokens;
}

export interface FetchJSONInit {
  readonly accessToken?: string;
  readonly method?: "GET" | "POST";
  readonly headers?: Record<string, string>;
  readonly body?: URLSearchParams | string;
}

/** A JSON API call with a bearer token; a non-2xx answer throws OAuthProviderError. */
export async function fetchJSON<T>(url: string, init: FetchJSONInit = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      ...(init.accessToken ? { authorization: `Bearer ${init.accessToken}` } : {}),
      ...init.headers,
    },
    body: init.body,
  });
  if (!response.ok) {
    throw new OAuthProviderError("user_info_request_failed", await response.text(), response.status);
  }
  return (await response.json()) as T;
}

/** The claims of a JWT without verifying it (for id tokens received straight from the token endpoint). */
export function decodeIdToken<T extends JWTPayload = JWTPayload>(token: string | undefined): T | null {
  if (!token) return null;
  try {
    return decodeJwt(token) as T;
  } catch {
    return null;
  }
}

/** Claims are booleans, or the strings "true"/"false" (Apple). */
export const claimTrue = (value: unknown): boolean => value === true || value === "true";
