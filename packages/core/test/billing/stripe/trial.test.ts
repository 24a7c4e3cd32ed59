import { describe, expect, it } from "vitest";
import { stripeEvent } from "./events";
import { TOKENS } from "./fake-stripe";
import { type Err, stripeApp, useFakeStripe } from "./harness";

const { fake } = useFakeStripe();

/** Trials with Stripe (real SDK, fake HTTP API behind msw): a SetupIntent now, a charge at the end. */
describe("Stripe processor: trials", () => {
  it("a trial saves the card with a SetupIntent; the trial end charges it off-session", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1500 },
    });
    await app.services.products.update({ id: productId, trialInterval: "week", trialIntervalCount: 1 });
    const secret = await app.open(productId);
    expect(await app.get(secret)).toMatchObject({
      totalAmount: 1500,
      trialEnd: "2026-01-22T12:00:00.000Z",
      isPaymentRequired: false,
      isPaymentFormRequired: true,
    });

    const res = await app.confirm(secret, TOKENS.visa);
    expect(res.data.status).toBe("succeeded");
    expect(fake.to("/v1/payment_intents")).toHaveLength(0);
    const [setup] = fake.to("/v1/setup_intents");
    expect(setup?.params).toMatchObject({
      confirm: "true",
      confirmation_token: TOKENS.visa,
      usage: "off_session",
      "metadata[checkout_id]": res.data.id,
    });
    const saved = [...fake.setupIntents.values()][0]!.payment_method as string;
    const subscriptionId = res.data.subscriptionId as string;
    const sub = await app.services.subscriptions.findById(subscriptionId);
    expect(sub).toMatchObject({ status: "trialing", paymentMethodId: saved });
    expect(sub?.trialEnd?.toISOString()).toBe("2026-01-22T12:00:00.000Z");

    app.clock.set(new Date("2026-01-22T12:00:00.000Z"));
    const run = await app.services.runDue();
    expect(run.subscriptions).toMatchObject({ renewed: 1, charges: { paid: 1 } });
    const [charge] = fake.to("/v1/payment_intents");
    const customer = [...fake.customers.values()][0]!;
    expect(charge?.params).toMatchObject({
      amount: "1500",
      currency: "usd",
      customer: customer.id,
      payment_method: saved,
      off_session: "true",
      confirm: "true",
      "metadata[subscription_id]": subscriptionId,
      "metadata[billing_reason]": "subscription_cycle",
    });
    const after = await app.services.subscriptions.findById(subscriptionId);
    expect(after?.status).toBe("active");
    expect(after?.currentPeriodEnd?.toISOString()).toBe("2026-02-22T12:00:00.000Z");
  });

  it("a setup settled by a late webhook (after the trial would have ended) still trials, then charges", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1500 },
    });
    await app.services.products.update({ id: productId, trialInterval: "day", trialIntervalCount: 1 });
    const secret = await app.open(productId);
    const res = await app.confirm(secret, TOKENS.authenticate);
    expect(res.data).toMatchObject({ status: "confirmed", trialEnd: "2026-01-16T12:00:00.000Z" });
    expect(res.data.paymentProcessorMetadata.intent_status).toBe("requires_action");
    const intent = [...fake.setupIntents.values()][0]!;
    Object.assign(intent, { status: "succeeded", next_action: null });

    app.clock.set(new Date("2026-01-16T18:00:00.000Z"));
    const delivered = await app.deliver(JSON.stringify(stripeEvent("setup_intent.succeeded", { ...intent })));
    expect(delivered.status).toBe(200);
    expect(fake.to("/v1/payment_intents")).toHaveLength(0);
    const checkout = await app.get(secret);
    expect(checkout.status).toBe("succeeded");
    const id = checkout.subscriptionId as string;
    const sub = await app.services.subscriptions.findById(id);
    expect(sub).toMatchObject({ status: "trialing", paymentMethodId: intent.payment_method });
    expect(sub?.trialEnd?.toISOString()).toBe("2026-01-16T12:00:00.000Z");

    await app.services.runDue();
    const after = await app.services.subscriptions.findById(id);
    expect(after?.status).toBe("active");
    expect(after?.currentPeriodEnd?.toISOString()).toBe("2026-02-16T12:00:00.000Z");
    expect(fake.to("/v1/payment_intents").map((c) => c.params.amount)).toEqual(["1500"]);
  });

  it("a card declined at setup answers 400 and starts no trial", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1500 },
    });
    await app.services.products.update({ id: productId, trialInterval: "day", trialIntervalCount: 7 });
    const secret = await app.open(productId);
    const res = await app.confirm<Err>(secret, TOKENS.declined);
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(
      /^The payment failed: .+\. Please try again with a different payment method\.$/,
    );
    expect(fake.to("/v1/setup_intents")).toHaveLength(1);
    expect(fake.to("/v1/payment_intents")).toHaveLength(0);
    expect((await app.get(secret)).status).toBe("open");
    expect(await app.db.count({ model: "billingSubscription" })).toBe(0);
  });
});
