/**
 * `pnpm bench:compare`: Gatehouse against better-auth on the same work, in process, through each
 * library's Web `handler(Request)`. Same secret, session settings, database and scenarios for both;
 * see docs/performance.md for the method and the recorded numbers.
 *
 * Flags: --quick (short runs, for a smoke test), --only=id,id (scenario ids),
 * --backend=postgres,sqlite, --out=dir (default bench/results).
 */
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { BackendName } from "./backends";
import { POSTGRES_URL } from "./config";
import { formatOps, formatTime, measureOperation, type Stats, warmUp } from "./measure";
import { type Scenario, scenarios } from "./scenarios";
import { createTarget, type Target, type TargetSpec } from "./targets";

interface Args {
  quick: boolean;
  only: Set<string> | null;
  backends: BackendName[];
  out: string;
}

function parseArgs(argv: readonly string[]): Args {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const here = path.dirname(fileURLToPath(import.meta.url));
  const only = value("only");
  const backends = (value("backend") ?? "postgres,sqlite").split(",") as BackendName[];
  for (const b of backends) if (b !== "postgres" && b !== "sqlite") throw new Error(`Unknown backend ${b}`);
  return {
    quick: argv.includes("--quick"),
    only: only ? new Set(only.split(",")) : null,
    backends,
    out: value("out") ?? path.join(here, "..", "results"),
  };
}

export interface RoundTrips {
  /** Queries per request, averaged over several requests after warm-up. */
  readonly perRequest: number;
  /** The SQL of one request, in order. */
  readonly statements: readonly string[];
}

export interface Result {
  readonly scenario: string;
  readonly title: string;
  readonly backend: BackendName;
  readonly target: string;
  readonly stats: Stats;
  readonly roundTrips: RoundTrips | null;
}

async function countRoundTrips(target: Target, op: () => Promise<void>): Promise<RoundTrips | null> {
  const counter = target.counter;
  if (!counter) return null;
  const requests = 10;
  counter.log = [];
  await op();
  const statements = counter.log.map((s) => s.replace(/\s+/g, " ").trim());
  counter.log = null;
  const before = counter.count;
  for (let i = 0; i < requests; i++) await op();
  return { perRequest: (counter.count - before) / requests, statements };
}

async function machineInfo() {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  try {
    const model = execSync("lscpu", { encoding: "utf8" }).match(/Model name:\s*(.+)/)?.[1]?.trim();
    if (model) cpu = model;
  } catch {
    // lscpu is Linux-only; os.cpus() is the fallback.
  }
  let postgres = "unreachable";
  try {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    postgres = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
    await client.end();
  } catch {
    // Reported as unreachable; the PostgreSQL scenarios then fail loudly.
  }
  const version = (pkg: string) =>
    execSync(`node -p "require('${pkg}/package.json').version"`, { encoding: "utf8" }).trim();
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu,
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    postgres,
    betterAuth: safe(() => version("better-auth")),
  };
}

function safe(fn: () => string): string {
  try {
    return fn();
  } catch {
    return "unknown";
  }
}

