import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

describe("OpenAPI docs", () => {
  it("docs/openapi.md runs as written and prints what the page says", () => {
    const { blocks, lines } = runDocBlocks("openapi.md");
    expect(blocks).toBe(2);
    expect(lines).toEqual([
      "200 application/json 3.1.1 Acme auth",
      "createOrganization http://localhost:3000/api/auth",
    ]);
  }, 60_000);
});
