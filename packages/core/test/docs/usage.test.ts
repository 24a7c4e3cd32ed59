import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** docs/billing/usage.md runs as written: its "```ts test" blocks, in order, as one module under Node. */
const core = resolve(import.meta.dirname, "../..");
const page = resolve(core, "../../docs/billing/usage.md");
const file = join(import.meta.dirname, `.usage-${randomBytes(4).toString("hex")}.mts`);

afterAll(() => rmSync(file, { force: true }));

describe("usage docs", () => {
  it("runs as written: ingests, deduplicates, evaluates the meter and bills it at the cycle end", () => {
    const blocks = [...readFileSync(page, "utf8").matchAll(/^```ts test\n([\s\S]*?)^```$/gm)].map(
      (m) => m[1],
    );
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    writeFileSync(file, blocks.join("\n"));
    const { VITEST: _v, VITEST_WORKER_ID: _w, VITEST_POOL_ID: _p, ...env } = process.env;
    const out = execFileSync(process.execPath, ["--conditions=gatehouse-source", "--import", "tsx", file], {
      cwd: core,
      encoding: "utf8",
      env: { ...env, NODE_ENV: "production", GATEHOUSE_SECRET: randomBytes(32).toString("hex") },
    });
    const lines = out.trim().split("\n");
    expect(lines).toContain('{"inserted":2,"duplicates":0} {"inserted":0,"duplicates":1}');
    expect(lines).toContain("total 1500");
    // Metered billing at the cycle end: the month's usage beyond the credits on the renewal order.
    expect(lines).toContain("API plan — From 2026-02-15 to 2026-03-15: 1000");
    expect(lines).toContain("API calls — 345 units, 100 credited — From 2026-01-15 to 2026-02-15: 123");
  }, 60_000);
});
