import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Runs a command and returns its stdout; a failure throws with the command's output. */
export function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stdout ?? ""}\n${stderr ?? ""}`);
  }
}

/** pnpm from PATH when the test runs under `pnpm test`, else the pinned version through npx. */
export function pnpm(args: string[], cwd: string): string {
  const onPath = (process.env.npm_execpath ?? "").includes("pnpm");
  return onPath
    ? run(process.execPath, [process.env.npm_execpath as string, ...args], cwd)
    : run("npx", ["-y", "pnpm@10.34.9", ...args], cwd);
}

/** Milliseconds `fn` took. */
export function timed(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return Math.round(performance.now() - start);
}

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/**
 * Builds each package whose dist/ is missing or older than its sources, package.json or tsup
 * config (a make-style check), so the suite builds at most once and not at all when dist is fresh.
 * The build output is what `pnpm pack` puts in the tarball.
 */
export function buildIfStale(repo: string, names: readonly string[]): void {
  for (const name of names) {
    const dir = join(repo, "packages", name);
    // The declarations are written last, so their presence means the whole build finished.
    const marker = join(dir, "dist/index.d.cts");
    const inputs = ["src", "package.json", "tsup.config.ts"].map((f) => newest(join(dir, f)));
    if (existsSync(marker) && statSync(marker).mtimeMs > Math.max(...inputs)) continue;
    run(process.execPath, [join(dir, "node_modules/tsup/dist/cli-default.js")], dir);
  }
}
