import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** docs/billing/portal.md's example runs as written (as the quick start's: Node, tsx, sources). */
const core = resolve(import.meta.dirname, "../..");
const page = resolve(core, "../../docs/billing/portal.md");
const file = join(import.meta.dirname, `.portal-${randomBytes(4).toString("hex")}.mts`);

afterAll(() => rmSync(file, { force: true }));

describe("customer portal docs", () => {
  it("the runnable example prints what the page says", () => {
    const blocks = [...readFileSync(page, "utf8").matchAll(/^```ts test\n([\s\S]*?)^```$/gm)].map(
      (m) => m[1],
    );
    expect(blocks).toHaveLength(1);
    writeFileSync(file, blocks.join("\n"));
    const { VITEST: _v, VITEST_WORKER_ID: _w, VITEST_POOL_ID: _p, ...env } = process.env;
    const out = execFileSync(process.execPath, ["--conditions=gatehouse-source", "--import", "tsx", file], {
      cwd: core,
      encoding: "utf8",
      env: { ...env, NODE_ENV: "production", GATEHOUSE_SECRET: randomBytes(32).toString("hex") },
    });
    const lines = out.trim().split("\n");
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
