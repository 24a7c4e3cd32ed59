import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * docs/billing/quickstart.md runs as written: its "```ts test" blocks, in order, become one module
 * run by Node as an app would run it (production mode, a secret from the environment, the
 * published package name resolved to this package's sources, tsx as the app's TypeScript loader).
 */
const core = resolve(import.meta.dirname, "../..");
const page = resolve(core, "../../docs/billing/quickstart.md");
// Inside the package, so that "@gatehouse-js/core" resolves to this package (Node self-reference).
const file = join(import.meta.dirname, `.quickstart-${randomBytes(4).toString("hex")}.mts`);

function testedBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts test\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

afterAll(() => rmSync(file, { force: true }));

describe("billing quick start", () => {
  it("runs as written: creates the product, opens a checkout and pays it with the test card", () => {
    const blocks = testedBlocks(readFileSync(page, "utf8"));
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    writeFileSync(file, blocks.join("\n"));
    const { VITEST: _v, VITEST_WORKER_ID: _w, VITEST_POOL_ID: _p, ...env } = process.env;
    const out = execFileSync(process.execPath, ["--conditions=gatehouse-source", "--import", "tsx", file], {
      cwd: core,
      encoding: "utf8",
      env: { ...env, NODE_ENV: "production", GATEHOUSE_SECRET: randomBytes(32).toString("hex") },
    });
    const lines = out.trim().split("\n");
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
