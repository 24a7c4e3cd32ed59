import type { Permissions } from "./models";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Options of `apiKey()`; every field has better-auth's default. */
export interface ApiKeyOptions {
  /** Request header(s) carrying a key. Default "x-api-key". */
  readonly apiKeyHeaders?: string | readonly string[];
  /** Random characters after the prefix. Default 64. */
  readonly defaultKeyLength?: number;
  /** Prefix of new keys when the request names none (e.g. "gh_live_"). */
  readonly defaultPrefix?: string;
  readonly minimumPrefixLength?: number;
  readonly maximumPrefixLength?: number;
  readonly minimumNameLength?: number;
  readonly maximumNameLength?: number;
  /** Refuse keys without a name. Default false. */
  readonly requireName?: boolean;
  /** Accept `metadata` on create and update. Default false. */
  readonly enableMetadata?: boolean;
  readonly keyExpiration?: {
    /** Milliseconds; null: keys never expire unless asked. */
    readonly defaultExpiresIn?: number | null;
    readonly disableCustomExpiresTime?: boolean;
    /** Days. Defaults 1 and 365. */
    readonly minExpiresIn?: number;
    readonly maxExpiresIn?: number;
  };
  /** Per-key rate limit defaults: at most `maxRequests` verifications per `timeWindow` ms. */
  readonly rateLimit?: {
    readonly enabled?: boolean;
    readonly timeWindow?: number;
    readonly maxRequests?: number;
  };
  /** How many leading characters are kept in `start` for display. Default 6. */
  readonly startingCharactersLength?: number;
  /** Statements given to new keys that name none. */
  readonly permissions?: { readonly defaultPermissions?: Permissions };
  /**
   * Cache verified keys in the app's secondary storage for `ttl` seconds (keys without usage limits
   * or rate limits only: their verification then costs no database round trip). Off by default.
   */
  readonly cache?: { readonly ttl: number };
}

export interface ResolvedApiKeyOptions {
  readonly headers: readonly string[];
  readonly keyLength: number;
  readonly defaultPrefix: string | undefined;
  readonly prefixLength: { readonly min: number; readonly max: number };
  readonly nameLength: { readonly min: number; readonly max: number };
  readonly requireName: boolean;
  readonly enableMetadata: boolean;
  readonly expiration: {
    readonly defaultMs: number | null;
    readonly disableCustom: boolean;
    readonly minDays: number;
    readonly maxDays: number;
  };
  readonly rateLimit: {
    readonly enabled: boolean;
    readonly timeWindow: number;
    readonly maxRequests: number;
  };
  readonly startLength: number;
  readonly defaultPermissions: Permissions | undefined;
  readonly cacheTtl: number | undefined;
}

export function resolveApiKeyOptions(options: ApiKeyOptions = {}): ResolvedApiKeyOptions {
  const headers = options.apiKeyHeaders ?? "x-api-key";
  return {
    headers: (typeof headers === "string" ? [headers] : headers).map((h) => h.toLowerCase()),
    keyLength: options.defaultKeyLength ?? 64,
    defaultPrefix: options.defaultPrefix,
    prefixLength: { min: options.minimumPrefixLength ?? 1, max: options.maximumPrefixLength ?? 32 },
    nameLength: { min: options.minimumNameLength ?? 1, max: options.maximumNameLength ?? 32 },
    requireName: options.requireName ?? false,
    enableMetadata: options.enableMetadata ?? false,
    expiration: {
      defaultMs: options.keyExpiration?.defaultExpiresIn ?? null,
      disableCustom: options.keyExpiration?.disableCustomExpiresTime ?? false,
      minDays: options.keyExpiration?.minExpiresIn ?? 1,
      maxDays: options.keyExpiration?.maxExpiresIn ?? 365,
    },
    rateLimit: {
      enabled: options.rateLimit?.enabled ?? true,
      timeWindow: options.rateLimit?.timeWindow ?? DAY_MS,
      maxRequests: options.rateLimit?.maxRequests ?? 10,
    },
    startLength: options.startingCharactersLength ?? 6,
    defaultPermissions: options.permissions?.defaultPermissions,
    cacheTtl: options.cache?.ttl,
  };
}