function specsFor(group: readonly Scenario[], backend: BackendName, cookieCache: boolean): TargetSpec[] {
  const specs: TargetSpec[] = [
    { library: "gatehouse", backend, cookieCache },
    { library: "better-auth", backend, cookieCache },
  ];
  if (group.some((s) => s.joinsVariant)) specs.push({ library: "better-auth", backend, cookieCache, joins: true });
  return specs;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const machine = await machineInfo();
  console.log(
    `Node ${machine.node} | ${machine.cpu} | ${machine.cores} cores | PostgreSQL ${machine.postgres} | better-auth ${machine.betterAuth} | ${machine.date}`,
  );
  const fast = { minTimeNs: args.quick ? 3e8 : 3e9, minSamples: args.quick ? 50 : 500, warmupCalls: 300 };
  const slow = { minTimeNs: args.quick ? 5e8 : 4e9, minSamples: args.quick ? 5 : 40, warmupCalls: 3 };
  const results: Result[] = [];

  for (const backend of args.backends) {
    for (const cookieCache of [false, true]) {
      const group = scenarios.filter(
        (s) =>
          s.cookieCache === cookieCache &&
          (s.database || backend === args.backends[0]) &&
          (!args.only || args.only.has(s.id)),
      );
      if (group.length === 0) continue;
      const targets: Target[] = [];
      for (const spec of specsFor(group, backend, cookieCache)) targets.push(await createTarget(spec));
      try {
        for (const scenario of group) {
          for (const target of targets) {
            if (target.label === "better-auth (joins)" && !scenario.joinsVariant) continue;
            const op = await scenario.prepare(target);
            await warmUp(op, scenario.slow ? 2 : 50);
            const roundTrips = await countRoundTrips(target, op);
            const stats = await measureOperation(op, scenario.slow ? slow : fast);
            const where = scenario.database ? backend : "no database";
            const result: Result = {
              scenario: scenario.id,
              title: scenario.title,
              backend: scenario.database ? backend : backend,
              target: target.label,
              stats,
              roundTrips,
            };
            results.push(result);
            console.log(
              `${scenario.title.padEnd(40)} ${where.padEnd(11)} ${target.label.padEnd(20)} mean ${formatTime(stats.mean).padStart(9)}  p75 ${formatTime(stats.p75).padStart(9)}  p99 ${formatTime(stats.p99).padStart(9)}  ${formatOps(stats.opsPerSec).padStart(7)} ops/s  ${roundTrips ? `${roundTrips.perRequest} queries` : ""}`,
            );
          }
        }
      } finally {
        for (const target of targets) await target.close();
      }
    }
  }

  mkdirSync(args.out, { recursive: true });
  const markdown = renderMarkdown(machine, results);
  writeFileSync(path.join(args.out, "latest.json"), `${JSON.stringify({ machine, results }, null, 2)}\n`);
  writeFileSync(path.join(args.out, "latest.md"), markdown);
  console.log(`\n${markdown}`);
  console.log(`Written to ${path.relative(process.cwd(), args.out)}/latest.{json,md}`);
}

function renderMarkdown(machine: Awaited<ReturnType<typeof machineInfo>>, results: readonly Result[]): string {
  const lines = [
    `Node ${machine.node}, ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, PostgreSQL ${machine.postgres}, better-auth ${machine.betterAuth}, ${machine.date}`,
    "",
    "| Scenario | Database | Library | Mean | p75 | p99 | ops/s | Queries/request | vs Gatehouse |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    const base = results.find(
      (g) => g.scenario === r.scenario && g.backend === r.backend && g.target === "gatehouse",
    );
    const ratio = base && r.target !== "gatehouse" ? `${(r.stats.mean / base.stats.mean).toFixed(2)}x` : "";
    const scenario = scenarios.find((s) => s.id === r.scenario);
    lines.push(
      `| ${r.title} | ${scenario?.database ? r.backend : "none"} | ${r.target} | ${formatTime(r.stats.mean)} | ${formatTime(r.stats.p75)} | ${formatTime(r.stats.p99)} | ${formatOps(r.stats.opsPerSec)} | ${r.roundTrips && scenario?.database ? r.roundTrips.perRequest : "–"} | ${ratio} |`,
    );
  }
  const withSql = results.filter((r) => r.roundTrips && r.backend === "postgres" && r.roundTrips.perRequest > 0);
  if (withSql.length > 0) {
    lines.push("", "### Queries of one request (PostgreSQL)", "");
    for (const r of withSql) {
      lines.push(`- ${r.title}, ${r.target}: ${r.roundTrips!.perRequest}`);
      for (const s of r.roundTrips!.statements) lines.push(`  - \`${s.length > 160 ? `${s.slice(0, 157)}...` : s}\``);
    }
  }
  return `${lines.join("\n")}\n`;
}

await main();
