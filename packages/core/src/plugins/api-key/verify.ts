import type { KeyCache } from "./cache";
import { type AppContext, constantTimeEqual, statementsGrant } from "./deps";
import { API_KEY_ERROR_CODES, type ApiKeyErrorCode } from "./error-codes";
import { hashKey, MAX_KEY_LENGTH } from "./key";
import type { ApiKeyRow, Permissions } from "./models";
import type { ResolvedApiKeyOptions } from "./options";
import { apiKeyRepository } from "./repository";

export interface VerifyFailure {
  readonly code: ApiKeyErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export type VerifyOutcome =
  | { readonly ok: true; readonly row: ApiKeyRow }
  | { readonly ok: false; readonly error: VerifyFailure };

const fail = (code: ApiKeyErrorCode, details?: Record<string, unknown>): VerifyOutcome => ({
  ok: false,
  error: { code, message: API_KEY_ERROR_CODES[code].message, ...(details ? { details } : {}) },
});

/** Attempts at a counter before giving up with "Failed to update API key" (only under heavy races). */
const ATTEMPTS = 5;

export interface VerifyInput {
  readonly key: string;
  readonly permissions?: Permissions;
  readonly configId?: string;
}

/**
 * Verifies a key: one indexed read by its hash (or a cache hit), then the checks in order:
 * unknown -> invalid; other configuration or missing permissions -> not found; disabled; expired
 * (deleted); the per-key rate limit; one use of `remaining` (refilled first when due). An exhausted
 * key is kept (better-auth deletes it): it keeps answering "usage limit" rather than "invalid", its
 * owner may raise `remaining`, and no verification racing with the last use can lose its success.
 * Counters change only through conditional UPDATEs.
 */
export function createVerifier(app: AppContext, opts: ResolvedApiKeyOptions, cache: KeyCache) {
  const repo = () => apiKeyRepository(app.adapter);

  async function lookup(hash: string): Promise<ApiKeyRow | null> {
    const cached = await cache.get(hash);
    if (cached) return cached;
    const row = await repo().findByHash(hash);
    if (row) await cache.set(row);
    return row;
  }

  async function remove(row: ApiKeyRow) {
    await repo().delete(row.id);
    await cache.drop(row.key);
  }

  async function rateLimit(first: ApiKeyRow, now: Date): Promise<VerifyOutcome | null> {
    if (!first.rateLimitEnabled) return null;
    const windowMs = first.rateLimitTimeWindow ?? opts.rateLimit.timeWindow;
    const max = first.rateLimitMax ?? opts.rateLimit.maxRequests;
    let row: ApiKeyRow | null = first;
    for (let attempt = 0; attempt < ATTEMPTS && row; attempt++) {
      const start = row.rateLimitWindowStart;
      const open = start !== null && now.getTime() - start.getTime() < windowMs;
      if (!open) {
        if (await repo().openWindow(row.id, windowMs, now)) return null;
      } else {
        if (row.requestCount >= max) {
          return fail("RATE_LIMIT_EXCEEDED", { tryAgainIn: start.getTime() + windowMs - now.getTime() });
        }
        if (await repo().countRequest(row.id, start, max)) return null;
      }
      row = await repo().findById(row.id);
    }
    return row ? fail("FAILED_TO_UPDATE_API_KEY") : fail("INVALID_API_KEY");
  }

  async function consumeUse(row: ApiKeyRow, now: Date): Promise<VerifyOutcome> {
    if (row.remaining === null) return { ok: true, row };
    const { refillAmount, refillInterval } = row;
    const refills = refillAmount !== null && refillInterval !== null;
    if (refills) {
      const last = row.lastRefillAt ?? row.createdAt;
      if (now.getTime() - last.getTime() >= refillInterval) {
        await repo().refill(row, refillAmount, refillInterval, now);
      }
    }
    const used = await repo().consumeUse(row.id);
    if (used) return { ok: true, row: used };
    return fail("API_KEY_HAS_REACHED_ITS_USAGE_LIMIT");
  }

  return async function verify(input: VerifyInput): Promise<VerifyOutcome> {
    const { key } = input;
    if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      return fail("INVALID_API_KEY");
    }
    const hash = await hashKey(app, key);
    const row = await lookup(hash);
    if (!row || !constantTimeEqual(row.key, hash)) return fail("INVALID_API_KEY");
    if (input.configId !== undefined && row.configId !== input.configId) return fail("API_KEY_NOT_FOUND");
    if (!row.enabled) return fail("API_KEY_IS_DISABLED");
    const now = app.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
      await remove(row);
      return fail("API_KEY_HAS_EXPIRED");
    }
    if (input.permissions && !statementsGrant(row.permissions, input.permissions)) {
      return fail("API_KEY_NOT_FOUND");
    }
    const limited = await rateLimit(row, now);
    if (limited) return limited;
    return consumeUse(row, now);
  };
}

export type Verifier = ReturnType<typeof createVerifier>;
