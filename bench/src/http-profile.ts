/**
 * One HTTP scenario against one server in this process, for `node --cpu-prof`: the server runs
 * here (its profile is this process's main thread), the load generator in a forked process.
 *   pnpm --filter @gatehouse-js/bench http-profile get-session-cached gatehouse 10
 * then `node --import tsx src/profile-summary.ts <biggest .cpuprofile>`. Prints req/s and server
 * CPU per request. `bare` is the node:http server with no library.
 */
import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CONNECTIONS } from "./compare-http";
import { httpScenarios } from "./http-scenarios";
import type { LoadResult } from "./load";
import { createTarget, type Library } from "./targets";

const [id = "ok", kind = "gatehouse", seconds = "10"] = process.argv.slice(2);
const WARM_UP_MS = Number(process.env.WARM_UP_MS ?? 2000);
const scenario = httpScenarios.find((s) => s.id === id);
if (!scenario) throw new Error(`Unknown scenario ${id}; one of ${httpScenarios.map((s) => s.id).join(", ")}`);
const target =
  kind === "bare"
    ? null
    : await createTarget({
        library: kind as Library,
        backend: "postgres",
        cookieCache: scenario.cookieCache,
        plugins: true,
      });
const server = createServer(
  target
    ? target.nodeHandler
    : (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end('{"ok":true}');
      },
);
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.address() as AddressInfo).port;
const load = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), "load.ts"), [], {
  execArgv: ["--import", "tsx"],
});
try {
  const op = await scenario.prepare(port, kind === "bare" ? "gatehouse" : (kind as Library));
  const queries = target?.counter?.count ?? 0;
  const cpu = process.cpuUsage();
  // CPU of the recorded period only (from the end of warm-up): JIT and warm-up excluded.
  let recordedFrom = cpu;
  let databaseFrom: Promise<number> | null = null;
  const warmUp = setTimeout(() => {
    recordedFrom = process.cpuUsage();
    databaseFrom = target?.databaseCpuMs?.() ?? null;
  }, WARM_UP_MS);
  const result = await new Promise<LoadResult>((resolve) => {
    load.once("message", (m: { result: LoadResult }) => resolve(m.result));
    load.send({
      port,
      ...op,
      connections: CONNECTIONS,
      warmUpMs: WARM_UP_MS,
      durationMs: Number(seconds) * 1000,
    });
  });
  clearTimeout(warmUp);
  const used = process.cpuUsage(cpu);
  const recorded = process.cpuUsage(recordedFrom);
  console.log(
    `recorded period: ${((recorded.user + recorded.system) / result.requests).toFixed(1)} µs server CPU per request over ${result.requests} requests`,
  );
  if (databaseFrom && target?.databaseCpuMs) {
    const databaseMs = (await target.databaseCpuMs()) - (await databaseFrom);
    console.log(
      `recorded period: ${((databaseMs * 1000) / result.requests).toFixed(1)} µs PostgreSQL CPU per request (this target's backends, 10 ms ticks)`,
    );
  }
  const sent = (target?.counter?.count ?? 0) - queries;
  console.log(
    `${scenario.title} | ${kind}: ${Math.round(result.rps)} req/s, ${((used.user + used.system) / result.total).toFixed(1)} µs server CPU per request (${(used.user / result.total).toFixed(1)} user, ${(used.system / result.total).toFixed(1)} system), ${(sent / result.total).toFixed(2)} queries/request, ${result.total} requests, ${result.wrongStatus} wrong`,
  );
} finally {
  load.kill();
  server.closeAllConnections();
  server.close();
  await target?.close();
}
