import type { AppContext } from "./deps";
import type { ApiKeyRow } from "./models";
import type { ResolvedApiKeyOptions } from "./options";
import { apiKeyRepository, type CountPlan } from "./repository";
import { ATTEMPTS, fail, type VerifyOutcome } from "./verify-outcome";

/**
 * Counting in one statement (stores with `updateOneWith`: memory, SQLite, PGlite, PostgreSQL,
 * MySQL/MariaDB). The key's settings come from the caller (a cached copy or the row just read); the
 * UPDATE counts the use and the request when every limit allows and those settings are current.
 * Only when it changes nothing is the key read again, to tell which limit refused (or to pick up
 * changed settings and try once more).
 */
export function createOneStatementCounter(app: AppContext, opts: ResolvedApiKeyOptions) {
  const repo = () => apiKeyRepository(app.adapter);

  const planOf = (row: ApiKeyRow, now: Date): CountPlan => {
    const { refillAmount, refillInterval } = row;
    return {
      now,
      window: row.rateLimitEnabled
        ? {
            ms: row.rateLimitTimeWindow ?? opts.rateLimit.timeWindow,
            max: row.rateLimitMax ?? opts.rateLimit.maxRequests,
          }
        : null,
      use:
        row.remaining === null
          ? null
          : {
              refill:
                refillAmount !== null && refillInterval !== null && refillAmount > 0
                  ? { amount: refillAmount, intervalMs: refillInterval }
                  : null,
            },
    };
  };

  /** Which limit the key's current counters are at (the same thresholds as the UPDATE's). */
  const limitReached = (row: ApiKeyRow, plan: CountPlan): VerifyOutcome | null => {
    const now = plan.now.getTime();
    const start = row.rateLimitWindowStart;
    if (plan.window && start !== null && now - start.getTime() < plan.window.ms) {
      if (row.requestCount >= plan.window.max) {
        return fail("RATE_LIMIT_EXCEEDED", { tryAgainIn: start.getTime() + plan.window.ms - now });
      }
    }
    if (plan.use && (row.remaining ?? 0) <= 0) {
      const refill = plan.use.refill;
      const last = row.lastRefillAt ?? row.createdAt;
      if (!refill || now - last.getTime() < refill.intervalMs)
        return fail("API_KEY_HAS_REACHED_ITS_USAGE_LIMIT");
    }
    return null;
  };

  /**
   * `reread` fetches the key again (null when it is gone) and `recheck` applies the checks that do
   * not count (enabled, expiry, permissions) to a re-read row whose settings changed.
   */
  return async function count(
    first: ApiKeyRow,
    now: Date,
    returning: boolean,
    reread: () => Promise<ApiKeyRow | null>,
    recheck: (row: ApiKeyRow) => Promise<VerifyOutcome | null>,
  ): Promise<VerifyOutcome> {
    let row = first;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const plan = planOf(row, now);
      const counted = await repo().countUse(row, plan, returning);
      if (counted.changed) return { ok: true, row: counted.row ?? row };
      const current = await reread();
      if (!current) return fail("INVALID_API_KEY");
      if (current.updatedAt.getTime() !== row.updatedAt.getTime()) {
        const refused = await recheck(current);
        if (refused) return refused;
      } else {
        const reached = limitReached(current, plan);
        if (reached) return reached;
      }
      row = current;
    }
    return fail("FAILED_TO_UPDATE_API_KEY");
  };
}
