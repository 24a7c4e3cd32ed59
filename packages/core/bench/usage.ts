/**
 * `pnpm bench` usage scenario (issues 14 and 20), PostgreSQL (GATEHOUSE_PG_URL):
 * 1. ingestion in batches of 1,000 through the service (`billing.usage.ingest`) and over the
 *    merchant API (`POST /billing/events/ingest`, signed-in platform admin), 1 to 8 batches in
 *    flight -> events/s, with Node's and PostgreSQL's CPU per event. Every event has an externalId (the idempotency path is exercised).
 * 2. 1,000,000 events in the table (100 customers over 12 months, one heavy customer with 10%),
 *    then one customer's meter over one month (sum of metadata.tokens where name = api.call):
 *    the single aggregation and `GET /billing/meters/quantities` (daily buckets) -> p50/p99 ms.
 * 3. The same events in a table partitioned by month (docs/performance.md has the DDL): the
 *    meter again, and retention (one month dropped) by DELETE vs DROP of a partition.
 * Results are checked before they are measured (counts, duplicates, the meter's value against SQL).
 * BENCH_USAGE_INGEST_ONLY=1 runs the ingestion rows of 1. only (BENCH_USAGE_BATCHES batches each;
 * BENCH_USAGE_PATH=service or HTTP keeps one path's rows), e.g. under `node --cpu-prof`.
 */
import { meterRepository } from "../src/plugins/billing/catalog/meters/repository";
import { meterQuery } from "../src/plugins/billing/usage/balances";
import { usageRepository } from "../src/plugins/billing/usage/repository";
import {
  CORES,
  fmt,
  measured,
  type PgBillingApp,
  percentiles,
  pgBillingApp,
  pgUrl,
  roundTrips,
} from "./pg-app";
import { partitionByMonth, retention } from "./usage-partitions";

const TOTAL = Number(process.env.BENCH_USAGE_EVENTS ?? 1_000_000);
const BATCH = 1000;
const BATCHES = Number(process.env.BENCH_USAGE_BATCHES ?? 40);
const INGEST_ONLY = process.env.BENCH_USAGE_INGEST_ONLY === "1";
const ONLY_PATH = process.env.BENCH_USAGE_PATH;
const CUSTOMERS = 100;
const RUNS = 50;
const MONTH_START = new Date(Date.UTC(2025, 11, 1));
const MONTH_END = new Date(Date.UTC(2026, 0, 1));

let serial = 0;
function batch(customers: readonly { id: string; externalId: string }[]) {
  const tag = (serial++).toString(36);
  return Array.from({ length: BATCH }, (_, i) => {
    const c = customers[i % customers.length]!;
    return {
      name: i % 3 === 0 ? "api.other" : "api.call",
      ...(i % 2 === 0 ? { customerId: c.id } : { externalCustomerId: c.externalId }),
      timestamp: new Date(Date.UTC(2026, 0, 15, 11) + i * 1000).toISOString(),
      externalId: `evt_${tag}_${i}`,
      metadata: { tokens: i % 100, region: i % 2 ? "eu-west" : "us-east", model: "small" },
    };
  });
}

type Ingest = (events: unknown[]) => Promise<{ inserted: number; duplicates: number }>;

async function ingestRate(
  app: PgBillingApp,
  ingest: Ingest,
  customers: Parameters<typeof batch>[0],
  inFlight: number,
) {
  const batches = Array.from({ length: BATCHES }, () => batch(customers));
  let next = 0;
  const m = await measured(app, async () => {
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        for (let i = next++; i < batches.length; i = next++) {
          const r = await ingest(batches[i]!);
          if (r.inserted !== BATCH) throw new Error(`batch ${i}: ${JSON.stringify(r)}`);
        }
      }),
    );
  });
  const events = BATCHES * BATCH;
  const nodeUs = (m.nodeMs * 1000) / events;
  const pgUs = (m.pgMs * 1000) / events;
  // What 2 otherwise idle cores could do at this CPU cost per event (Node + PostgreSQL).
  return { rate: events / m.seconds, nodeUs, pgUs, ceiling: (CORES * 1e6) / (nodeUs + pgUs) };
}

