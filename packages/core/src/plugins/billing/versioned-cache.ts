/**
 * Values a process keeps under a version that the database moves forward in the transaction of
 * every change to what they were read from (a merchant's `webhookVersion`, `catalogVersion`). A
 * value is used while the caller's freshly read version is the one it was kept under, and for at
 * most `maxAgeMs` (bounding what a change that does not move the version leaves unseen: a process
 * of an older release, a row edited by hand). At most `maxEntries` keys; past it, the entry kept
 * longest ago goes. A value of an older version never replaces one of a newer version.
 */
export function createVersionedCache<V>(options: { readonly maxEntries: number; readonly maxAgeMs: number }) {
  const kept = new Map<string, { readonly version: number; readonly value: V; readonly at: number }>();
  return {
    /** The value kept under `key`, whatever its version and age. */
    peek: (key: string): V | undefined => kept.get(key)?.value,
    /** The value kept under `key` for exactly this version, if not older than `maxAgeMs`. */
    get(key: string, version: number): V | undefined {
      const hit = kept.get(key);
      if (!hit || hit.version !== version || performance.now() - hit.at >= options.maxAgeMs) return;
      return hit.value;
    },
    /** Keeps `value`, read after `version` was read, unless a newer version's value is kept. */
    set(key: string, version: number, value: V): void {
      const current = kept.get(key);
      if (current && current.version > version) return;
      kept.delete(key);
      if (kept.size >= options.maxEntries) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      kept.set(key, { version, value, at: performance.now() });
    },
  };
}
