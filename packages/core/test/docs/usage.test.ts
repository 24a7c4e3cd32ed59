import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

/** docs/billing/usage.md runs as written: its "```ts test" blocks, in order, as one module under Node. */
describe("usage docs", () => {
  it("runs as written: ingests, deduplicates, evaluates the meter and bills it at the cycle end", () => {
    const { blocks, lines } = runDocBlocks("billing/usage.md");
    expect(blocks).toBeGreaterThanOrEqual(2);
    expect(lines).toContain('{"inserted":2,"duplicates":0} {"inserted":0,"duplicates":1}');
    expect(lines).toContain("total 1500");
    // Metered billing at the cycle end: the month's usage beyond the credits on the renewal order.
    expect(lines).toContain("API plan — From 2026-02-15 to 2026-03-15: 1000");
    expect(lines).toContain("API calls — 345 units, 100 credited — From 2026-01-15 to 2026-02-15: 123");
  }, 60_000);
});
