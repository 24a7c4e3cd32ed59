/**
 * Shared set-up of the billing benchmarks on PostgreSQL: a `pg` Pool, tables under a prefix of
 * their own (dropped by `close`), an app with the billing and admin plugins, an injectable clock,
 * the test processor, and a signed-in platform admin (the merchant auth the billing tests use).
 */
import { Socket } from "node:net";
import { availableParallelism } from "node:os";
import pg from "pg";
import { postgresAdapter } from "../src/adapters/kysely/index";
import type { DBAdapter } from "../src/db/adapter";
import { migrate } from "../src/db/migrate";
import { resolvePhysical } from "../src/db/physical";
import type { AuthOptions } from "../src/kernel/options";
import { admin } from "../src/plugins/admin";
import { billing } from "../src/plugins/billing";
import type { BillingOptions } from "../src/plugins/billing/options";
import { testProcessor } from "../src/plugins/billing/processors/test-processor";
import type { BillingServices } from "../src/plugins/billing/services";
import { createTestAuth } from "../src/testing";
import { processCpuMs } from "./process-cpu";

export const pgUrl = process.env.GATEHOUSE_PG_URL;
/** Cores of this machine: the CPU-bound ceilings are for this many otherwise idle cores. */
export const CORES = availableParallelism();

export async function pgBillingApp(
  connectionString: string,
  tag: string,
  options: {
    poolSize?: number;
    billing?: BillingOptions;
    start?: number;
    /** The auth's rate limiter (over HTTP it sees client IPs; in-process it does not). */
    rateLimit?: AuthOptions["rateLimit"];
  } = {},
) {
  const tablePrefix = `bench${tag}${Math.random().toString(36).slice(2, 7)}_`;
  // The prefix names the connections: their PostgreSQL backends are found for CPU accounting.
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    application_name: tablePrefix,
    idleTimeoutMillis: 0,
  });
  const clock = { t: options.start ?? Date.UTC(2026, 0, 15, 12) };
  const processor = testProcessor();
  const app = createTestAuth({
    // BENCH_PG_PREPARED=0: every statement unnamed (the comparison for named prepared statements).
    database: postgresAdapter(pool, {
      tablePrefix,
      preparedStatements: process.env.BENCH_PG_PREPARED !== "0",
    }),
    advanced: { now: () => new Date(clock.t) },
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    plugins: [admin(), billing({ processor, ...options.billing })],
  });
  const tables = resolvePhysical(app.auth.$context.schema, { tablePrefix });
  const physical = (model: string) => {
    const p = tables.get(model);
    if (!p) throw new Error(`no model ${model}`);
    return {
      name: p.table,
      table: `"${p.table}"`,
      col: (field: string) => `"${p.columns.get(field) ?? field}"`,
    };
  };
  const close = async () => {
    const names = [...tables.values()].map((p) => `"${p.table}"`);
    await pool.query(`DROP TABLE IF EXISTS ${names.join(", ")} CASCADE`);
    await pool.end();
  };
  try {
    await migrate(app.auth);
    const db: DBAdapter = app.auth.$context.adapter;
    const services = (app.auth as unknown as { billing: BillingServices }).billing;
    const signed = await app.signUp({ email: `admin-${tablePrefix}@example.com` });
    await db.update({
      model: "user",
      where: [{ field: "id", value: signed.user.id }],
      update: { role: "admin" },
    });
    const merchant = await services.merchants.defaultMerchant();
    return { ...app, pool, db, services, merchant, processor, clock, physical, shop: signed.browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type PgBillingApp = Awaited<ReturnType<typeof pgBillingApp>>;

/** CPU ms used so far by this process's PostgreSQL backends (same machine, Linux /proc). */
async function backendCpuMs(app: PgBillingApp): Promise<number> {
  const { rows } = await app.pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE application_name = current_setting('application_name')",
  );
  return processCpuMs(rows.map((r) => r.pid));
}

/**
 * Wall time and CPU of a run: Node (this process, all threads) and PostgreSQL (this pool's
 * backends; WAL writer, checkpointer and autovacuum not counted). On a shared machine the CPU
 * per operation is the steadier figure: wall time depends on everyone else's load.
 */
export async function measured(app: PgBillingApp, run: () => Promise<void>) {
  const pgBefore = await backendCpuMs(app);
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const pgMs = (await backendCpuMs(app)) - pgBefore;
  return { seconds, nodeMs: (used.user + used.system) / 1000, pgMs };
}

/** p50 / p99 / mean of samples in ms. */
export function percentiles(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return { p50: at(0.5), p99: at(0.99), mean };
}

export const fmt = (n: number, digits = 1) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Runs `task(i)` for i in [0, total) with `concurrency` workers; returns seconds. */
export async function timed(total: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) await task(i);
    }),
  );
  return (performance.now() - start) / 1000;
}

/**
 * Writes to sockets while `run` runs: with PostgreSQL the only sockets in this process, its round
 * trips (a transaction's BEGIN travels in one write with the first statement).
 */
export async function socketWrites(run: () => Promise<unknown>) {
  const proto = Socket.prototype as unknown as Record<"_write" | "_writev", (...a: unknown[]) => unknown>;
  const originals = { _write: proto._write, _writev: proto._writev };
  let n = 0;
  for (const method of ["_write", "_writev"] as const) {
    const original = originals[method];
    proto[method] = function (this: Socket, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    proto._write = originals._write;
    proto._writev = originals._writev;
  }
  return n;
}

/** Statements sent to PostgreSQL while `run` runs (every pooled client's `query`). */
export async function roundTrips(run: () => Promise<unknown>) {
  const query = pg.Client.prototype.query;
  let n = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    n++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return n;
}

/** Quoted names the checkout benchmarks' final check reads. */
export interface CheckoutTables {
  readonly order: { readonly table: string; readonly status: string; readonly totalAmount: string };
  readonly checkout: { readonly table: string; readonly status: string };
}

export function checkoutTables(physical: PgBillingApp["physical"]): CheckoutTables {
  const o = physical("billingOrder");
  const c = physical("billingCheckout");
  return {
    order: { table: o.table, status: o.col("status"), totalAmount: o.col("totalAmount") },
    checkout: { table: c.table, status: c.col("status") },
  };
}

/** Counted in the database: `expected` checkouts succeeded, each with its paid order of 2500. */
export async function paidOrders(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  { order: o, checkout: c }: CheckoutTables,
  expected: number,
) {
  const counted = await query(
    `SELECT (SELECT count(*)::int FROM ${o.table} WHERE ${o.status} = 'paid' AND ${o.totalAmount} = 2500) AS paid,
            (SELECT count(*)::int FROM ${c.table} WHERE ${c.status} = 'succeeded') AS succeeded,
            (SELECT count(*)::int FROM ${o.table}) AS orders`,
  );
  const check = counted.rows[0] as { paid: number; succeeded: number; orders: number };
  const ok = check.paid === expected && check.succeeded === expected && check.orders === expected;
  return { ok, check };
}
