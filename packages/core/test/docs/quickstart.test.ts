import { describe, expect, it } from "vitest";
import { runDocBlocks } from "./run-doc";

/**
 * docs/billing/quickstart.md runs as written: its "```ts test" blocks, in order, become one module
 * run by Node as an app would run it (production mode, a secret from the environment, the
 * published package name resolved to this package's sources, tsx as the app's TypeScript loader).
 */
describe("billing quick start", () => {
  it("runs as written: creates the product, opens a checkout and pays it with the test card", () => {
    const { blocks, lines } = runDocBlocks("billing/quickstart.md");
    expect(blocks).toBeGreaterThanOrEqual(3);
    expect(lines).toContain("product.created");
    expect(lines).toContain("customer.created");
    expect(lines).toContain("checkout.created");
    expect(lines.find((l) => l.startsWith("http"))).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/checkout\/\S+$/,
    );
    expect(lines).toContain("order.paid");
    expect(lines).toContain("subscription.active");
    expect(lines.at(-1)).toBe("200 succeeded");
  });
});
