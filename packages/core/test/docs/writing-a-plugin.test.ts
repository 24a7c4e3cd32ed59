import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

describe("docs/plugins/writing-a-plugin.md", () => {
  it("runs as written: the plugin counts sign-ins through the event bus and guards its endpoint", () => {
    const { blocks, lines } = runDocBlocks("plugins/writing-a-plugin.md");
    expect(blocks).toBe(2);
    expect(lines).toEqual(['200 {"count":2}', "401"]);
  }, 60_000);
});
