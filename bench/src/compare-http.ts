/**
 * `pnpm bench:compare` over HTTP: each library behind a real node:http server in its own process
 * (its own `toNodeHandler`, organization and username plugins on), a bare node:http server as the
 * ceiling, and the load generator in a third process (10 keep-alive connections). Rounds
 * alternate the servers (A B C, C B A, ...) so all see the same machine conditions.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type HttpOperation, type HttpScenario, httpScenarios } from "./http-scenarios";
import type { ServerKind, ServerSpec } from "./http-server";
import type { LoadResult, LoadSpec } from "./load";
import { formatOps, formatTime } from "./measure";

const here = path.dirname(fileURLToPath(import.meta.url));
const execArgv = ["--conditions=gatehouse-source", "--import", "tsx"];
export const CONNECTIONS = 10;

export interface HttpOptions {
  readonly quick: boolean;
  readonly only: Set<string> | null;
  readonly out: string;
}

export interface HttpResult {
  readonly scenario: string;
  readonly title: string;
  readonly server: ServerKind;
  readonly rps: number;
  /** Nanoseconds, per request. */
  readonly mean: number;
  readonly p99: number;
  /** Server process CPU time per request (user + system, all its threads), nanoseconds. */
  readonly cpuPerRequest: number;
  /** req/s of each round, e.g. "13201, 6750, 15146" (how much the machine moved). */
  readonly rounds: string;
}

/** A forked process that answers one message per request. */
function child(file: string): { proc: ChildProcess; ask<T>(message: unknown): Promise<T> } {
  const proc = fork(path.join(here, file), [], { execArgv, env: { ...process.env, NODE_ENV: "production" } });
  return {
    proc,
    ask<T>(message: unknown) {
      return new Promise<T>((resolve, reject) => {
        proc.once("message", (answer: T & { error?: string }) =>
          answer.error ? reject(new Error(answer.error)) : resolve(answer),
        );
        proc.send(message as never);
      });
    },
  };
}

interface Server {
  readonly kind: ServerKind;
  readonly port: number;
  cpuNs(): Promise<number>;
  close(): void;
}

async function startServer(spec: ServerSpec): Promise<Server> {
  const c = child("http-server.ts");
  const { port } = await c.ask<{ port: number }>(spec);
  return {
    kind: spec.kind,
    port,
    cpuNs: async () => (await c.ask<{ cpuNs: number }>("cpu")).cpuNs,
    close: () => c.proc.send("close"),
  };
}

interface Run {
  readonly server: Server;
  readonly op: HttpOperation;
  readonly results: LoadResult[];
  cpuNs: number;
  total: number;
}

async function measureScenario(
  scenario: HttpScenario,
  servers: readonly Server[],
  load: ReturnType<typeof child>,
  options: HttpOptions,
): Promise<HttpResult[]> {
  const runs: Run[] = [];
  for (const server of servers) {
    if (server.kind === "bare" && scenario.database) continue;
    // The bare server answers anything with {"ok":true}: the same request, nothing to check.
    const op =
      server.kind === "bare"
        ? await scenario.prepare(servers.find((s) => s.kind === "gatehouse")!.port, "gatehouse")
        : await scenario.prepare(server.port, server.kind);
    runs.push({ server, op, results: [], cpuNs: 0, total: 0 });
  }
  const rounds = options.quick ? 1 : 3;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? runs : [...runs].reverse();
    for (const run of order) {
      const spec: LoadSpec = {
        port: run.server.port,
        ...run.op,
        connections: CONNECTIONS,
        warmUpMs: round === 0 ? (options.quick ? 1500 : 3000) : 500,
        durationMs: options.quick ? 1500 : 4000,
      };
      const before = await run.server.cpuNs();
      const { result } = await load.ask<{ result: LoadResult }>(spec);
      run.cpuNs += (await run.server.cpuNs()) - before;
      run.total += result.total;
      if (result.wrongStatus > 0)
        throw new Error(
          `${scenario.id} on ${run.server.kind}: ${result.wrongStatus} wrong answers: ${result.firstWrong}`,
        );
      run.results.push(result);
    }
  }
  return runs.map((run) => {
    const requests = run.results.reduce((a, r) => a + r.requests, 0);
    const seconds = run.results.reduce((a, r) => a + r.seconds, 0);
    const p99s = run.results.map((r) => r.p99).sort((a, b) => a - b);
    return {
      scenario: scenario.id,
      title: scenario.title,
      server: run.server.kind,
      rps: requests / seconds,
      mean: run.results.reduce((a, r) => a + r.mean * r.requests, 0) / requests,
      p99: p99s[Math.floor(p99s.length / 2)]!,
      cpuPerRequest: run.cpuNs / run.total,
      rounds: run.results.map((r) => Math.round(r.rps)).join(", "),
    };
  });
}

export async function runHttpComparison(options: HttpOptions, header: string): Promise<HttpResult[]> {
  const results: HttpResult[] = [];
  const load = child("load.ts");
  try {
    for (const cookieCache of [false, true]) {
      const group = httpScenarios.filter(
        (s) => s.cookieCache === cookieCache && (!options.only || options.only.has(s.id)),
      );
      if (group.length === 0) continue;
      const kinds: ServerKind[] = ["gatehouse", "better-auth", "bare"];
      const servers: Server[] = [];
      for (const kind of kinds) servers.push(await startServer({ kind, backend: "postgres", cookieCache }));
      try {
        for (const scenario of group) {
          for (const r of await measureScenario(scenario, servers, load, options)) {
            results.push(r);
            console.log(
              `HTTP  ${r.title.padEnd(42)} ${r.server.padEnd(12)} ${formatOps(r.rps).padStart(8)} req/s  mean ${formatTime(r.mean).padStart(9)}  p99 ${formatTime(r.p99).padStart(9)}  server CPU ${formatTime(r.cpuPerRequest).padStart(9)}/req  rounds ${r.rounds}`,
            );
          }
        }
      } finally {
        for (const s of servers) s.close();
      }
    }
  } finally {
    load.proc.kill();
  }
  mkdirSync(options.out, { recursive: true });
  const markdown = renderHttp(header, results);
  writeFileSync(
    path.join(options.out, "latest-http.json"),
    `${JSON.stringify({ header, results }, null, 2)}\n`,
  );
  writeFileSync(path.join(options.out, "latest-http.md"), markdown);
  console.log(`\n${markdown}`);
  return results;
}

function renderHttp(header: string, results: readonly HttpResult[]): string {
  const lines = [
    header,
    "",
    `${CONNECTIONS} keep-alive connections, PostgreSQL, organization + username plugins in both libraries.`,
    "",
    "| Scenario | Server | req/s | Mean | p99 | Server CPU/request | % of bare node:http | × better-auth |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    const bare = results.find((b) => b.scenario === r.scenario && b.server === "bare");
    const ba = results.find((b) => b.scenario === r.scenario && b.server === "better-auth");
    const ofBare = bare && r.server !== "bare" ? `${Math.round((100 * r.rps) / bare.rps)} %` : "";
    const vsBa = ba && r.server === "gatehouse" ? `${(r.rps / ba.rps).toFixed(1)}x` : "";
    lines.push(
      `| ${r.title} | ${r.server} | ${formatOps(r.rps)} | ${formatTime(r.mean)} | ${formatTime(r.p99)} | ${formatTime(r.cpuPerRequest)} | ${ofBare} | ${vsBa} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
