import { describe, expect, it } from "vitest";
import { stripeProcessor } from "../../../src/plugins/billing";
import type { ConfirmInput } from "../../../src/plugins/billing/processors/processor";
import { KEYS, TOKENS } from "./fake-stripe";
import { stripeApp, useFakeStripe } from "./harness";

const { fake } = useFakeStripe();

const input = (over: Partial<ConfirmInput> = {}): ConfirmInput => ({
  checkoutId: "chk_1",
  merchantId: "default",
  amount: 1200,
  currency: "usd",
  mode: "payment",
  processorCustomerId: "cus_1",
  paymentMethod: TOKENS.visa,
  setupFutureUsage: false,
  metadata: { checkout_id: "chk_1", organization_id: "default", type: "product" },
  idempotencyKey: `k_${Math.random()}`,
  ...over,
});

describe("stripeProcessor.paymentStatus", () => {
  it("retrieves the recorded PaymentIntent or SetupIntent and maps its status", async () => {
    const stripe = stripeProcessor({ ...KEYS });
    const status = (intentId: string) =>
      stripe.paymentStatus({ checkoutId: "chk_1", intentId, processorCustomerId: "cus_1" });

    const paid = await stripe.confirm(input());
    expect(await status(paid.intentId!)).toEqual({ status: "succeeded", intentId: paid.intentId });
    expect(fake.calls.at(-1)).toMatchObject({ method: "GET", path: `/v1/payment_intents/${paid.intentId}` });

    const pending = await stripe.confirm(input({ paymentMethod: TOKENS.authenticate }));
    expect(await status(pending.intentId!)).toEqual({
      status: "requires_action",
      intentId: pending.intentId,
    });
    const processing = await stripe.confirm(input({ paymentMethod: TOKENS.processing }));
    expect(await status(processing.intentId!)).toEqual({
      status: "processing",
      intentId: processing.intentId,
    });

    const declined = await stripe.confirm(input({ paymentMethod: TOKENS.declined }));
    expect(declined.status).toBe("failed");
    expect(await status(declined.intentId!)).toEqual({
      status: "failed",
      intentId: declined.intentId,
      reason: "Your card was declined",
      terminal: false,
    });

    await stripe.cancelIntent(pending.intentId!);
    expect(await status(pending.intentId!)).toEqual({
      status: "failed",
      intentId: pending.intentId,
      reason: "The payment was canceled (abandoned)",
      terminal: true,
    });

    const setup = await stripe.confirm(input({ mode: "setup", amount: 0 }));
    expect(await status(setup.intentId!)).toEqual({ status: "succeeded", intentId: setup.intentId });
    expect(fake.calls.at(-1)).toMatchObject({ method: "GET", path: `/v1/setup_intents/${setup.intentId}` });

    expect(await status("pi_unknown")).toEqual({ status: "not_found" });
  });

  it("without a recorded intent: the newest intent of the customer made for this checkout", async () => {
    const stripe = stripeProcessor({ ...KEYS });
    const customer = await stripe.ensureCustomer({ customerId: "c1", email: "a@example.com" });
    const other = await stripe.ensureCustomer({ customerId: "c2", email: "b@example.com" });
    const mine = (over: Partial<ConfirmInput>) =>
      input({
        processorCustomerId: customer,
        metadata: { checkout_id: "chk_9", organization_id: "default", type: "product" },
        ...over,
      });
    const find = (processorCustomerId: string | null) =>
      stripe.paymentStatus({ checkoutId: "chk_9", intentId: null, processorCustomerId });

    expect(await find(customer)).toEqual({ status: "not_found" });
    await stripe.confirm(mine({ paymentMethod: TOKENS.declined })); // an earlier, declined attempt
    await stripe.confirm(input({ processorCustomerId: customer })); // another checkout of the customer
    await stripe.confirm(input({ processorCustomerId: other })); // another customer
    const current = await stripe.confirm(mine({}));
    expect(await find(customer)).toEqual({ status: "succeeded", intentId: current.intentId });
    const lists = fake.calls.filter((c) => c.method === "GET" && !c.path.split("/")[3]);
    expect(lists.at(-2)?.params).toMatchObject({ customer, limit: "100" });
    expect(lists.at(-1)?.params).toMatchObject({ customer, limit: "100" });
    expect(await find(null)).toEqual({ status: "not_found" });
  });
});

describe("runDue() reconciles Stripe checkouts left confirmed", () => {
  /** A checkout confirmed at Stripe whose process died before settling (state as it left it). */
  async function stuck(token: string, recorded: boolean) {
    const app = await stripeApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 2500 } });
    const secret = await app.open(productId);
    const res = await app.confirm(secret, token);
    const id = res.data.id;
    const row = await app.db.findOne<{ intentId: string; paymentProcessorMetadata: Record<string, string> }>({
      model: "billingCheckout",
      where: [{ field: "id", value: id }],
    });
    const { intent_status: _s, intent_client_secret: _c, ...metadata } = row!.paymentProcessorMetadata;
    await app.db.updateMany({
      model: "billingCheckout",
      where: [{ field: "id", value: id }],
      update: recorded
        ? { paymentProcessorMetadata: { ...metadata, intent_status: "succeeded" } }
        : { intentId: null, paymentProcessorMetadata: metadata },
    });
    return { app, secret, id, intentId: row!.intentId };
  }
  const settle = (pi: { status: string; amount_received: number; amount: number }) =>
    Object.assign(pi, { status: "succeeded", amount_received: pi.amount });

  it("a recorded intent that succeeded: one paid order; the late webhook adds nothing", async () => {
    const { app, secret, id, intentId } = await stuck(TOKENS.processing, true);
    settle(fake.paymentIntents.get(intentId)!);
    app.clock.advance(601_000);
    expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 1, failed: 0, pending: 0 });
    expect((await app.get(secret)).status).toBe("succeeded");
    expect(await app.orders()).toBe(1);
    const late = await app.services.checkouts.handleProcessorEvent({
      id: "evt_late",
      type: "payment.succeeded",
      intentId,
      checkoutId: id,
      payload: "{}",
    });
    expect(late).toBe("handled");
    expect(await app.orders()).toBe(1);
  });

  it("an intent never recorded is found through the customer's intents and settled", async () => {
    const { app, secret, id, intentId } = await stuck(TOKENS.processing, false);
    settle(fake.paymentIntents.get(intentId)!);
    app.clock.advance(601_000);
    expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 1, failed: 0, pending: 0 });
    expect((await app.get(secret)).status).toBe("succeeded");
    const row = await app.db.findOne<{ intentId: string }>({
      model: "billingCheckout",
      where: [{ field: "id", value: id }],
    });
    expect(row?.intentId).toBe(intentId);
    expect(await app.orders()).toBe(1);
  });

  it("a canceled intent fails the checkout for good; no order", async () => {
    const { app, secret, intentId } = await stuck(TOKENS.authenticate, true);
    Object.assign(fake.paymentIntents.get(intentId)!, {
      status: "canceled",
      cancellation_reason: "abandoned",
    });
    app.clock.advance(601_000);
    expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 0, failed: 1, pending: 0 });
    expect((await app.get(secret)).status).toBe("failed");
    expect(await app.orders()).toBe(0);
  });
});
