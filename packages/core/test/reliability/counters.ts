import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

/** What the reliability suite counts; the global teardown adds the files up and prints the report. */
export interface ReliabilityCounts {
  requests?: number;
  routes?: number;
  serverErrors?: number;
  refusedChecked?: number;
  races?: number;
  raceAttempts?: number;
  kills?: number;
  instanceChecks?: number;
}

/** Appends one line of counts to this worker's file in the run's directory. */
export function record(counts: ReliabilityCounts): void {
  const dir = inject("reliabilityDir");
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(counts)}\n`);
}

declare module "vitest" {
  export interface ProvidedContext {
    reliabilityDir: string;
  }
}
