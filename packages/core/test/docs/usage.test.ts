import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

/** docs/billing/usage.md runs as written: its "```ts test" blocks, in order, as one module under Node. */
describe("usage docs", () => {
  it("runs as written: ingests, deduplicates and evaluates the meter", () => {
    const { blocks, lines } = runDocBlocks("billing/usage.md");
    expect(blocks).toBeGreaterThanOrEqual(1);
    expect(lines).toContain('{"inserted":2,"duplicates":0} {"inserted":0,"duplicates":1}');
    expect(lines).toContain("total 1500");
  }, 60_000);
});
