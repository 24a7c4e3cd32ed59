import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * docs/billing/benefits.md runs as written: its "```ts test" blocks, in order, become one module run
 * by Node (the published package name resolved to this package's sources, as quickstart.test.ts).
 */
const core = resolve(import.meta.dirname, "../..");
const page = resolve(core, "../../docs/billing/benefits.md");
const file = join(import.meta.dirname, `.benefits-${randomBytes(4).toString("hex")}.mts`);

const testedBlocks = (markdown: string) =>
  [...markdown.matchAll(/^```ts test\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);

afterAll(() => rmSync(file, { force: true }));

describe("benefits page", () => {
  it("runs as written: a note, a license key and meter credits granted", () => {
    const blocks = testedBlocks(readFileSync(page, "utf8"));
    expect(blocks).toHaveLength(4);
    writeFileSync(file, blocks.join("\n"));
    const { VITEST: _v, VITEST_WORKER_ID: _w, VITEST_POOL_ID: _p, ...env } = process.env;
    const out = execFileSync(process.execPath, ["--conditions=gatehouse-source", "--import", "tsx", file], {
      cwd: core,
      encoding: "utf8",
      env: { ...env, NODE_ENV: "production", GATEHOUSE_SECRET: randomBytes(32).toString("hex") },
    });
    expect(out.trim().split("\n")).toEqual([
      "true Join at https://chat.example/invite",
      "true 1 1",
      "1000",
      "3",
    ]);
  }, 60_000);
});
