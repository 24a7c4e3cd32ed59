/**
 * `pnpm bench:compare`: Gatehouse against better-auth on the same work, in process, through each
 * library's Web `handler(Request)`. Same secret, session settings, database and scenarios for both;
 * see docs/performance.md for the method and the recorded numbers.
 *
 * Also over HTTP (compare-http.ts): each library behind node:http in its own process, a load
 * generator in another. Flags: --mode=in-process,http (default both; HTTP runs first),
 * --quick (short runs, for a smoke test), --only=id,id (scenario ids),
 * --backend=postgres,sqlite, --out=dir (default bench/results).
 */
import { execSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { BackendName } from "./backends";
import { runHttpComparison } from "./compare-http";
import { POSTGRES_URL } from "./config";
import {
  type CpuRound,
  cpuRound,
  formatOps,
  formatTime,
  measureRound,
  type Stats,
  summarize,
  warmUp,
} from "./measure";
import { type Operation, type Scenario, scenarios } from "./scenarios";
import { createTarget, type Target, type TargetSpec } from "./targets";

interface Args {
  quick: boolean;
  /** In process (Web handler) and/or over HTTP (node:http servers and a load generator). */
  modes: Set<string>;
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
  const modes = new Set((value("mode") ?? "in-process,http").split(","));
  for (const m of modes) if (m !== "in-process" && m !== "http") throw new Error(`Unknown mode ${m}`);
  return {
    quick: argv.includes("--quick"),
    modes,
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
  /** False for scenarios that make no query (run once, on the first backend's targets). */
  readonly database: boolean;
  readonly target: string;
  readonly stats: Stats;
  readonly roundTrips: RoundTrips | null;
}

async function countRoundTrips(
  target: Target,
  op: () => Promise<void>,
  requestsPerOp: number,
): Promise<RoundTrips | null> {
  const counter = target.counter;
  if (!counter) return null;
  const requests = 10;
  counter.log = [];
  await op();
  const statements = counter.log.map((s) => s.replace(/\s+/g, " ").trim());
  counter.log = null;
  const before = counter.count;
  for (let i = 0; i < requests; i++) await op();
  return { perRequest: (counter.count - before) / (requests * requestsPerOp), statements };
}

async function machineInfo() {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  try {
    const model = execSync("lscpu", { encoding: "utf8" })
      .match(/Model name:\s*(.+)/)?.[1]
      ?.trim();
    if (model) cpu = model;
  } catch {
    // lscpu is Linux-only; os.cpus() is the fallback.
  }
  let postgres = "unreachable";
  try {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    postgres = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!
      .server_version;
    await client.end();
  } catch {
    // Reported as unreachable; the PostgreSQL scenarios then fail loudly.
  }
  const version = (pkg: string) => {
    const file = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      "..",
      "node_modules",
      pkg,
      "package.json",
    );
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  };
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu,
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    postgres,
    betterAuth: safe(() => version("better-auth")),
    loadAverage: loadAverage(),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

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
  if (group.some((s) => s.joinsVariant))
    specs.push({ library: "better-auth", backend, cookieCache, joins: true });
  return specs;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const machine = await machineInfo();
  console.log(
    `Node ${machine.node} | ${machine.cpu} | ${machine.cores} cores | PostgreSQL ${machine.postgres} | better-auth ${machine.betterAuth} | load ${machine.loadAverage} | ${machine.date}`,
  );
  // Rounds alternate the libraries (A B, B A, ...) so both see the same machine conditions; then
  // two CPU-time rounds per library, alternated too.
  const fast = {
    rounds: args.quick ? 2 : 8,
    round: { minTimeNs: args.quick ? 1.5e8 : 5e8, minSamples: 100 },
    cpuMs: args.quick ? 200 : 1000,
    cpuCalls: 100,
  };
  const slow = {
    rounds: args.quick ? 2 : 4,
    round: { minTimeNs: args.quick ? 3e8 : 1.5e9, minSamples: args.quick ? 3 : 10 },
    cpuMs: args.quick ? 300 : 1500,
    cpuCalls: args.quick ? 3 : 8,
  };
  const results: Result[] = [];
  const header = `Node ${machine.node}, ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, PostgreSQL ${machine.postgres}, better-auth ${machine.betterAuth}, ${machine.date}; load average ${machine.loadAverage} at start`;
  if (args.modes.has("http")) {
    await runHttpComparison({ quick: args.quick, only: args.only, out: args.out }, header);
    console.log(`HTTP results written to ${path.relative(process.cwd(), args.out)}/latest-http.{json,md}`);
  }
  if (!args.modes.has("in-process")) return;

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
          const runs: {
            target: Target;
            op: Operation;
            rounds: (readonly number[])[];
            cpu: CpuRound[];
            roundTrips: RoundTrips | null;
          }[] = [];
          for (const target of targets) {
            if (target.label === "better-auth (joins)" && !scenario.joinsVariant) continue;
            const op = await scenario.prepare(target);
            await warmUp(op, scenario.slow ? 2 : 300);
            const roundTrips = await countRoundTrips(target, op, scenario.concurrency ?? 1);
            runs.push({ target, op, rounds: [], cpu: [], roundTrips });
          }
          const plan = scenario.slow ? slow : fast;
          for (let round = 0; round < plan.rounds; round++) {
            const order = round % 2 === 0 ? runs : [...runs].reverse();
            for (const run of order) run.rounds.push(await measureRound(run.op, plan.round));
          }
          for (let round = 0; round < 2; round++) {
            const order = round % 2 === 0 ? runs : [...runs].reverse();
            for (const run of order) run.cpu.push(await cpuRound(run.op, plan.cpuMs, plan.cpuCalls));
          }
          for (const run of runs) {
            const stats = summarize(run.rounds, run.cpu, scenario.concurrency ?? 1);
            results.push({
              scenario: scenario.id,
              title: scenario.title,
              backend,
              database: scenario.database,
              target: run.target.label,
              stats,
              roundTrips: run.roundTrips,
            });
            console.log(
              [
                scenario.title.padEnd(40),
                (scenario.database ? backend : "none").padEnd(9),
                run.target.label.padEnd(20),
                `mean ${formatTime(stats.mean).padStart(9)}`,
                `p75 ${formatTime(stats.p75).padStart(9)}`,
                `p99 ${formatTime(stats.p99).padStart(9)}`,
                `cpu ${formatTime(stats.cpuPerOp).padStart(9)}`,
                `${formatOps(stats.opsPerSec).padStart(7)} ops/s`,
                run.roundTrips && scenario.database ? `${run.roundTrips.perRequest} queries` : "",
              ].join("  "),
            );
          }
        }
      } finally {
        for (const target of targets) await target.close();
      }
    }
  }

  const finished = { ...machine, loadAverageAtEnd: loadAverage() };
  mkdirSync(args.out, { recursive: true });
  const markdown = renderMarkdown(finished, results);
  writeFileSync(
    path.join(args.out, "latest.json"),
    `${JSON.stringify({ machine: finished, results }, null, 2)}\n`,
  );
  writeFileSync(path.join(args.out, "latest.md"), markdown);
  console.log(`\n${markdown}`);
  console.log(`Written to ${path.relative(process.cwd(), args.out)}/latest.{json,md}`);
}

