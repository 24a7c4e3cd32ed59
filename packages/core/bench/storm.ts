/**
 * `pnpm --filter @gatehouse-js/core bench:storm`: does hashing starve reads? Over HTTP
 * (`toNodeHandler` on node:http, PostgreSQL, real scrypt), one run measures `get-session` latency
 * from the database while idle, then during a sign-up storm, once with the bounded hashing pool
 * (default: cores - 1) and once unbounded (libuv's 4 threads). Prints p50/p99 and the ratio.
 * Needs PostgreSQL (GATEHOUSE_PG_URL, default postgres://postgres@127.0.0.1:5432/test).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { postgresAdapter } from "../src/adapters/kysely/index";
import { createAuth } from "../src/create-auth";
import { defaultHashConcurrency } from "../src/crypto/hash-queue";
import { migrate } from "../src/db/migrate";
import { toNodeHandler } from "../src/node";

const url = process.env.GATEHOUSE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.STORM_SECONDS ?? 5);
const READERS = 4;
const SIGNUPS = 8;

async function setUp(concurrency: number) {
  const prefix = `bench_storm_${concurrency}_${Date.now().toString(36)}_`;
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const auth = createAuth({
    baseURL: "http://localhost:3000",
    secret: "bench-secret-bench-secret-bench-secret-00",
    database: postgresAdapter(pool, { tablePrefix: prefix }),
    emailAndPassword: { enabled: true, password: { concurrency } },
    rateLimit: { enabled: false },
  });
  await migrate(auth);
  const server: Server = createServer(toNodeHandler(auth));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    const { rows } = await pool.query<{ t: string }>(
      "SELECT tablename AS t FROM pg_tables WHERE tablename LIKE $1",
      [`${prefix}%`],
    );
    if (rows.length) await pool.query(`DROP TABLE ${rows.map((r) => `"${r.t}"`).join(", ")} CASCADE`);
    await pool.end();
  };
  return { base, close };
}

const headers = { "content-type": "application/json", origin: "http://localhost:3000" };

async function signUp(base: string, email: string) {
  const res = await fetch(`${base}/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench", email, password: "bench-password-123" }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Latencies (ms) of get-session calls from `READERS` loops until `until`. */
async function readLoop(base: string, cookie: string, until: number) {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        const res = await fetch(`${base}/get-session`, { headers: { cookie } });
        const body = (await res.json()) as { user?: { email: string } } | null;
        if (!body?.user) throw new Error("get-session answered no session");
        times.push(performance.now() - start);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(concurrency: number) {
  const { base, close } = await setUp(concurrency);
  const cookie = await signUp(base, "reader@example.com");
  const idle = await readLoop(base, cookie, performance.now() + SECONDS * 1000);
  let stop = false;
  let signUps = 0;
  const storm = Array.from({ length: SIGNUPS }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      await signUp(base, `storm-${w}-${i}@example.com`);
      signUps++;
    }
  });
  const busy = await readLoop(base, cookie, performance.now() + SECONDS * 1000);
  stop = true;
  await Promise.all(storm);
  await close();
  return {
    concurrency,
    idle: { n: idle.length, p50: pct(idle, 0.5), p99: pct(idle, 0.99) },
    storm: { n: busy.length, p50: pct(busy, 0.5), p99: pct(busy, 0.99), signUpsPerSecond: signUps / SECONDS },
  };
}

const rows = [await measure(defaultHashConcurrency()), await measure(4)];
const f = (n: number) => n.toFixed(2);
console.log(
  `get-session (PostgreSQL, ${READERS} readers) idle vs during a sign-up storm (${SIGNUPS} loops), ${SECONDS} s each`,
);
console.log(
  "| hashing pool | idle p50 | idle p99 | storm p50 | storm p99 | p99 ratio | reads idle/storm | sign-ups/s |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.concurrency}${r.concurrency === defaultHashConcurrency() ? " (default)" : " (libuv, unbounded)"} | ${f(r.idle.p50)} ms | ${f(r.idle.p99)} ms | ${f(r.storm.p50)} ms | ${f(r.storm.p99)} ms | ${f(r.storm.p99 / r.idle.p99)}x | ${r.idle.n}/${r.storm.n} | ${f(r.storm.signUpsPerSecond)} |`,
  );
