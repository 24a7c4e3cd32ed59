import { type DBAdapter, isAdapterError } from "../db/adapter";
import type { RateLimitRule } from "../kernel/options";
import type { SecondaryStorage } from "../storage/secondary-storage";

/** The outcome of counting one request. */
export interface RateLimitHit {
  /** False when this request is over the limit of its window. */
  readonly allowed: boolean;
  /** When the current window ends (epoch ms, on the app clock). */
  readonly resetAt: number;
}

/**
 * Counts requests per key in fixed windows. Counting is atomic per store: of N concurrent hits on a
 * key with room for M, exactly M are allowed.
 */
export interface RateLimitStore {
  hit(key: string, rule: RateLimitRule, now: number): Promise<RateLimitHit>;
}

const PRUNE_INTERVAL_MS = 60_000;

/**
 * In-process counters (one instance only). A window starts with the first request of a key.
 * Expired entries are pruned lazily, at most once a minute, during a hit.
 */
export function memoryRateLimitStore(): RateLimitStore {
  const entries = new Map<string, { count: number; resetAt: number }>();
  let nextPrune = 0;
  return {
    async hit(key, rule, now) {
      if (now >= nextPrune) {
        for (const [k, e] of entries) if (e.resetAt <= now) entries.delete(k);
        nextPrune = now + PRUNE_INTERVAL_MS;
      }
      let entry = entries.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + rule.window * 1000 };
        entries.set(key, entry);
      }
      // No await between the read and the write: the increment is atomic in this process.
      entry.count += 1;
      return { allowed: entry.count <= rule.max, resetAt: entry.resetAt };
    },
  };
}

/**
 * Counters in secondary storage (Redis...), shared by every instance. Windows are aligned on
 * multiples of the window length and the window number is part of the storage key, so one atomic
 * `increment` both counts and (on creation) sets the time to live; no read-modify-write.
 *
 * Without `increment`, it falls back to get/set, serialised per key inside this process: exact for
 * one instance, but concurrent instances may each let a few extra requests through.
 */
export function secondaryStorageRateLimitStore(
  storage: SecondaryStorage,
  prefix = "rate-limit:",
): RateLimitStore {
  const increment = storage.increment?.bind(storage);
  const queues = new Map<string, Promise<unknown>>();

  const fallbackIncrement = (key: string, ttl: number): Promise<number> => {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      const current = Number((await storage.get(key)) ?? 0);
      const count = (Number.isFinite(current) ? current : 0) + 1;
      await storage.set(key, String(count), ttl);
      return count;
    });
    const settled = next.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  };

  return {
    async hit(key, rule, now) {
      const windowMs = rule.window * 1000;
      const index = Math.floor(now / windowMs);
      const resetAt = (index + 1) * windowMs;
      const ttl = Math.max(1, Math.ceil((resetAt - now) / 1000));
      const storageKey = `${prefix}${key}|${index}`;
      const count = increment ? await increment(storageKey, ttl) : await fallbackIncrement(storageKey, ttl);
      return { allowed: count <= rule.max, resetAt };
    },
  };
}

interface RateLimitRow {
  key: string;
  count: number;
  /** Start of the current window (epoch ms); the name is better-auth's column. */
  lastRequest: number;
}

const MODEL = "rateLimit";
const MAX_ATTEMPTS = 5;

/**
 * Counters in the `rateLimit` table. A window starts with the first request of a key; the row's
 * `lastRequest` holds that start. Each hit is one guarded `incrementOne` (count < max and window
 * current) in the common case; the row is created, or reset when its window is over, with a
 * compare-and-set so that concurrent requests never reset it twice. A unique violation on create
 * means a concurrent request created it first: the increment is tried again.
 */
export function databaseRateLimitStore(adapter: DBAdapter): RateLimitStore {
  if (!adapter.schema[MODEL]) {
    throw new Error(
      'Rate-limit storage "database" needs the rateLimit model; it is missing from the schema.',
    );
  }
  return {
    async hit(key, rule, now) {
      const windowMs = rule.window * 1000;
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const windowStart = now - windowMs;
        if (rule.max >= 1) {
          const row = await adapter.incrementOne<RateLimitRow>({
            model: MODEL,
            where: [
              { field: "key", value: key },
              { field: "lastRequest", operator: "gt", value: windowStart },
            ],
            field: "count",
            by: 1,
            max: rule.max,
          });
          if (row) return { allowed: true, resetAt: Number(row.lastRequest) + windowMs };
        }
        const current = await adapter.findOne<RateLimitRow>({
          model: MODEL,
          where: [{ field: "key", value: key }],
        });
        if (current && Number(current.lastRequest) > windowStart) {
          const resetAt = Number(current.lastRequest) + windowMs;
          // The window is current: either full, or it was reset or created concurrently. Try again.
          if (Number(current.count) >= rule.max) return { allowed: false, resetAt };
          continue;
        }
        const count = rule.max >= 1 ? 1 : 0;
        if (current) {
          // The window is over: start a new one, unless another request did so meanwhile.
          const changed = await adapter.updateMany({
            model: MODEL,
            where: [
              { field: "key", value: key },
              { field: "lastRequest", value: current.lastRequest },
            ],
            update: { count, lastRequest: now },
          });
          if (changed === 1) return { allowed: rule.max >= 1, resetAt: now + windowMs };
          continue;
        }
        try {
          await adapter.create({ model: MODEL, data: { key, count, lastRequest: now } });
          return { allowed: rule.max >= 1, resetAt: now + windowMs };
        } catch (error) {
          if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
        }
      }
      throw new Error(`Rate limit for "${key}" could not be counted after ${MAX_ATTEMPTS} attempts.`);
    },
  };
}
