/**
 * `pnpm bench` renewals scenario (issue 12): on PostgreSQL (GATEHOUSE_PG_URL), seeds N active
 * monthly subscriptions due now (default 10,000; `BENCH_RENEWALS=n` to change), then times
 * `auth.billing.runDue()` until every one is renewed and its `subscription_cycle` order charged
 * off-session (test processor) and paid. The result is checked before it is reported: N renewed
 * subscriptions, N paid cycle orders, one per subscription, N processor charges, no key twice.
 * Tables get a prefix of their own and are dropped at the end.
 */
import pg from "pg";
import { postgresAdapter } from "../src/adapters/kysely/index";
import type { DBAdapter } from "../src/db/adapter";
import { migrate } from "../src/db/migrate";
import { resolvePhysical } from "../src/db/physical";
import { billing } from "../src/plugins/billing";
import { testProcessor } from "../src/plugins/billing/processors/test-processor";
import type { BillingServices } from "../src/plugins/billing/services";
import { createTestAuth } from "../src/testing";

const url = process.env.GATEHOUSE_PG_URL;
const total = Number(process.env.BENCH_RENEWALS ?? 10_000);
const renewalConcurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DAY = 86_400_000;

async function main(connectionString: string) {
  const tablePrefix = `bench${Math.random().toString(36).slice(2, 8)}_`;
  const pool = new pg.Pool({ connectionString, max: renewalConcurrency + 2 });
  const database = postgresAdapter(pool, { tablePrefix });
  let t = Date.UTC(2026, 0, 10, 12, 0);
  const processor = testProcessor();
  const app = createTestAuth({
    database,
    advanced: { now: () => new Date(t) },
    plugins: [billing({ processor, subscriptions: { renewalConcurrency } })],
  });
  const schema = app.auth.$context.schema;
  const tables = resolvePhysical(schema, { tablePrefix });
  const pm = (model: string) => tables.get(model)!;
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  try {
    await migrate(app.auth);
    const services = (app.auth as unknown as { billing: BillingServices }).billing;
    const db: DBAdapter = app.auth.$context.adapter;

    // One subscription through a real checkout, then cloned in SQL (a customer each).
    const merchant = await services.merchants.defaultMerchant();
    const product = await db.create<{ id: string }>({
      model: "billingProduct",
      data: {
        merchantId: merchant.id,
        name: "Pro",
        isRecurring: true,
        recurringInterval: "month",
        metadata: {},
      },
    });
    await db.create({
      model: "billingPrice",
      data: {
        productId: product.id,
        merchantId: merchant.id,
        type: "recurring",
        recurringInterval: "month",
        priceCurrency: "usd",
        amountType: "fixed",
        priceAmount: 1000,
      },
    });
    const { browser } = await app.signUp();
    const checkout = await browser.post<{ url: string }>("/checkout", { products: [product.id] });
    const secret = decodeURIComponent(checkout.data.url.split("/").pop()!);
    const confirmed = await browser.post<{ subscriptionId: string }>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: {
        country: "US",
        line1: "1 Main St",
        city: "Springfield",
        postalCode: "12345",
        state: "US-IL",
      },
      confirmationTokenId: "pm_card_visa",
    });
    const sourceId = confirmed.data.subscriptionId;
    if (!sourceId) throw new Error(`checkout failed: ${JSON.stringify(confirmed.data)}`);
    const source = (await services.subscriptions.findById(sourceId))!;

    const seedStart = performance.now();
    const clone = async (model: string, where: string, overrides: Record<string, string>) => {
      const p = pm(model);
      const cols = [...p.columns].map(([field, column]) => ({
        column: `"${column}"`,
        expr: overrides[field],
      }));
      await q(
        `INSERT INTO "${p.table}" (${cols.map((c) => c.column).join(", ")})
         SELECT ${cols.map((c) => c.expr ?? `src.${c.column}`).join(", ")}
         FROM "${p.table}" src, generate_series(1, $2::int) g WHERE src."${p.columns.get("id")}" = $1`,
        [where, total - 1],
      );
    };
    await clone("billingCustomer", source.customerId, {
      id: "'bcus_' || g",
      email: "'bench' || g || '@example.com'",
      externalId: "NULL",
      processorCustomerId: "'tcus_bench_' || g",
    });
    await clone("billingSubscription", sourceId, {
      id: "'bsub_' || g",
      customerId: "'bcus_' || g",
      userId: "NULL",
      checkoutId: "NULL",
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const subTable = `"${pm("billingSubscription").table}"`;
    const col = (model: string, field: string) => `"${pm(model).columns.get(field)}"`;
    const seeded = await q(`SELECT count(*)::int AS n FROM ${subTable}`);
    if (seeded.rows[0].n !== total) throw new Error(`seeded ${seeded.rows[0].n}, expected ${total}`);

    // One month on: every subscription is due.
    t = source.currentPeriodEnd!.getTime() + DAY;
    const periodEnd = source.currentPeriodEnd!;
    const start = performance.now();
    let runs = 0;
    for (;;) {
      const r = (await services.runDue()).subscriptions;
      runs += 1;
      const c = r.charges;
      if (r.renewed + r.ended + c.paid + c.failed + c.processing + c.void === 0) break;
      if (runs > total) throw new Error("runDue did not converge");
    }
    const seconds = (performance.now() - start) / 1000;

    // The result is real: N renewed, N paid cycle orders (one each), N charges, no key twice.
    const orderTable = `"${pm("billingOrder").table}"`;
    const renewed = await q(
      `SELECT count(*)::int AS n FROM ${subTable} WHERE ${col("billingSubscription", "currentPeriodStart")} = $1 AND ${col("billingSubscription", "status")} = 'active'`,
      [periodEnd],
    );
    const orders = await q(
      `SELECT count(*)::int AS n, count(DISTINCT ${col("billingOrder", "subscriptionId")})::int AS subs,
              count(*) FILTER (WHERE ${col("billingOrder", "status")} = 'paid')::int AS paid
       FROM ${orderTable} WHERE ${col("billingOrder", "billingReason")} = 'subscription_cycle'`,
    );
    const keys = new Set(processor.charges.map((c) => c.idempotencyKey));
    const check = {
      renewed: renewed.rows[0].n,
      cycleOrders: orders.rows[0].n,
      paid: orders.rows[0].paid,
      distinctSubscriptions: orders.rows[0].subs,
      charges: processor.charges.length,
      distinctKeys: keys.size,
    };
    const ok = Object.values(check).every((n) => n === total);
    console.log(
      `\nBilling renewals on PostgreSQL (${total} due subscriptions, concurrency ${renewalConcurrency})`,
    );
    console.log(`  seed ${seedSeconds.toFixed(2)} s; runDue() calls ${runs}`);
    console.log(`  renewed + charged in ${seconds.toFixed(2)} s: ${Math.round(total / seconds)} renewals/s`);
    console.log(`  check ${ok ? "ok" : "FAILED"}: ${JSON.stringify(check)}`);
    if (!ok) process.exitCode = 1;
  } finally {
    const names = [...tables.values()].map((p) => `"${p.table}"`);
    await q(`DROP TABLE IF EXISTS ${names.join(", ")} CASCADE`);
    await pool.end();
  }
}

if (url) await main(url);
else console.log("\nBilling renewals: skipped (set GATEHOUSE_PG_URL to a PostgreSQL database)");
