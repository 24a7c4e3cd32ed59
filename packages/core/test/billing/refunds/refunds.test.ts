import { describe, expect, it } from "vitest";
import { testProcessor } from "../../../src/plugins/billing";
import type { RefundInput } from "../../../src/plugins/billing/processors/processor";
import { divideHalfEven, refundTaxShare } from "../../../src/plugins/billing/refunds/tax";
import { refundShop } from "./setup";

/** 20% tax on the net amount (exclusive): a 2000 order pays 2400. */
const tax20 = { tax: ({ amount }: { amount: number }) => Math.round(amount * 0.2) };

describe("refunds: full and partial", () => {
  it("a full refund gives back the net amount and all of its tax; the order is refunded", async () => {
    const asked: RefundInput[] = [];
    const app = await refundShop({
      ...tax20,
      processor: testProcessor({
        refundOutcome: (input) => {
          asked.push(input);
          return "succeeded";
        },
      }),
    });
    const order = await app.paidOrder(2000);
    expect(order).toMatchObject({ netAmount: 2000, taxAmount: 400, totalAmount: 2400, status: "paid" });

    const res = await app.refund({
      orderId: order.id,
      amount: 2000,
      comment: "Asked for it",
      metadata: { k: "v" },
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      status: "succeeded",
      reason: "customer_request",
      amount: 2000,
      taxAmount: 400,
      currency: "usd",
      organizationId: app.merchant.id,
      orderId: order.id,
      subscriptionId: null,
      customerId: order.customerId,
      revokeBenefits: false,
      comment: "Asked for it",
      metadata: { k: "v" },
    });
    // The processor gives back the net amount plus its tax share, from the checkout's payment.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ amount: 2400, reason: "customer_request", currency: "usd" });
    expect(asked[0]!.intentId).toMatch(/^tpi_ok_/);

    expect(await app.order(order.id)).toMatchObject({
      status: "refunded",
      refundedAmount: 2000,
      refundedTaxAmount: 400,
      refundReservedAmount: 2000,
      refundReservedTaxAmount: 400,
    });
    const types = app.events.map((e) => e.type);
    const created = types.indexOf("refund.created");
    expect(created).toBeGreaterThan(-1);
    expect(types.slice(created)).toEqual(["refund.created", "order.updated", "order.refunded"]);
    expect(app.eventsOf("order.refunded", order.id)[0]!.data).toMatchObject({
      status: "refunded",
      paid: true,
      refundedAmount: 2000,
      refundedTaxAmount: 400,
    });

    // Through the customer's order list too (the spec's Order shape carries the totals).
    const seen = await app.buyer.get<{ items: { id: string; status: string; refundedAmount: number }[] }>(
      "/customer/orders/list",
    );
    expect(seen.data.items.find((o) => o.id === order.id)).toMatchObject({
      status: "refunded",
      refundedAmount: 2000,
    });

    const again = await app.refund({ orderId: order.id, amount: 1 });
    expect(again.status).toBe(403);
    expect(again.data).toMatchObject({
      code: "ORDER_IS_ALREADY_FULLY_REFUNDED",
      message: "Order is already fully refunded",
    });
    expect(asked).toHaveLength(1);
  });

  it("partial refunds: tax in proportion, partially_refunded until the rest takes the remaining tax", async () => {
    // 2000 net at 16.65%: 333 tax, so shares round.
    const app = await refundShop({ tax: ({ amount }) => Math.round(amount * 0.1665) });
    const order = await app.paidOrder(2000);
    expect(order.taxAmount).toBe(333);

    const a = await app.refund({ orderId: order.id, amount: 500 });
    expect(a.data).toMatchObject({ status: "succeeded", amount: 500, taxAmount: 83 }); // 83.25
    expect(await app.order(order.id)).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 500,
      refundedTaxAmount: 83,
    });
    const b = await app.refund({ orderId: order.id, amount: 700, reason: "service_disruption" });
    expect(b.data).toMatchObject({ amount: 700, taxAmount: 117, reason: "service_disruption" }); // 116.55
    expect(await app.order(order.id)).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 1200,
      refundedTaxAmount: 200,
    });
    const over = await app.refund({ orderId: order.id, amount: 801 });
    expect(over.status).toBe(422);
    expect(over.data).toMatchObject({ message: "Refund amount exceeds refundable amount" });
    const rest = await app.refund({ orderId: order.id, amount: 800 });
    expect(rest.data).toMatchObject({ amount: 800, taxAmount: 133 }); // all that is left, not 133.2 rounded
    expect(await app.order(order.id)).toMatchObject({
      status: "refunded",
      refundedAmount: 2000,
      refundedTaxAmount: 333,
    });
    expect(app.eventsOf("order.refunded", order.id).map((e) => e.data.status)).toEqual([
      "partially_refunded",
      "partially_refunded",
      "refunded",
    ]);
    expect(app.events.filter((e) => e.type === "refund.created")).toHaveLength(3);
  });

  it("an untaxed order refunds no tax", async () => {
    const app = await refundShop();
    const order = await app.paidOrder(1500);
    const res = await app.refund({ orderId: order.id, amount: 1499 });
    expect(res.data).toMatchObject({ amount: 1499, taxAmount: 0, status: "succeeded" });
    expect(await app.order(order.id)).toMatchObject({ status: "partially_refunded", refundedTaxAmount: 0 });
  });
});

