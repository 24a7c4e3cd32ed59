import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

/**
 * docs/billing/benefits.md runs as written: its "```ts test" blocks, in order, become one module run
 * by Node (the published package name resolved to this package's sources, as quickstart.test.ts).
 */
describe("benefits page", () => {
  it("runs as written: a note, a license key and meter credits granted", () => {
    const { blocks, lines } = runDocBlocks("billing/benefits.md");
    expect(blocks).toBe(4);
    expect(lines).toEqual(["true Join at https://chat.example/invite", "true 1 1", "1000", "3"]);
  }, 60_000);
});
