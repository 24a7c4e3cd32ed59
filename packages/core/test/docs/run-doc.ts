import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const core = resolve(import.meta.dirname, "../..");

/** The "```ts test" blocks of a docs page, in order. */
export const testedBlocks = (page: string) =>
  [...readFileSync(resolve(core, "../../docs", page), "utf8").matchAll(/^```ts test\n([\s\S]*?)^```$/gm)].map(
    (m) => m[1] as string,
  );

/**
 * Runs a docs page's tested blocks as one module under Node (the published package name resolved
 * to this package's sources) and returns what it printed, line by line.
 */
export function runDocBlocks(
  page: string,
  extraEnv: Readonly<Record<string, string>> = {},
): { blocks: number; lines: string[] } {
  const blocks = testedBlocks(page);
  const file = join(import.meta.dirname, `.doc-${randomBytes(4).toString("hex")}.mts`);
  writeFileSync(file, blocks.join("\n"));
  try {
    const { VITEST: _v, VITEST_WORKER_ID: _w, VITEST_POOL_ID: _p, ...env } = process.env;
    const out = execFileSync(process.execPath, ["--conditions=gatehouse-source", "--import", "tsx", file], {
      cwd: core,
      encoding: "utf8",
      env: { ...env, ...extraEnv, NODE_ENV: "production", GATEHOUSE_SECRET: randomBytes(32).toString("hex") },
    });
    return { blocks: blocks.length, lines: out.trim().split("\n") };
  } finally {
    rmSync(file, { force: true });
  }
}
