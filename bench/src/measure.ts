import { measure } from "mitata";
import type { Operation } from "./scenarios";

export interface Stats {
  /** Nanoseconds per request (wall clock). */
  readonly mean: number;
  readonly p50: number;
  readonly p75: number;
  readonly p99: number;
  readonly samples: number;
  /** 1e9 / mean: requests per second, one at a time. */
  readonly opsPerSec: number;
  /**
   * CPU time of this process per request (main thread, libuv pool and GC threads), nanoseconds.
   * Other processes on the machine do not inflate it, unlike wall time; PostgreSQL's own work is
   * not in it.
   */
  readonly cpuPerOp: number;
}

export interface RoundOptions {
  /** Nanoseconds of measured time at least, per round. */
  readonly minTimeNs: number;
  readonly minSamples: number;
}

export interface Round {
  readonly samples: readonly number[];
  readonly calls: number;
  readonly cpuNs: number;
}

export async function warmUp(op: Operation, calls: number): Promise<void> {
  for (let i = 0; i < calls; i++) await op();
}

/**
 * One round of mitata's measurement loop, one request per sample (batching off, so percentiles are
 * per request). mitata runs a full GC before the loop when `--expose-gc` is on.
 */
export async function measureRound(op: Operation, options: RoundOptions): Promise<Round> {
  let calls = 0;
  const counted = () => {
    calls++;
    return op();
  };
  const cpu = process.cpuUsage();
  const stats = await measure(counted, {
    min_cpu_time: options.minTimeNs,
    min_samples: options.minSamples,
    batch_threshold: 0,
    warmup_samples: 0,
  });
  const used = process.cpuUsage(cpu);
  return { samples: stats.samples, calls, cpuNs: (used.user + used.system) * 1000 };
}

/** Merges interleaved rounds into one distribution. */
export function summarize(rounds: readonly Round[]): Stats {
  const all = rounds.flatMap((r) => r.samples).sort((a, b) => a - b);
  const at = (q: number) => all[Math.floor(q * (all.length - 1))] ?? Number.NaN;
  const mean = all.reduce((a, v) => a + v, 0) / all.length;
  const calls = rounds.reduce((a, r) => a + r.calls, 0);
  const cpu = rounds.reduce((a, r) => a + r.cpuNs, 0);
  return {
    mean,
    p50: at(0.5),
    p75: at(0.75),
    p99: at(0.99),
    samples: all.length,
    opsPerSec: 1e9 / mean,
    cpuPerOp: cpu / calls,
  };
}

export function formatTime(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(0)} ns`;
}

export function formatOps(ops: number): string {
  return ops >= 100 ? Math.round(ops).toLocaleString("en-US") : ops.toFixed(1);
}
