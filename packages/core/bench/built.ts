/**
 * `pnpm bench`: builds the benchmark scripts with the library the way `pnpm build` ships it (tsup,
 * which bundles with esbuild and keeps function names as plain code), then runs each script in its
 * own process with plain `node`, one after the other, stopping at the first failure.
 *
 * Why not `node --import tsx bench/x.ts`: tsx transforms every source file with esbuild's
 * `keepNames`, which wraps each named function and closure in a `__name(fn, "name")` call (an
 * `Object.defineProperty`) every time it is created. The library creates closures per request and
 * per transaction (repositories, drivers), so measured from source a checkout spent about 5 % of
 * Node's busy CPU in those calls (1.35 s of 27 s in a profile) on code the published package does
 * not contain.
 *
 *   node --import tsx bench/built.ts run renewals checkout usage webhooks storm
 *   BENCH_FROM_SOURCE=1 ... runs the same scripts through tsx instead (source names in profiles).
 *
 * The built files go to `packages/core/.bench-built/` (git-ignored), inside the package so that
 * its dependencies resolve from there.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsup";

const here = path.dirname(fileURLToPath(import.meta.url));
const names = process.argv.slice(2);
if (names.length === 0) throw new Error("usage: built.ts <script name without .ts> ...");
/** Scripts the named ones start in a child process (`checkout-http.ts` forks `checkout-server.ts`). */
const children: Record<string, readonly string[]> = { checkout: ["checkout-server"] };

const BUILT_DIR = path.join(here, "..", ".bench-built");
const fromSource = process.env.BENCH_FROM_SOURCE === "1";

if (!fromSource) {
  const entries = [...new Set(names.flatMap((n) => [n, ...(children[n] ?? [])]))];
  await build({
    config: false,
    entry: Object.fromEntries(entries.map((n) => [n, path.join(here, `${n}.ts`)])),
    outDir: BUILT_DIR,
    format: ["esm"],
    platform: "node",
    target: "node20",
    splitting: false,
    sourcemap: false,
    dts: false,
    clean: true,
    silent: true,
    // Dependencies stay imports, as they are for an app that installs the package.
    skipNodeModulesBundle: true,
    outExtension: () => ({ js: ".mjs" }),
    esbuildOptions(options) {
      options.conditions = ["gatehouse-source"];
    },
  });
}

for (const name of names) {
  const args = fromSource
    ? ["--import", "tsx", path.join(here, `${name}.ts`)]
    : [path.join(BUILT_DIR, `${name}.mjs`)];
  const run = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