type Machine = Awaited<ReturnType<typeof machineInfo>> & { loadAverageAtEnd: string };

function renderMarkdown(machine: Machine, results: readonly Result[]): string {
  const lines = [
    `Node ${machine.node}, ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, PostgreSQL ${machine.postgres}, better-auth ${machine.betterAuth}, ${machine.date}; load average ${machine.loadAverage} at start, ${machine.loadAverageAtEnd} at end`,
    "",
    "| Scenario | Database | Library | Mean | p75 | p99 | ops/s | CPU/request | Queries/request | Mean vs Gatehouse |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    const base = results.find(
      (g) => g.scenario === r.scenario && g.backend === r.backend && g.target === "gatehouse",
    );
    const ratio = base && r.target !== "gatehouse" ? `${(r.stats.mean / base.stats.mean).toFixed(2)}x` : "";
    lines.push(
      `| ${r.title} | ${r.database ? r.backend : "none"} | ${r.target} | ${formatTime(r.stats.mean)} | ${formatTime(r.stats.p75)} | ${formatTime(r.stats.p99)} | ${formatOps(r.stats.opsPerSec)} | ${formatTime(r.stats.cpuPerOp)} | ${r.roundTrips && r.database ? r.roundTrips.perRequest : "–"} | ${ratio} |`,
    );
  }
  const withSql = results.filter(
    (r) =>
      r.roundTrips &&
      r.backend === "postgres" &&
      r.roundTrips.perRequest > 0 &&
      !scenarios.find((s) => s.id === r.scenario)?.concurrency,
  );
  if (withSql.length > 0) {
    lines.push("", "### Queries of one request (PostgreSQL)", "");
    for (const r of withSql) {
      lines.push(`- ${r.title}, ${r.target}: ${r.roundTrips!.perRequest}`);
      for (const s of r.roundTrips!.statements)
        lines.push(`  - \`${s.length > 160 ? `${s.slice(0, 157)}...` : s}\``);
    }
  }
  return `${lines.join("\n")}\n`;
}

await main();
