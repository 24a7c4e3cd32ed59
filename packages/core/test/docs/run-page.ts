import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const core = resolve(import.meta.dirname, "../..");

/**
 * Runs a docs page as written: its "```ts test" blocks, in order, as one module under Node (the
 * published package names resolved to this package's sources). Returns the blocks' count and the
 * printed lines.
 */
export function runDocPage(page: string): { blocks: number; lines: string[] } {
  const markdown = readFileSync(resolve(core, "../../docs", page), "utf8");
  const blocks = [...markdown.matchAll(/^```ts test\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
  const file = join(import.meta.dirname, `.page-${randomBytes(4).toString("hex")}.mts`);
  writeFileSync(file, blocks.join("\n"));
  const { VITEST: _v, VITEST_WORKER_ID: _w, VITEST_POOL_ID: _p, ...env } = process.env;
  try {
    const out = execFileSync(process.execPath, ["--conditions=gatehouse-source", "--import", "tsx", file], {
      cwd: core,
      encoding: "utf8",
      env: { ...env, NODE_ENV: "production", GATEHOUSE_SECRET: randomBytes(32).toString("hex") },
    });
    return { blocks: blocks.length, lines: out.trim().split("\n") };
  } finally {
    rmSync(file, { force: true });
  }
}
