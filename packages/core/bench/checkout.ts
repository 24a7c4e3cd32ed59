/**
 * `pnpm bench` checkout scenario (issue 20), PostgreSQL (GATEHOUSE_PG_URL): a signed-in buyer
 * creates a checkout (`POST /checkout`) and confirms it with the test processor
 * (`POST /checkouts/client/:secret/confirm`, saved card) -> a paid order, through the Web handler.
 * One purchase is checked end to end before anything is timed (checkout succeeded, the buyer's
 * order paid with the right amount); after the timed runs every checkout must have its paid order.
 * Purchases/s at 1, 8 and 32 in flight (one buyer per worker), after 1,000 untimed purchases (`BENCH_CHECKOUT_WARM_UP`). `BENCH_CHECKOUTS=n` per row (a fifth
 * of it one at a time). Then the same purchases over HTTP (`bench/checkout-http.ts`): a node:http
 * server in its own process, keep-alive clients in this one.
 */

import { address } from "../test/billing/fixtures";
import { checkoutOverHttp } from "./checkout-http";
import {
  CORES,
  checkoutTables,
  fmt,
  measured,
  paidOrders,
  pgBillingApp,
  pgUrl,
  roundTrips,
  socketWrites,
  timed,
} from "./pg-app";

const PER_ROW = Number(process.env.BENCH_CHECKOUTS ?? 2000);
/**
 * Untimed purchases (8 in flight) before the rows: JIT-compiled code, pool connections and prepared
 * statements, as a server that has been up for a while has them. Rows of a few hundred purchases
 * right after start measured the compiler more than the code (Node CPU 3.6 ms per purchase at 8 in
 * flight against 1.9 ms warm).
 */
const CHECKOUT_WARM_UP = Number(process.env.BENCH_CHECKOUT_WARM_UP ?? 1000);
/** In flight -> purchases timed (one at a time is latency-bound: a fifth of the others). */
const LEVELS = [
  { inFlight: 1, count: Math.ceil(PER_ROW / 5) },
  { inFlight: 8, count: PER_ROW },
  { inFlight: 32, count: PER_ROW },
];

type Browser = Awaited<ReturnType<Awaited<ReturnType<typeof pgBillingApp>>["signUp"]>>["browser"];

async function purchase(buyer: Browser, productId: string) {
  const created = await buyer.post<{ url: string }>("/checkout", { products: [productId] });
  if (created.status !== 200) throw new Error(`checkout: ${created.status} ${JSON.stringify(created.data)}`);
  const secret = decodeURIComponent(created.data.url.split("/").pop()!);
  const confirmed = await buyer.post<{ status: string }>(`/checkouts/client/${secret}/confirm`, {
    customerBillingAddress: address,
    confirmationTokenId: "pm_card_visa",
  });
  if (confirmed.status !== 200 || confirmed.data.status !== "succeeded") {
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.data).slice(0, 300)}`);
  }
}

async function main(url: string) {
  const app = await pgBillingApp(url, "c", { poolSize: 20 });
  try {
    const product = await app.shop.post<{ id: string }>("/billing/products/create", {
      name: "E-book",
      prices: [{ amountType: "fixed", priceAmount: 2500 }],
    });
    if (product.status !== 200) throw new Error(`product: ${product.status} ${JSON.stringify(product.data)}`);
    const buyers = await Promise.all(
      Array.from(
        { length: Math.max(...LEVELS.map((l) => l.inFlight)) },
        async (_, i) => (await app.signUp({ email: `b${i}@example.com` })).browser,
      ),
    );

    // A real purchase first: the order is paid, for the product's amount.
    await purchase(buyers[0]!, product.data.id);
    const orders = await buyers[0]!.get<{ items: { status: string; paid: boolean; totalAmount: number }[] }>(
      "/customer/orders/list",
    );
    const order = orders.data.items[0];
    if (orders.data.items.length !== 1 || order?.status !== "paid" || order.totalAmount !== 2500) {
      throw new Error(`order not paid: ${JSON.stringify(orders.data).slice(0, 300)}`);
    }
    for (const b of buyers) await purchase(b, product.data.id); // every buyer has a customer
    let warm = 0;
    await timed(CHECKOUT_WARM_UP, 8, async () => {
      await purchase(buyers[warm++ % 8]!, product.data.id);
    });
    const trips = await roundTrips(() => purchase(buyers[0]!, product.data.id));
    const writes = await socketWrites(() => purchase(buyers[0]!, product.data.id));

    const rows: { inFlight: number; count: number; seconds: number; nodeMs: number; pgMs: number }[] = [];
    for (const { inFlight, count } of LEVELS) {
      let next = 0;
      const m = await measured(app, async () => {
        await timed(count, inFlight, async () => {
          await purchase(buyers[next++ % inFlight]!, product.data.id);
        });
      });
      rows.push({ inFlight, count, ...m });
    }

    const expected = 3 + buyers.length + CHECKOUT_WARM_UP + LEVELS.reduce((n, l) => n + l.count, 0);
    const { ok, check } = await paidOrders(
      (text) => app.pool.query(text),
      checkoutTables(app.physical),
      expected,
    );

    console.log("\nCheckout create + confirm -> paid order on PostgreSQL (test processor)");
    console.log(
      `  ${trips} statements per purchase (BEGIN/COMMIT included) in ${writes} round trips (BEGIN goes with the first statement)`,
    );
    console.log(
      `| in flight | purchases | seconds | purchases/s | ms per purchase (wall, mean) | Node CPU ms/purchase | PostgreSQL CPU ms/purchase | CPU-bound ceiling on ${CORES} idle cores, /s |\n|---:|---:|---:|---:|---:|---:|---:|---:|`,
    );
    for (const r of rows) {
      const node = r.nodeMs / r.count;
      const db = r.pgMs / r.count;
      console.log(
        `| ${r.inFlight} | ${r.count} | ${fmt(r.seconds, 2)} | ${fmt(r.count / r.seconds, 0)} | ${fmt((r.seconds * 1000 * r.inFlight) / r.count, 1)} | ${fmt(node, 2)} | ${fmt(db, 2)} | ${fmt((CORES * 1000) / (node + db), 0)} |`,
      );
    }
    console.log(`  check ${ok ? "ok" : "FAILED"}: ${JSON.stringify({ expected, ...check })}`);
    if (!ok) process.exitCode = 1;

    // The same purchase when the merchant has a webhook endpoint subscribed to every event: the
    // events are built and written to the outbox, and every change runs in a transaction.
    await app.services.webhooks.createEndpoint(app.merchant.id, {
      url: "https://hooks.example.com/in",
      events: [],
    });
    const withEndpoint = await roundTrips(() => purchase(buyers[0]!, product.data.id));
    const endpointWrites = await socketWrites(() => purchase(buyers[0]!, product.data.id));
    console.log(
      `  ${withEndpoint} statements (${endpointWrites} round trips) per purchase with one webhook endpoint subscribed to every event`,
    );
  } finally {
    await app.close();
  }
}

if (pgUrl) {
  await main(pgUrl);
  await checkoutOverHttp(pgUrl, PER_ROW);
} else console.log("\nCheckout: skipped (set GATEHOUSE_PG_URL to a PostgreSQL database)");
