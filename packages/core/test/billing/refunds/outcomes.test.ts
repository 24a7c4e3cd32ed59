import { describe, expect, it } from "vitest";
import { testProcessor } from "../../../src/plugins/billing";
import { type Refund, refundShop } from "./setup";

/** 20% tax on the net amount (exclusive): a 2000 order pays 2400. */
const tax20 = { tax: ({ amount }: { amount: number }) => Math.round(amount * 0.2) };

describe("refunds: processor outcomes", () => {
  it("a failed refund is recorded as failed and gives its hold back; the order is unchanged", async () => {
    let outcome: "succeeded" | "failed" = "failed";
    const app = await refundShop({ ...tax20, processor: testProcessor({ refundOutcome: () => outcome }) });
    const order = await app.paidOrder(2000);
    const res = await app.refund({ orderId: order.id, amount: 2000 });
    expect(res.data).toMatchObject({ status: "failed", amount: 2000, taxAmount: 400 });
    expect(await app.order(order.id)).toMatchObject({
      status: "paid",
      refundedAmount: 0,
      refundReservedAmount: 0,
      refundReservedTaxAmount: 0,
    });
    expect(app.eventsOf("refund.created", res.data.id)).toHaveLength(1);
    expect(app.eventsOf("order.refunded", order.id)).toHaveLength(0);
    outcome = "succeeded";
    expect((await app.refund({ orderId: order.id, amount: 2000 })).data).toMatchObject({
      status: "succeeded",
    });
  });

  it("a processor that throws: 502, nothing recorded, the hold given back", async () => {
    const app = await refundShop({
      processor: testProcessor({
        refundOutcome: () => {
          throw new Error("connection reset");
        },
      }),
    });
    const order = await app.paidOrder(2000);
    const res = await app.refund({ orderId: order.id, amount: 500 });
    expect(res.status).toBe(502);
    expect(res.data).toMatchObject({ code: "THE_PAYMENT_PROCESSOR_DID_NOT_ACCEPT_THE_REFUND" });
    expect(await app.refundRows(order.id)).toEqual([]);
    expect(await app.order(order.id)).toMatchObject({ refundReservedAmount: 0, status: "paid" });
  });

  it("pending until the processor's event: held meanwhile, booked on success, reverted on a later failure", async () => {
    const processor = testProcessor({ refundOutcome: () => "pending" });
    const app = await refundShop({ ...tax20, processor });
    const order = await app.paidOrder(2000);
    const res = await app.refund({ orderId: order.id, amount: 1500 });
    expect(res.data).toMatchObject({ status: "pending", amount: 1500, taxAmount: 300 });
    expect(await app.order(order.id)).toMatchObject({
      status: "paid",
      refundedAmount: 0,
      refundReservedAmount: 1500,
    });
    // The pending refund holds its amount: only 500 is left.
    expect((await app.refund({ orderId: order.id, amount: 501 })).status).toBe(422);

    const [row] = await app.refundRows(order.id);
    const deliver = async (status: "succeeded" | "failed") => {
      const request = await processor.refundEvent(row!.processorRefundId!, status);
      const response = await app.auth.handler(
        new Request("http://localhost:3000/api/auth/billing/processor/webhook", {
          method: "POST",
          headers: request.headers,
          body: await request.clone().text(),
        }),
      );
      return { status: response.status, data: (await response.json()) as Record<string, unknown>, request };
    };
    const succeeded = await deliver("succeeded");
    expect(succeeded.data).toEqual({ received: true, outcome: "handled" });
    expect(await app.order(order.id)).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 1500,
      refundedTaxAmount: 300,
    });
    expect(app.eventsOf("refund.updated", res.data.id).map((e) => e.data.status)).toEqual(["succeeded"]);
    expect(app.eventsOf("order.refunded", order.id)).toHaveLength(1);
    // The same event again: the inbox answers duplicate, nothing moves twice.
    const again = await app.auth.handler(
      new Request("http://localhost:3000/api/auth/billing/processor/webhook", {
        method: "POST",
        headers: succeeded.request.headers,
        body: await succeeded.request.text(),
      }),
    );
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await app.order(order.id)).refundedAmount).toBe(1500);

    // A succeeded refund that fails later: totals and status reverted, hold given back.
    expect((await deliver("failed")).data).toMatchObject({ outcome: "handled" });
    expect(await app.order(order.id)).toMatchObject({
      status: "paid",
      refundedAmount: 0,
      refundedTaxAmount: 0,
      refundReservedAmount: 0,
      refundReservedTaxAmount: 0,
    });
    const get = await app.shop.get<Refund>(`/billing/refunds/get?id=${res.data.id}`);
    expect(get.data.status).toBe("failed");
    expect(app.eventsOf("order.updated", order.id).at(-1)!.data).toMatchObject({
      status: "paid",
      refundedAmount: 0,
    });
    // failed is terminal: a late "succeeded" changes nothing.
    expect((await deliver("succeeded")).data).toMatchObject({ outcome: "ignored" });
    expect((await app.order(order.id)).refundedAmount).toBe(0);
  });

  it("20 parallel refunds of one order never refund more than was paid", async () => {
    const app = await refundShop(tax20);
    const order = await app.paidOrder(2000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.refund({ orderId: order.id, amount: 150 })),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(13); // 13 x 150 = 1950 <= 2000 < 14 x 150
    expect(results.filter((r) => r.status === 422)).toHaveLength(7);
    const after = await app.order(order.id);
    expect(after).toMatchObject({ status: "partially_refunded", refundedAmount: 1950 });
    expect(after.refundedTaxAmount).toBe(won.reduce((s, r) => s + (r.data as Refund).taxAmount, 0));
    expect(after.refundedTaxAmount).toBeLessThanOrEqual(400);
  });
});

