/**
 * `pnpm bench` webhook scenario (issue 20), PostgreSQL (GATEHOUSE_PG_URL): events written to the
 * outbox (in transactions of 100, as flows emit them), then `billing.webhooks.deliverDue()` sends
 * them to a local node:http receiver (test/billing/webhooks/receiver.ts) that checks the
 * signatures of the first 200 with `verifyWebhook` and answers 200. Deliveries/s per concurrency.
 * Checked before it is reported: every event arrived once, the verified ones are genuine and of
 * the type emitted, every outbox row is marked succeeded. `BENCH_WEBHOOKS=n` events per row.
 */
import { startReceiver } from "../test/billing/webhooks/receiver";
import { fmt, measured, pgBillingApp, pgUrl } from "./pg-app";

const PER_ROW = Number(process.env.BENCH_WEBHOOKS ?? 3000);
const LEVELS = [10, 50];
const VERIFIED = 200;

async function main(url: string) {
  const app = await pgBillingApp(url, "w", {
    poolSize: 20,
    billing: { webhooks: { allowPrivateAddresses: true } },
  });
  const receiver = await startReceiver({ now: () => new Date(app.clock.t), verifyFirst: VERIFIED });
  try {
    const endpoint = await app.services.webhooks.createEndpoint(app.merchant.id, { url: receiver.url });
    receiver.secret = endpoint.secret;
    const payload = (i: number) => ({
      id: `cus_${i}`,
      email: `buyer${i}@example.com`,
      name: "Bench Buyer",
      billingAddress: { country: "US", line1: "1 Main St", city: "Springfield", postalCode: "12345" },
      metadata: { plan: "pro", seats: 3 },
      createdAt: new Date(app.clock.t).toISOString(),
    });
    const fill = async (from: number) => {
      for (let start = 0; start < PER_ROW; start += 100) {
        await app.services.ctx.write(async (_tx, emit) => {
          for (let i = start; i < Math.min(PER_ROW, start + 100); i++)
            await emit(app.merchant.id, "customer.updated", payload(from + i));
        });
      }
    };

    const rows: { concurrency: number; seconds: number; nodeMs: number; pgMs: number }[] = [];
    for (const [n, concurrency] of LEVELS.entries()) {
      await fill(n * PER_ROW);
      let delivered = 0;
      const m = await measured(app, async () => {
        while (delivered < PER_ROW) {
          const r = await app.services.webhooks.deliverDue({ limit: PER_ROW, concurrency });
          if (r.failed > 0 || r.skipped > 0) throw new Error(`deliveries failed: ${JSON.stringify(r)}`);
          if (r.delivered === 0) throw new Error(`stalled at ${delivered}`);
          delivered += r.delivered;
        }
      });
      rows.push({ concurrency, ...m });
    }

    const total = PER_ROW * LEVELS.length;
    const verified = receiver.hits.slice(0, VERIFIED);
    const ids = new Set(receiver.hits.map((h) => h.id));
    const e = app.physical("billingWebhookEvent");
    const { rows: stored } = await app.pool.query(
      `SELECT count(*) FILTER (WHERE ${e.col("status")} = 'succeeded')::int AS ok, count(*)::int AS n FROM ${e.table}`,
    );
    const check = {
      hits: receiver.hits.length,
      distinct: ids.size,
      verified: verified.filter((h) => h.error === null && h.event?.type === "customer.updated").length,
      answered200: receiver.hits.filter((h) => h.status === 200).length,
      outboxSucceeded: stored[0].ok,
    };
    const ok =
      check.hits === total &&
      check.distinct === total &&
      check.verified === VERIFIED &&
      check.answered200 === total &&
      check.outboxSucceeded === total &&
      stored[0].n === total;

    console.log(
      `\nWebhook delivery from the outbox to a local node:http receiver on PostgreSQL (${PER_ROW} events per row)`,
    );
    console.log(
      "| concurrency | seconds | deliveries/s | Node CPU µs/delivery (sender + receiver) | PostgreSQL CPU µs/delivery |\n|---:|---:|---:|---:|---:|",
    );
    for (const r of rows) {
      console.log(
        `| ${r.concurrency} | ${fmt(r.seconds, 2)} | ${fmt(PER_ROW / r.seconds, 0)} | ${fmt((r.nodeMs * 1000) / PER_ROW, 0)} | ${fmt((r.pgMs * 1000) / PER_ROW, 0)} |`,
      );
    }
    console.log(`  check ${ok ? "ok" : "FAILED"}: ${JSON.stringify(check)}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await receiver.close();
    await app.close();
  }
}

if (pgUrl) await main(pgUrl);
else console.log("\nWebhook delivery: skipped (set GATEHOUSE_PG_URL to a PostgreSQL database)");
