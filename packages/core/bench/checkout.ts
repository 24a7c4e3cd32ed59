/**
 * `pnpm bench` checkout scenario (issue 20), PostgreSQL (GATEHOUSE_PG_URL): a signed-in buyer
 * creates a checkout (`POST /checkout`) and confirms it with the test processor
 * (`POST /checkouts/client/:secret/confirm`, saved card) -> a paid order, through the Web handler.
 * One purchase is checked end to end before anything is timed (checkout succeeded, the buyer's
 * order paid with the right amount); after the timed runs every checkout must have its paid order.
 * Purchases/s at 1, 8 and 32 in flight (one buyer per worker). `BENCH_CHECKOUTS=n` per row.
 */
import { address } from "../test/billing/fixtures";
import { fmt, pgBillingApp, pgUrl, timed } from "./pg-app";

const PER_ROW = Number(process.env.BENCH_CHECKOUTS ?? 1000);
const LEVELS = [1, 8, 32];

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
      Array.from({ length: Math.max(...LEVELS) }, async (_, i) => (await app.signUp({ email: `b${i}@example.com` })).browser),
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
    for (const b of buyers) await purchase(b, product.data.id); // warm-up: every buyer has a customer

    const rows: { inFlight: number; seconds: number }[] = [];
    for (const inFlight of LEVELS) {
      let next = 0;
      const seconds = await timed(PER_ROW, inFlight, async () => {
        await purchase(buyers[next++ % inFlight]!, product.data.id);
      });
      rows.push({ inFlight, seconds });
    }

    const o = app.physical("billingOrder");
    const c = app.physical("billingCheckout");
    const expected = 1 + buyers.length + PER_ROW * LEVELS.length;
    const counted = await app.pool.query(
      `SELECT (SELECT count(*)::int FROM ${o.table} WHERE ${o.col("status")} = 'paid' AND ${o.col("totalAmount")} = 2500) AS paid,
              (SELECT count(*)::int FROM ${c.table} WHERE ${c.col("status")} = 'succeeded') AS succeeded,
              (SELECT count(*)::int FROM ${o.table}) AS orders`,
    );
    const check = counted.rows[0] as { paid: number; succeeded: number; orders: number };
    const ok = check.paid === expected && check.succeeded === expected && check.orders === expected;

    console.log(`\nCheckout create + confirm -> paid order on PostgreSQL (test processor, ${PER_ROW} per row)`);
    console.log("| in flight | seconds | purchases/s | ms per purchase (wall, mean) |\n|---:|---:|---:|---:|");
    for (const r of rows) {
      console.log(`| ${r.inFlight} | ${fmt(r.seconds, 2)} | ${fmt(PER_ROW / r.seconds, 0)} | ${fmt((r.seconds * 1000 * r.inFlight) / PER_ROW, 1)} |`);
    }
    console.log(`  check ${ok ? "ok" : "FAILED"}: ${JSON.stringify({ expected, ...check })}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

if (pgUrl) await main(pgUrl);
else console.log("\nCheckout: skipped (set GATEHOUSE_PG_URL to a PostgreSQL database)");
