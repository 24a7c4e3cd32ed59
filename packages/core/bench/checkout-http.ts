/**
 * The checkout benchmark over HTTP, as users deploy: the app behind a node:http server
 * (`toNodeHandler`) in its own process (`bench/checkout-server.ts`), the buyers' requests sent from
 * this process over keep-alive connections (node:http Agent, one socket per purchase in flight).
 * One purchase is checked end to end before anything is timed, then a warm-up, then timed rows;
 * afterwards every checkout must have succeeded with its paid order. CPU per purchase: the server
 * process, its PostgreSQL backends, and this process (the load side).
 */
import { type ChildProcess, fork } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { address } from "../test/billing/fixtures";
import type { ServerReady } from "./checkout-server";
import { CORES, fmt, paidOrders } from "./pg-app";
import { processCpuMs } from "./process-cpu";

/** The app's origin (createTestAuth's baseURL): the CSRF check wants it as Origin on POSTs. */
const ORIGIN = "http://localhost:3000";
const BASE_PATH = "/api/auth";
const IN_FLIGHT = [8, 32];
/** Untimed purchases first (JIT, pool connections, prepared statements; every buyer a customer). */
const WARM_UP = Number(process.env.BENCH_CHECKOUT_WARM_UP ?? 1000);

/**
 * A signed-in buyer and the loopback address it connects from (127.0.0.2, .3, ...): each buyer is a
 * client IP of its own for the rate limiter, which stays on (memory store) as deployed.
 */
interface Buyer {
  readonly cookie: string;
  readonly address: string;
}

const buyersOf = (ready: ServerReady): Buyer[] =>
  ready.cookies.map((cookie, i) => ({ cookie, address: `127.0.0.${2 + i}` }));

interface Answer<T> {
  status: number;
  data: T;
}

/** One request on a keep-alive socket of `agent`; the JSON body parsed. */
function send<T>(
  agent: http.Agent,
  port: number,
  buyer: Buyer,
  method: "GET" | "POST",
  route: string,
  body?: unknown,
): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = { host: "localhost:3000", cookie: buyer.cookie };
    if (payload) {
      headers.origin = ORIGIN;
      headers["content-type"] = "application/json";
      headers["content-length"] = payload.byteLength;
    }
    const req = http.request(
      {
        agent,
        host: "127.0.0.1",
        port,
        localAddress: buyer.address,
        method,
        path: BASE_PATH + route,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode ?? 0, data: (text === "" ? null : JSON.parse(text)) as T });
          } catch {
            reject(new Error(`${method} ${route}: ${res.statusCode} not JSON: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function purchase(agent: http.Agent, ready: ServerReady, buyer: Buyer) {
  const created = await send<{ url: string }>(agent, ready.port, buyer, "POST", "/checkout", {
    products: [ready.productId],
  });
  if (created.status !== 200) throw new Error(`checkout: ${created.status} ${JSON.stringify(created.data)}`);
  const secret = created.data.url.slice(created.data.url.lastIndexOf("/") + 1);
  const confirmed = await send<{ status: string }>(
    agent,
    ready.port,
    buyer,
    "POST",
    `/checkouts/client/${secret}/confirm`,
    { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" },
  );
  if (confirmed.status !== 200 || confirmed.data.status !== "succeeded") {
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.data).slice(0, 300)}`);
  }
}

/**
 * `count` purchases, `inFlight` at a time; purchase k is bought by buyer k mod 32 (no buyer goes
 * over the rate limiter's default 100 checkouts per 10 s). The first failure stops new purchases;
 * the ones in flight finish before it is thrown (the server is not closed under them). Seconds.
 */
async function run(ready: ServerReady, buyers: readonly Buyer[], inFlight: number, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight, maxTotalSockets: inFlight });
  let next = 0;
  let failure: unknown;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let k = next++; k < count && failure === undefined; k = next++) {
        await purchase(agent, ready, buyers[k % buyers.length]!).catch((error: unknown) => {
          failure ??= error;
        });
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  if (failure !== undefined) throw failure;
  return seconds;
}

