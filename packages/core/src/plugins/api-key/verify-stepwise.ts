import type { AppContext } from "./deps";
import type { ApiKeyRow } from "./models";
import type { ResolvedApiKeyOptions } from "./options";
import { apiKeyRepository } from "./repository";
import { ATTEMPTS, fail, type VerifyOutcome } from "./verify-outcome";

/**
 * Counting on stores without `updateOneWith` (Prisma, MongoDB, third-party adapters): the rate-limit
 * window and the use of `remaining` are separate conditional UPDATEs (`updateMany` with the
 * condition in its where, `incrementOne` with a bound), two or three statements per verification,
 * each race-safe on its own.
 */
export function createStepwiseCounter(app: AppContext, opts: ResolvedApiKeyOptions) {
  const repo = () => apiKeyRepository(app.adapter);

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
    if (refillAmount !== null && refillInterval !== null) {
      const last = row.lastRefillAt ?? row.createdAt;
      if (now.getTime() - last.getTime() >= refillInterval) {
        await repo().refill(row, refillAmount, refillInterval, now);
      }
    }
    const used = await repo().consumeUse(row.id);
    if (used) return { ok: true, row: used };
    return fail("API_KEY_HAS_REACHED_ITS_USAGE_LIMIT");
  }

  return async function count(row: ApiKeyRow, now: Date): Promise<VerifyOutcome> {
    const limited = await rateLimit(row, now);
    if (limited) return limited;
    return consumeUse(row, now);
  };
}
