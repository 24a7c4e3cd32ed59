/**
 * Runs one scenario against one library in a loop, for `node --cpu-prof` (or --prof):
 *   pnpm --filter @gatehouse-js/bench cpu-profile get-session-db gatehouse postgres 10
 * then `node --import tsx src/profile-summary.ts <biggest .cpuprofile>` (the biggest file is the
 * main thread). Prints wall and CPU time per request.
 */
import type { BackendName } from "./backends";
import { scenarios } from "./scenarios";
import { createTarget, type Library } from "./targets";

const [id = "get-session-db", library = "gatehouse", backend = "postgres", seconds = "10"] =
  process.argv.slice(2);
const scenario = scenarios.find((s) => s.id === id);
if (!scenario) throw new Error(`Unknown scenario ${id}; one of ${scenarios.map((s) => s.id).join(", ")}`);
const target = await createTarget({
  library: library.replace(/-joins$/, "") as Library,
  joins: library.endsWith("-joins"),
  backend: backend as BackendName,
  cookieCache: scenario.cookieCache,
});
try {
  const op = await scenario.prepare(target);
  for (let i = 0; i < (scenario.slow ? 3 : 500); i++) await op();
  const until = performance.now() + Number(seconds) * 1000;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let calls = 0;
  while (performance.now() < until) {
    await op();
    calls++;
  }
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  console.log(
    `${scenario.title} | ${target.label} | ${backend}: ${calls} requests, ${((wall * 1000) / calls).toFixed(1)} µs wall, ${((used.user + used.system) / calls).toFixed(1)} µs CPU per request`,
  );
} finally {
  await target.close();
}