async function timings(run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

async function seed(app: PgBillingApp, customerIds: readonly string[]) {
  const e = app.physical("billingEvent");
  const start = performance.now();
  // Customer 0 is heavy (10% of the rows); the rest share 90%. 12 months up to 2026-01-01.
  await app.pool.query(
    `INSERT INTO ${e.table} (${["id", "merchantId", "customerId", "externalCustomerId", "name", "timestamp", "metadata", "externalId", "source", "createdAt"].map(e.col).join(", ")})
     SELECT 'bevt_seed_' || g, $1, CASE WHEN g % 10 = 0 THEN ($2::text[])[1] ELSE ($2::text[])[2 + g % ($3::int - 1)] END, NULL,
            CASE WHEN g % 7 < 2 THEN 'api.other' ELSE 'api.call' END,
            timestamptz '2025-01-01' + (g::float8 / $4::int) * interval '365 days',
            jsonb_build_object('tokens', g % 100, 'region', CASE WHEN g % 2 = 0 THEN 'us-east' ELSE 'eu-west' END),
            NULL, 'user', now()
     FROM generate_series(1, $4::int) g`,
    [app.merchant.id, customerIds, customerIds.length, TOTAL - (await countEvents(app))],
  );
  await app.pool.query(`ANALYZE ${e.table}`);
  return (performance.now() - start) / 1000;
}

async function countEvents(app: PgBillingApp) {
  const { rows } = await app.pool.query(
    `SELECT count(*)::int AS n FROM ${app.physical("billingEvent").table}`,
  );
  return rows[0].n as number;
}

/** The meter's value computed by plain SQL, to check the adapter's aggregation against. */
async function expected(app: PgBillingApp, customerId: string) {
  const e = app.physical("billingEvent");
  const { rows } = await app.pool.query(
    `SELECT coalesce(sum((${e.col("metadata")}->>'tokens')::numeric), 0)::float8 AS v, count(*)::int AS n
     FROM ${e.table}
     WHERE ${e.col("customerId")} = $1 AND ${e.col("name")} = 'api.call' AND ${e.col("source")} = 'user'
       AND ${e.col("timestamp")} >= $2 AND ${e.col("timestamp")} < $3`,
    [customerId, MONTH_START, MONTH_END],
  );
  return { value: Number(rows[0].v), events: rows[0].n as number };
}

async function meterTimings(app: PgBillingApp, meterId: string, customerId: string) {
  const meter = (await meterRepository(app.db).find(app.merchant.id, meterId))!;
  const query = meterQuery(meter);
  const window = { customerId, start: MONTH_START, end: MONTH_END };
  const evaluate = () => usageRepository(app.db).evaluate(app.merchant.id, window, query);
  const { value: want, events } = await expected(app, customerId);
  const got = await evaluate();
  if (got !== want || want === 0)
    throw new Error(`meter ${got}, SQL ${want} (${events} events of ${customerId})`);
  const quantities = async () => {
    const r = await app.shop.get<{ total: number; quantities: unknown[] }>("/billing/meters/quantities", {
      query: {
        meterId,
        customerId,
        startTimestamp: MONTH_START.toISOString(),
        endTimestamp: MONTH_END.toISOString(),
        interval: "day",
      },
    });
    if (r.status !== 200 || r.data.total !== want || r.data.quantities.length !== 31) {
      throw new Error(`quantities ${r.status} ${JSON.stringify(r.data).slice(0, 200)}`);
    }
  };
  return { value: want, events, single: await timings(evaluate), daily: await timings(quantities) };
}

type Rate = { path: string; inFlight: number } & Awaited<ReturnType<typeof ingestRate>>;

function printRates(rates: readonly Rate[]) {
  console.log(`\nUsage ingestion on PostgreSQL (batches of ${BATCH}, ${BATCHES} batches per row)`);
  console.log(
    `| path | batches in flight | events/s | Node CPU µs/event | PostgreSQL CPU µs/event | CPU-bound ceiling on ${CORES} idle cores, events/s |\n|---|---:|---:|---:|---:|---:|`,
  );
  for (const r of rates) {
    console.log(
      `| ${r.path} | ${r.inFlight} | ${fmt(r.rate, 0)} | ${fmt(r.nodeUs)} | ${fmt(r.pgUs)} | ${fmt(r.ceiling, 0)} |`,
    );
  }
}

async function main(url: string) {
  const app = await pgBillingApp(url, "u", { start: Date.UTC(2026, 0, 15, 12) });
  const extra: string[] = [];
  try {
    const customers: { id: string; externalId: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const externalId = `cust_${i}`;
      const r = await app.shop.post<{ id: string }>("/billing/customers/create", {
        email: `c${i}@example.com`,
        externalId,
      });
      if (r.status !== 200) throw new Error(`customer: ${r.status} ${JSON.stringify(r.data)}`);
      customers.push({ id: r.data.id, externalId });
    }
    const meter = await app.shop.post<{ id: string }>("/billing/meters/create", {
      name: "Tokens",
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.call" }] },
      aggregation: { func: "sum", property: "tokens" },
    });
    if (meter.status !== 200) throw new Error(`meter: ${meter.status}`);

    const service: Ingest = (events) => app.services.usage.ingest({ events: events as never });
    const http: Ingest = async (events) => {
      const r = await app.shop.post<{ inserted: number; duplicates: number }>("/billing/events/ingest", {
        events,
      });
      if (r.status !== 200) throw new Error(`ingest: ${r.status} ${JSON.stringify(r.data).slice(0, 200)}`);
      return r.data;
    };
    // Real responses first: a batch lands whole, the same batch again is all duplicates.
    const first = batch(customers);
    let a: Awaited<ReturnType<Ingest>> | undefined;
    let b: Awaited<ReturnType<Ingest>> | undefined;
    const trips = {
      http: await roundTrips(async () => (a = await http(first))),
      service: await roundTrips(async () => (b = await service(first))),
    };
    if (a?.inserted !== BATCH || b?.inserted !== 0 || b?.duplicates !== BATCH) {
      throw new Error(`idempotency check failed: ${JSON.stringify({ a, b })}`);
    }
    const fresh = batch(customers);
    const insertTrips = await roundTrips(() => service(fresh));
    const rates: Rate[] = [];
    for (const [path, ingest, levels] of [
      ["service", service, [1, 4, 8]],
      ["HTTP", http, [1, 4]],
    ] as const) {
      if (ONLY_PATH && INGEST_ONLY && path !== ONLY_PATH) continue;
      for (const inFlight of levels)
        rates.push({ path, inFlight, ...(await ingestRate(app, ingest, customers, inFlight)) });
    }
    const ingested = await countEvents(app);
    if (ingested !== (2 + rates.length * BATCHES) * BATCH) throw new Error(`ingested ${ingested} rows`);
    const tripsLine = `  database round trips per batch: ${insertTrips} (service, new events), ${trips.service} (service, all duplicates), ${trips.http} (HTTP, new events; BEGIN/COMMIT included)`;
    if (INGEST_ONLY) {
      printRates(rates);
      console.log(tripsLine);
      return;
    }

    const ids = customers.map((c) => c.id);
    const seedSeconds = await seed(app, ids);
    const total = await countEvents(app);
    if (total !== TOTAL) throw new Error(`seeded ${total}`);
    const afterSeed = {
      path: `service, ${fmt(TOTAL / 1e6, 1)}M rows in the table`,
      inFlight: 4,
      ...(await ingestRate(app, service, customers, 4)),
    };
    const heavy = await meterTimings(app, meter.data.id, ids[0]!);
    const typical = await meterTimings(app, meter.data.id, ids[1]!);

    const parts = await partitionByMonth(app, extra);
    const intoPartitions = {
      path: "service, into the monthly partitions",
      inFlight: 4,
      ...(await ingestRate(app, service, customers, 4)),
    };
    const heavyP = await meterTimings(app, meter.data.id, ids[0]!);
    const typicalP = await meterTimings(app, meter.data.id, ids[1]!);
    const kept = await retention(app, extra);

    printRates([...rates, afterSeed, intoPartitions]);
    console.log(tripsLine);
    console.log(
      `\nMeter for one customer over one month, ${fmt(TOTAL, 0)} events in the table (seed ${fmt(seedSeconds)} s)`,
    );
    console.log(
      "| table | customer (events in the month) | query | p50 ms | p99 ms | mean ms |\n|---|---|---|---:|---:|---:|",
    );
    const row = (table: string, who: string, r: Awaited<ReturnType<typeof meterTimings>>) => {
      console.log(
        `| ${table} | ${who} | one aggregation | ${fmt(r.single.p50, 2)} | ${fmt(r.single.p99, 2)} | ${fmt(r.single.mean, 2)} |`,
      );
      console.log(
        `| ${table} | ${who} | GET quantities (31 days) | ${fmt(r.daily.p50, 2)} | ${fmt(r.daily.p99, 2)} | ${fmt(r.daily.mean, 2)} |`,
      );
    };
    row("plain", `heavy (${heavy.events})`, heavy);
    row("plain", `typical (${typical.events})`, typical);
    row(`monthly partitions (${parts.partitions})`, "heavy", heavyP);
    row(`monthly partitions (${parts.partitions})`, "typical", typicalP);
    console.log(`  partitioned copy built in ${fmt(parts.seconds)} s`);
    console.log(`\nRetention: one month (${fmt(kept.rows, 0)} rows) removed`);
    console.log(
      `| how | ms |\n|---|---:|\n| DELETE ... WHERE timestamp < (plain table) | ${fmt(kept.deleteMs)} |`,
    );
    console.log(`| DETACH + DROP the partition | ${fmt(kept.dropMs)} |`);
    console.log(`  check ok: meter values ${heavy.value} / ${typical.value} on both tables`);
    if (heavyP.value !== heavy.value || typicalP.value !== typical.value)
      throw new Error("partitioned meter differs");
  } finally {
    if (extra.length) await app.pool.query(`DROP TABLE IF EXISTS ${extra.join(", ")} CASCADE`);
    await app.close();
  }
}

if (pgUrl) await main(pgUrl);
else console.log("\nUsage ingestion and meters: skipped (set GATEHOUSE_PG_URL to a PostgreSQL database)");
