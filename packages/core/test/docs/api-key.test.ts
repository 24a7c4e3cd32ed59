import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** docs/plugins/api-key.md runs as written: its "```ts test" blocks, in order, as one module under Node. */
const core = resolve(import.meta.dirname, "../..");
const page = resolve(core, "../../docs/plugins/api-key.md");
const file = join(import.meta.dirname, `.api-key-${randomBytes(4).toString("hex")}.mts`);

afterAll(() => rmSync(file, { force: true }));

describe("API-key docs", () => {
  it("runs as written: a merchant backend calls the billing API with an organization key", () => {
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
    expect(lines).toEqual([
      "true gh_liv",
      "create 200",
      "products Pro",
      "valid true",
      "INVALID_API_KEY Invalid API key.",
    ]);
  }, 60_000);
});
