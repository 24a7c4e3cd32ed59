import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { stripeProcessor } from "../../../src/plugins/billing";
import type { CheckoutRow, OrderRow, RefundRow } from "../../../src/plugins/billing/rows";
import { signature, stripeEvent, webhookRequest } from "./events";
import { API } from "./fake-objects";
import { KEYS, TOKENS } from "./fake-stripe";
import { stripeApp, useFakeStripe } from "./harness";

const { fake, server } = useFakeStripe();

async function paidOrder(app: Awaited<ReturnType<typeof stripeApp>>, amount: number) {
  const { productId } = await app.product({
    name: "E-book",
    price: { amountType: "fixed", priceAmount: amount },
  });
  const res = await app.confirm(await app.open(productId), TOKENS.visa);
  expect(res.data.status).toBe("succeeded");
  const checkout = await app.db.findOne<CheckoutRow>({
    model: "billingCheckout",
    where: [{ field: "id", value: res.data.id }],
  });
  const order = await app.db.findOne<OrderRow>({
    model: "billingOrder",
    where: [{ field: "checkoutId", value: res.data.id }],
  });
  return { order: order!, intentId: checkout!.intentId! };
}

const orderOf = async (app: Awaited<ReturnType<typeof stripeApp>>, id: string) =>
  (await app.db.findOne<OrderRow>({ model: "billingOrder", where: [{ field: "id", value: id }] }))!;

/** A Stripe refund object as its webhooks carry it. */
const stripeRefund = (id: string, status: string, amount: number) => ({
  id,
  object: "refund",
  amount,
  currency: "usd",
  status,
  payment_intent: "pi_x",
  metadata: {},
});

describe("refunds through Stripe (msw)", () => {
  it("refunds the checkout's PaymentIntent with the net amount plus tax and Stripe's reason", async () => {
    const app = await stripeApp();
    const { order, intentId } = await paidOrder(app, 2500);
    const refund = await app.services.refunds.create({
      orderId: order.id,
      amount: 1000,
      reason: "duplicate",
    });
    expect(refund).toMatchObject({ status: "succeeded", amount: 1000, taxAmount: 0, reason: "duplicate" });
    const [call] = fake.to("/v1/refunds");
    expect(call!.params).toMatchObject({
      payment_intent: intentId,
      amount: "1000",
      reason: "duplicate",
      "metadata[order_id]": order.id,
      "metadata[reason]": "duplicate",
    });
    expect(call!.idempotencyKey).toMatch(/^refund_/);
    const [row] = await app.db.findMany<RefundRow>({ model: "billingRefund" });
    expect(row!.processorRefundId).toMatch(/^re_/);
    expect(await orderOf(app, order.id)).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 1000,
    });
  });

  it("a pending Stripe refund is settled by refund.updated / charge.refund.updated webhooks", async () => {
    const app = await stripeApp();
    const { order } = await paidOrder(app, 2000);
    server.use(
      http.post(`${API}/refunds`, () =>
        HttpResponse.json(stripeRefund("re_pending_1", "pending", 2000), { status: 200 }),
      ),
    );
    const refund = await app.services.refunds.create({ orderId: order.id, amount: 2000, reason: "other" });
    expect(refund.status).toBe("pending");
    expect(await orderOf(app, order.id)).toMatchObject({ status: "paid", refundReservedAmount: 2000 });

    const deliver = async (type: string, status: string) => {
      const body = JSON.stringify(stripeEvent(type, stripeRefund("re_pending_1", status, 2000)));
      const res = await app.auth.handler(webhookRequest(body, signature(body)));
      return (await res.json()) as Record<string, unknown>;
    };
    // requires_action is still pending: nothing moves.
    expect(await deliver("refund.updated", "requires_action")).toEqual({
      received: true,
      outcome: "ignored",
    });
    expect(await deliver("charge.refund.updated", "succeeded")).toEqual({
      received: true,
      outcome: "handled",
    });
    expect(await orderOf(app, order.id)).toMatchObject({ status: "refunded", refundedAmount: 2000 });
    expect(app.events.filter((e) => e.type === "refund.updated").map((e) => e.data.status)).toEqual([
      "succeeded",
    ]);
    expect(app.events.filter((e) => e.type === "order.refunded")).toHaveLength(1);
    // Stripe reports a failure later (e.g. the card account closed): the order is paid again.
    expect(await deliver("refund.updated", "failed")).toMatchObject({ outcome: "handled" });
    expect(await orderOf(app, order.id)).toMatchObject({
      status: "paid",
      refundedAmount: 0,
      refundReservedAmount: 0,
    });
    // An unknown refund (made in Stripe's dashboard) is acknowledged and ignored.
    const body = JSON.stringify(stripeEvent("refund.updated", stripeRefund("re_other", "succeeded", 5)));
    const res = await app.auth.handler(webhookRequest(body, signature(body)));
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("a Stripe error answers 502 and gives the hold back", async () => {
    const app = await stripeApp();
    const { order } = await paidOrder(app, 2000);
    server.use(
      http.post(`${API}/refunds`, () =>
        HttpResponse.json(
          {
            error: { type: "invalid_request_error", code: "charge_disputed", message: "Charge is disputed." },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await app.services.refunds
      .create({ orderId: order.id, amount: 500, reason: "fraudulent" })
      .catch((e: { statusCode?: number; body?: { code: string } }) => e);
    expect(error).toMatchObject({
      statusCode: 502,
      body: { code: "THE_PAYMENT_PROCESSOR_DID_NOT_ACCEPT_THE_REFUND" },
    });
    expect(await app.db.count({ model: "billingRefund" })).toBe(0);
    expect(await orderOf(app, order.id)).toMatchObject({ status: "paid", refundReservedAmount: 0 });
  });

  it("parseWebhook normalises both refund event types", async () => {
    const processor = stripeProcessor({ ...KEYS });
    for (const [type, status, expected] of [
      ["refund.updated", "succeeded", "succeeded"],
      ["charge.refund.updated", "canceled", "canceled"],
      ["refund.updated", "requires_action", "pending"],
    ] as const) {
      const event = stripeEvent(type, stripeRefund("re_1", status, 10));
      const body = JSON.stringify(event);
      expect(await processor.parseWebhook(webhookRequest(body, signature(body)))).toEqual({
        id: event.id,
        type: "refund.updated",
        refundId: "re_1",
        refundStatus: expected,
        payload: body,
      });
    }
  });
});
