import { afterEach, describe, expect, it, vi } from "vitest";
import { createVersionedCache } from "../../src/plugins/billing/versioned-cache";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createVersionedCache", () => {
  it("answers only for the version kept, and never lets an older version replace a newer one", () => {
    const cache = createVersionedCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.set("m", 2, "v2");
    expect(cache.get("m", 2)).toBe("v2");
    expect(cache.get("m", 3)).toBeUndefined();
    cache.set("m", 1, "v1");
    expect(cache.get("m", 2)).toBe("v2");
    cache.set("m", 3, "v3");
    expect([cache.get("m", 3), cache.peek("m")]).toEqual(["v3", "v3"]);
  });

  it("forgets a value after maxAgeMs, and the entry kept longest ago past maxEntries", () => {
    const cache = createVersionedCache<string>({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.set("a", 1, "a");
    cache.set("b", 1, "b");
    cache.set("a", 1, "a again"); // kept again: now the newest
    cache.set("c", 1, "c");
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c")]).toEqual(["a again", undefined, "c"]);
    const start = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => start + 60_001);
    expect(cache.get("c", 1)).toBeUndefined();
  });
});