/** Forks the server; resolves once it listens (its product and buyers made). */
function startServer(url: string): { proc: ChildProcess; ready: Promise<ServerReady> } {
  // Built by `bench/built.ts` (this file is then `.bench-built/checkout.mjs`): the built server
  // next to it, run by plain node; from source: the server's source, through tsx.
  const built = import.meta.url.endsWith(".mjs");
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(dir, built ? "checkout-server.mjs" : "checkout-server.ts");
  const proc = fork(file, [], {
    execArgv: built ? [] : ["--import", "tsx"],
    env: { ...process.env, GATEHOUSE_PG_URL: url },
  });
  const ready = new Promise<ServerReady>((resolve, reject) => {
    proc.once("message", (m: ServerReady & { error?: string }) =>
      m.error ? reject(new Error(`server: ${m.error}`)) : resolve(m),
    );
    proc.once("exit", (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  return { proc, ready };
}

/** Asks the server to close (drops its tables); killed if it has not exited after 10 s. */
async function stopServer(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  if (proc.connected) proc.send("close");
  else proc.kill("SIGTERM");
  const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function checkoutOverHttp(url: string, perRow: number) {
  const { proc, ready: starting } = startServer(url);
  const client = new pg.Client({ connectionString: url });
  try {
    const ready = await starting;
    const buyers = buyersOf(ready);
    await client.connect();
    const pgCpuMs = async () => {
      const { rows } = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = $1",
        [ready.tablePrefix],
      );
      return processCpuMs(rows.map((r) => r.pid));
    };

    // A real purchase first: the buyer's order is paid, for the product's amount.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await purchase(agent, ready, buyers[0]!);
    const orders = await send<{ items: { status: string; totalAmount: number }[] }>(
      agent,
      ready.port,
      buyers[0]!,
      "GET",
      "/customer/orders/list",
    );
    agent.destroy();
    const order = orders.data.items?.[0];
    if (orders.status !== 200 || orders.data.items.length !== 1 || order?.status !== "paid") {
      throw new Error(`order not paid: ${orders.status} ${JSON.stringify(orders.data).slice(0, 300)}`);
    }
    if (order.totalAmount !== 2500) throw new Error(`order amount: ${order.totalAmount}`);
    await run(ready, buyers, Math.max(...IN_FLIGHT), WARM_UP); // JIT, pool connections, every buyer a customer

    const rows: {
      inFlight: number;
      count: number;
      seconds: number;
      server: number;
      db: number;
      load: number;
    }[] = [];
    for (const inFlight of IN_FLIGHT) {
      const serverBefore = await processCpuMs([ready.pid]);
      const pgBefore = await pgCpuMs();
      const cpu = process.cpuUsage();
      const seconds = await run(ready, buyers, inFlight, perRow);
      const used = process.cpuUsage(cpu);
      const server = (await processCpuMs([ready.pid])) - serverBefore;
      const db = (await pgCpuMs()) - pgBefore;
      rows.push({ inFlight, count: perRow, seconds, server, db, load: (used.user + used.system) / 1000 });
    }

    const expected = 1 + WARM_UP + perRow * IN_FLIGHT.length;
    const { ok, check } = await paidOrders((text) => client.query(text), ready, expected);

    console.log(
      "\nCheckout over HTTP (node:http server in its own process, keep-alive clients in the benchmark process)",
    );
    console.log(
      `| in flight | purchases | seconds | purchases/s | ms per purchase (wall, mean) | server process CPU ms/purchase | PostgreSQL CPU ms/purchase | load side CPU ms/purchase | CPU-bound ceiling on ${CORES} idle cores, /s |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    );
    for (const r of rows) {
      const [server, db, load] = [r.server / r.count, r.db / r.count, r.load / r.count];
      console.log(
        `| ${r.inFlight} | ${r.count} | ${fmt(r.seconds, 2)} | ${fmt(r.count / r.seconds, 0)} | ${fmt((r.seconds * 1000 * r.inFlight) / r.count, 1)} | ${fmt(server, 2)} | ${fmt(db, 2)} | ${fmt(load, 2)} | ${fmt((CORES * 1000) / (server + db + load), 0)} |`,
      );
    }
    console.log(`  check ${ok ? "ok" : "FAILED"}: ${JSON.stringify({ expected, ...check })}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    await stopServer(proc);
  }
}
