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

/**
 * Verified keys in the app's secondary storage (option `cache`), by the key's hash: only keys
 * without usage or rate limits (nothing to count), so a cached verification touches no database.
 * Every update or delete drops the entry.
 */
export function createKeyCache(app: AppContext, ttl: number | undefined) {
  const storage = ttl && app.secondaryStorage ? app.secondaryStorage : undefined;
  return {
    async get(hash: string): Promise<ApiKeyRow | null> {
      const text = storage ? await storage.get(cacheKey(hash)) : null;
      if (!text) return null;
      const row = JSON.parse(text) as Record<string, unknown>;
      for (const field of DATE_FIELDS) if (typeof row[field] === "string") row[field] = new Date(row[field]);
      return row as ApiKeyRow;
    },
    async set(row: ApiKeyRow): Promise<void> {
      if (!storage || row.remaining !== null || row.rateLimitEnabled) return;
      await storage.set(cacheKey(row.key), JSON.stringify(row), ttl);
    },
    async drop(hash: string): Promise<void> {
      if (storage) await storage.delete(cacheKey(hash));
    },
  };
}

export type KeyCache = ReturnType<typeof createKeyCache>;
