import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

/** docs/billing/portal.md's example runs as written (as the quick start's: Node, tsx, sources). */
describe("customer portal docs", () => {
  it("the runnable example prints what the page says", () => {
    const { blocks, lines } = runDocBlocks("billing/portal.md");
    expect(blocks).toBe(1);
    expect(lines[0]).toBe("DEFAULT-0001 1900 190 2090");
    expect(lines[1]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/customer-portal\/gh_cst_\w{48}$/);
    expect(lines.slice(2)).toEqual([
      "200 text/html; charset=utf-8",
      "Pro true",
      "422 INVALID_TAX_ID",
      "200 DE123456789 eu_vat",
      "Card ending in 4242",
    ]);
  });
});
