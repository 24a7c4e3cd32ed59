import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import type { ReliabilityCounts } from "./counters";

/**
 * Gives the core test project a fresh directory for the reliability suite's counters and prints
 * their sum when the run ends (visible in `pnpm test` output).
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-reliability-"));
  project.provide("reliabilityDir", dir);
  return () => {
    const total: Required<ReliabilityCounts> = {
      requests: 0,
      routes: 0,
      serverErrors: 0,
      refusedChecked: 0,
      races: 0,
      raceAttempts: 0,
      kills: 0,
      instanceChecks: 0,
    };
    let files = 0;
    for (const file of readdirSync(dir)) {
      files++;
      for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
        if (!line) continue;
        const counts = JSON.parse(line) as ReliabilityCounts;
        for (const key of Object.keys(total) as (keyof ReliabilityCounts)[]) total[key] += counts[key] ?? 0;
      }
    }
    rmSync(dir, { recursive: true, force: true });
    if (files === 0) return;
    console.log(
      [
        "",
        "Reliability suite report",
        `  fuzzed requests: ${total.requests} over ${total.routes} routes; 5xx responses: ${total.serverErrors}; refused requests with the database checked unchanged: ${total.refusedChecked}`,
        `  races: ${total.races} (${total.raceAttempts} concurrent attempts, exactly one winner each)`,
        `  SIGKILLed child processes recovered: ${total.kills}`,
        `  two-instance checks: ${total.instanceChecks}`,
        "",
      ].join("\n"),
    );
  };
}
