#!/usr/bin/env node
// Builds better-sqlite3's native addon for the test suite. A plain `pnpm install` skips its build
// (pnpm-workspace.yaml: ignoredBuiltDependencies) because the demo and the library never need it;
// the SQLite adapter tests, the CLI tests and the benchmark do. Runs in a second when the addon
// already loads; otherwise downloads a prebuilt binary or compiles it (1 to 3 minutes, once).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";

const require = createRequire(new URL("../packages/core/package.json", import.meta.url));

function loads() {
  try {
    const Database = require("better-sqlite3");
    new Database(":memory:").close();
    return true;
  } catch {
    return false;
  }
}

if (!loads()) {
  const dir = dirname(require.resolve("better-sqlite3/package.json"));
  console.log("[native-deps] building better-sqlite3 for the SQLite tests (once; may take a few minutes)…");
  const run = spawnSync("npm", ["run", "install", "--silent"], { cwd: dir, stdio: "inherit", shell: true });
  if (run.status !== 0 || !loads()) {
    console.error("[native-deps] better-sqlite3 could not be built; see the output above.");
    process.exit(1);
  }
  console.log("[native-deps] better-sqlite3 is ready.");
}
