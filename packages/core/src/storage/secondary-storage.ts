/**
 * A key-value store beside the database (Redis, Valkey, a KV service). When configured, sessions
 * live there (the database copy is optional) so a lookup costs no SQL and a revocation takes effect
 * at once; rate-limit counters use it too.
 */
export interface SecondaryStorage {
  get(key: string): Promise<string | null>;
  /** `ttl` in seconds; absent means no expiry. */
  set(key: string, value: string, ttl?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Atomically increments a counter, creating it with `ttl` seconds to live; returns the new value.
   * Optional: rate limiting falls back to get/set without it.
   */
  increment?(key: string, ttl: number): Promise<number>;
}

/** An in-process implementation for tests and single-instance development. */
export function memoryStorage(now: () => number = Date.now): SecondaryStorage {
  const data = new Map<string, { value: string; expiresAt: number | null }>();
  const live = (key: string) => {
    const entry = data.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now()) {
      data.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttl) {
      data.set(key, { value, expiresAt: ttl ? now() + ttl * 1000 : null });
    },
    async delete(key) {
      data.delete(key);
    },
    async increment(key, ttl) {
      const entry = live(key);
      const next = (entry ? Number(entry.value) : 0) + 1;
      data.set(key, { value: String(next), expiresAt: entry?.expiresAt ?? now() + ttl * 1000 });
      return next;
    },
  };
}