describe("refunds: list and get", () => {
  it("lists newest first with filters and pagination; get answers 404 for unknown ids", async () => {
    const app = await refundShop();
    const one = await app.paidOrder(1000);
    const sub = await app.paidOrder(900, true);
    const r1 = (await app.refund({ orderId: one.id, amount: 100 })).data;
    app.time.advance(1000);
    const r2 = (await app.refund({ orderId: one.id, amount: 200 })).data;
    app.time.advance(1000);
    const r3 = (await app.refund({ orderId: sub.id, amount: 300 })).data;
    expect(r3.subscriptionId).toBe(sub.subscriptionId);

    type Page = { items: Refund[]; pagination: { totalCount: number; maxPage: number } };
    const all = await app.shop.get<Page>("/billing/refunds/list");
    expect(all.data.items.map((r) => r.id)).toEqual([r3.id, r2.id, r1.id]);
    expect(all.data.pagination).toEqual({ totalCount: 3, maxPage: 1 });
    const byOrder = await app.shop.get<Page>(`/billing/refunds/list?orderId=${one.id}`);
    expect(byOrder.data.items.map((r) => r.id)).toEqual([r2.id, r1.id]);
    const bySub = await app.shop.get<Page>(`/billing/refunds/list?subscriptionId=${sub.subscriptionId}`);
    expect(bySub.data.items.map((r) => r.id)).toEqual([r3.id]);
    const byCustomer = await app.shop.get<Page>(`/billing/refunds/list?customerId=${one.customerId}`);
    expect(byCustomer.data.pagination.totalCount).toBe(3);
    const none = await app.shop.get<Page>("/billing/refunds/list?customerId=someone-else");
    expect(none.data.items).toEqual([]);
    const page2 = await app.shop.get<Page & { page: number; limit: number }>(
      "/billing/refunds/list?limit=2&page=2",
    );
    expect(page2.data).toMatchObject({ page: 2, limit: 2, pagination: { totalCount: 3, maxPage: 2 } });
    expect(page2.data.items.map((r) => r.id)).toEqual([r1.id]);

    expect((await app.shop.get<Refund>(`/billing/refunds/get?id=${r2.id}`)).data).toEqual(r2);
    const missing = await app.shop.get("/billing/refunds/get?id=nope");
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ message: "Refund not found" });
    // Server API: the same service.
    expect((await app.billing.refunds.list({ orderId: one.id })).items).toHaveLength(2);
  });
});