describe("refunds: tax share arithmetic", () => {
  it("rounds half to even, exactly for large amounts", () => {
    expect([divideHalfEven(5, 2), divideHalfEven(7, 2), divideHalfEven(9, 4), divideHalfEven(11, 4)]).toEqual(
      [2, 4, 2, 3],
    );
    expect(divideHalfEven(99_999_999 * 99_999_999, 99_999_999)).toBe(99_999_999);
  });
  it("proportional share, capped at what is left; the rest of the net takes all the tax left", () => {
    const order = { netAmount: 1000, taxAmount: 190 };
    expect(refundTaxShare(order, { amount: 250, heldAfter: 250, taxHeldBefore: 0 })).toBe(48); // 47.5 -> 48
    expect(refundTaxShare(order, { amount: 50, heldAfter: 300, taxHeldBefore: 48 })).toBe(10); // 9.5 -> 10
    expect(refundTaxShare(order, { amount: 700, heldAfter: 1000, taxHeldBefore: 58 })).toBe(132);
    expect(refundTaxShare(order, { amount: 500, heldAfter: 900, taxHeldBefore: 185 })).toBe(5);
    expect(
      refundTaxShare({ netAmount: 1000, taxAmount: 0 }, { amount: 10, heldAfter: 10, taxHeldBefore: 0 }),
    ).toBe(0);
  });
});

describe("refunds: bad input writes nothing", () => {
  it("rejects amounts, unpaid, unknown or foreign orders and benefit revocation on subscriptions", async () => {
    const app = await refundShop(tax20);
    const order = await app.paidOrder(2000);
    const subscriptionOrder = await app.paidOrder(900, true);
    const before = app.events.length;
    const expectRejected = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await app.refund(body);
      expect(res.status, message).toBe(status);
      expect((res.data as unknown as { message: string }).message).toBe(message);
    };
    await expectRejected({ orderId: order.id, amount: 0 }, 422, "Refund amount must be greater than zero");
    await expectRejected({ orderId: order.id, amount: -100 }, 422, "Refund amount must be greater than zero");
    await expectRejected({ orderId: order.id, amount: 2001 }, 422, "Refund amount exceeds refundable amount");
    await expectRejected({ orderId: "nope", amount: 100 }, 404, "Order not found");
    await expectRejected(
      { orderId: subscriptionOrder.id, amount: 100, revokeBenefits: true },
      400,
      "Subscription benefits can only be revoked upon cancellation",
    );
    // Another merchant's order: 404, as if it did not exist.
    const { id: _m, ...merchantCopy } = (await app.db.findOne<Record<string, unknown>>({
      model: "billingMerchant",
      where: [{ field: "id", value: app.merchant.id }],
    }))!;
    const other = await app.db.create<{ id: string }>({
      model: "billingMerchant",
      data: { ...merchantCopy, name: "Other", slug: "other-shop", organizationId: null },
    });
    const { id: _id, ...copy } = order;
    const foreign = await app.db.create<{ id: string }>({
      model: "billingOrder",
      data: { ...copy, merchantId: other.id, invoiceNumber: "OTHER-0001", checkoutId: null },
    });
    await expectRejected({ orderId: foreign.id, amount: 100 }, 404, "Order not found");
    // An unpaid (pending) order.
    const pending = await app.db.create<{ id: string }>({
      model: "billingOrder",
      data: { ...copy, status: "pending", invoiceNumber: "PENDING-0001", checkoutId: null },
    });
    await expectRejected({ orderId: pending.id, amount: 100 }, 422, "Order is not paid");
    // Schema: unknown reason, fractional amount.
    const badReason = await app.refund({ orderId: order.id, amount: 100, reason: "bored" });
    expect(badReason.status).toBe(400);
    expect((await app.refund({ orderId: order.id, amount: 1.5 })).status).toBe(400);

    expect(await app.db.count({ model: "billingRefund" })).toBe(0);
    expect(await app.order(order.id)).toMatchObject({
      status: "paid",
      refundedAmount: 0,
      refundReservedAmount: 0,
      refundReservedTaxAmount: 0,
    });
    expect(app.events.slice(before)).toEqual([]);
  });

  it("buyers and anonymous callers may not refund or list refunds", async () => {
    const app = await refundShop();
    const order = await app.paidOrder(2000);
    expect(
      (await app.buyer.post("/billing/refunds/create", { orderId: order.id, amount: 1, reason: "other" }))
        .status,
    ).toBe(403);
    expect((await app.buyer.get("/billing/refunds/list")).status).toBe(403);
    expect(await app.db.count({ model: "billingRefund" })).toBe(0);
  });
});
