import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

describe("API-key docs", () => {
  it("runs as written: a merchant backend calls the billing API with an organization key", () => {
    const { blocks, lines } = runDocBlocks("plugins/api-key.md");
    expect(blocks).toBe(1);
    expect(lines).toEqual([
      "true gh_liv",
      "create 200",
      "products Pro",
      "valid true",
      "INVALID_API_KEY Invalid API key.",
    ]);
  }, 60_000);
});
