import type { AppContext } from "./deps";
import type { ApiKeyRow } from "./models";

const DATE_FIELDS = [
  "expiresAt",
  "createdAt",
  "updatedAt",
  "lastRefillAt",
  "lastRequest",
  "rateLimitWindowStart",
];
const cacheKey = (hash: string) => `api-key:${hash}`;
/** Keys whose settings this process remembers (least recently used dropped first). */
const LOCAL_LIMIT = 1_000;

/** Does verifying this key change counters (a use of `remaining`, a rate-limit window)? */
export const hasCounters = (row: ApiKeyRow): boolean => row.remaining !== null || row.rateLimitEnabled;

/**
 * What verification knows of a key before asking the database, by the key's hash:
 * - the app's secondary storage (option `cache`): every key, dropped on every update or delete, so
 *   it is trusted: a key without counters is verified with no database work at all;
 * - this process's memory: the settings of keys with counters (window, max, refill, permissions,
 *   owner). Never trusted alone: the counting UPDATE is guarded by the row's `updatedAt`, so settings
 *   changed anywhere since make it match nothing and the key is read again.
 * The counters in either copy are never used: they are counted by the database.
 */
export function createKeyCache(app: AppContext, ttl: number | undefined) {
  const storage = ttl && app.secondaryStorage ? app.secondaryStorage : undefined;
  const local = new Map<string, ApiKeyRow>();

  const remember = (row: ApiKeyRow) => {
    local.delete(row.key);
    if (!hasCounters(row)) return;
    local.set(row.key, row);
    if (local.size > LOCAL_LIMIT) local.delete(local.keys().next().value as string);
  };

  return {
    /** The trusted copy (secondary storage), else this process's settings of a key with counters. */
    async get(hash: string): Promise<{ row: ApiKeyRow; trusted: boolean } | null> {
      const text = storage ? await storage.get(cacheKey(hash)) : null;
      if (text) {
        const row = JSON.parse(text) as Record<string, unknown>;
        for (const field of DATE_FIELDS)
          if (typeof row[field] === "string") row[field] = new Date(row[field]);
        return { row: row as ApiKeyRow, trusted: true };
      }
      const known = local.get(hash);
      return known ? { row: known, trusted: false } : null;
    },
    /** Remembers a row just read from the database. */
    async set(row: ApiKeyRow): Promise<void> {
      remember(row);
      if (storage) await storage.set(cacheKey(row.key), JSON.stringify(row), ttl);
    },
    async drop(hash: string): Promise<void> {
      local.delete(hash);
      if (storage) await storage.delete(cacheKey(hash));
    },
  };
}

export type KeyCache = ReturnType<typeof createKeyCache>;
