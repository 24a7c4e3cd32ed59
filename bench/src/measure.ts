import { measure } from "mitata";
import type { Operation } from "./scenarios";

export interface Stats {
  /** Nanoseconds per operation (wall clock): one request, or one batch sent together. */
  readonly mean: number;
  readonly p50: number;
  readonly p75: number;
  readonly p99: number;
  readonly samples: number;
  /** Requests per second: 1e9 / mean, times the requests one operation sends together. */
  readonly opsPerSec: number;
  /**
   * CPU time of this process per request (not per batch) across its threads (main, libuv pool, GC), nanoseconds.
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

export async function warmUp(op: Operation, calls: number): Promise<void> {
  for (let i = 0; i < calls; i++) await op();
}

/**
 * One round of mitata's measurement loop, one request per sample (batching off, so percentiles are
 * per request). mitata runs a full GC before the loop when `--expose-gc` is on.
 */
export async function measureRound(op: Operation, options: RoundOptions): Promise<readonly number[]> {
  const stats = await measure(op, {
    min_cpu_time: options.minTimeNs,
    min_samples: options.minSamples,
    batch_threshold: 0,
    warmup_samples: 0,
  });
  return stats.samples;
}

/**
 * CPU time of this process over a plain loop of requests (no harness work in between): user +
 * system time of every thread, so scrypt on the libuv pool and GC threads count too.
 */
export async function cpuRound(op: Operation, minMs: number, minCalls: number): Promise<CpuRound> {
  const cpu = process.cpuUsage();
  const until = performance.now() + minMs;
  let calls = 0;
  while (calls < minCalls || performance.now() < until) {
    await op();
    calls++;
  }
  const used = process.cpuUsage(cpu);
  return { calls, cpuNs: (used.user + used.system) * 1000 };
}

export interface CpuRound {
  readonly calls: number;
  readonly cpuNs: number;
}

/** Merges interleaved rounds into one distribution. */
export function summarize(
  rounds: readonly (readonly number[])[],
  cpu: readonly CpuRound[],
  requestsPerOp = 1,
): Stats {
  const all = rounds.flat().sort((a, b) => a - b);
  const at = (q: number) => all[Math.floor(q * (all.length - 1))] ?? Number.NaN;
  const mean = all.reduce((a, v) => a + v, 0) / all.length;
  const calls = cpu.reduce((a, r) => a + r.calls, 0);
  const cpuNs = cpu.reduce((a, r) => a + r.cpuNs, 0);
  return {
    mean,
    p50: at(0.5),
    p75: at(0.75),
    p99: at(0.99),
    samples: all.length,
    opsPerSec: (1e9 * requestsPerOp) / mean,
    cpuPerOp: cpuNs / (calls * requestsPerOp),
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
