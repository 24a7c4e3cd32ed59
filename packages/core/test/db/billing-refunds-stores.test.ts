import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { admin } from "../../src/plugins/admin";
import { billing, testProcessor } from "../../src/plugins/billing";
import { createTestAuth } from "../../src/testing";
import { type Refund, refundShop } from "../billing/refunds/setup";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * Refunds on every store: memory, SQLite, PGlite, PostgreSQL and MariaDB (the last two when their
 * servers answer). The 20-parallel case is the one that matters on the server databases: the
 * guarded increment on the order row must hold under real concurrency.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;

let outcome: "succeeded" | "pending" = "succeeded";
const options = {
  tax: ({ amount }: { amount: number }) => Math.round(amount * 0.2),
  processor: testProcessor({ refundOutcome: () => outcome }),
};

for (const store of stores) {
  describe.skipIf(!store.available)(`refunds on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: Awaited<ReturnType<typeof refundShop>>;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gr") }) : null;
      if (opened) {
        // The same plugins as the shop, to create its tables first.
        const { auth } = createTestAuth({ database: opened.database, plugins: [admin(), billing(options)] });
        await migrate(auth);
      }
      app = await refundShop(options, opened?.database);
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("partial then full refund: tax in proportion, statuses, events, money columns", async () => {
      outcome = "succeeded";
      const order = await app.paidOrder(2000);
      expect(order).toMatchObject({ netAmount: 2000, taxAmount: 400, refundedAmount: 0 });
      const first = await app.refund({ orderId: order.id, amount: 750, reason: "satisfaction_guarantee" });
      expect(first.data).toMatchObject({ status: "succeeded", amount: 750, taxAmount: 150 });
      app.time.advance(1000);
      expect(await app.order(order.id)).toMatchObject({
        status: "partially_refunded",
        refundedAmount: 750,
        refundedTaxAmount: 150,
      });
      const rest = await app.refund({ orderId: order.id, amount: 1250 });
      expect(rest.data).toMatchObject({ amount: 1250, taxAmount: 250 });
      expect(await app.order(order.id)).toMatchObject({
        status: "refunded",
        refundedAmount: 2000,
        refundedTaxAmount: 400,
      });
      expect(app.eventsOf("order.refunded", order.id).map((e) => e.data.status)).toEqual([
        "partially_refunded",
        "refunded",
      ]);
      const listed = await app.shop.get<{ items: Refund[] }>(`/billing/refunds/list?orderId=${order.id}`);
      expect(listed.data.items.map((r) => r.id)).toEqual([rest.data.id, first.data.id]);
      expect((await app.refund({ orderId: order.id, amount: 1 })).status).toBe(403);
    });

    it("a pending refund holds its amount until the processor event books it", async () => {
      outcome = "pending";
      const order = await app.paidOrder(1000);
      const res = await app.refund({ orderId: order.id, amount: 1000 });
      expect(res.data.status).toBe("pending");
      expect((await app.refund({ orderId: order.id, amount: 1 })).status).toBe(422);
      const [row] = await app.refundRows(order.id);
      const processor = options.processor;
      const event = await processor.parseWebhook(
        await processor.refundEvent(row!.processorRefundId!, "succeeded"),
      );
      expect(await app.billing.refunds.handleProcessorEvent(event)).toBe("handled");
      expect(await app.order(order.id)).toMatchObject({ status: "refunded", refundedAmount: 1000 });
      outcome = "succeeded";
    });

    it("20 parallel refunds of one order never refund more than was paid", async () => {
      outcome = "succeeded";
      const order = await app.paidOrder(2000);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => app.refund({ orderId: order.id, amount: 300 })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(6); // 6 x 300 = 1800 <= 2000 < 2100
      expect(statuses.filter((s) => s === 422)).toHaveLength(14);
      const after = await app.order(order.id);
      expect(after).toMatchObject({
        status: "partially_refunded",
        refundedAmount: 1800,
        refundReservedAmount: 1800,
        refundedTaxAmount: 360,
      });
      const rows = await app.refundRows(order.id);
      expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(1800);
      // What is left is still refundable, exactly once.
      const last = await Promise.all([200, 200].map((amount) => app.refund({ orderId: order.id, amount })));
      expect(last.map((r) => r.status).sort()).toEqual([200, 422]);
    }, 60_000);
  });
}
