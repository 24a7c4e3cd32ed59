import { describe, expect, it } from "vitest";
import { signature, stripeEvent } from "./events";
import { TOKENS } from "./fake-stripe";
import { stripeApp, useFakeStripe } from "./harness";

const { fake } = useFakeStripe();

/** A checkout waiting for 3-D Secure: confirmed, with the PaymentIntent's client secret. */
async function awaitingAuthentication(app: Awaited<ReturnType<typeof stripeApp>>, secret: string) {
  const res = await app.confirm(secret, TOKENS.authenticate);
  expect(res.status).toBe(200);
  expect(res.data.status).toBe("confirmed");
  const intentId = [...fake.paymentIntents.keys()].at(-1)!;
  return { checkout: res.data, intentId };
}

async function paidProduct(app: Awaited<ReturnType<typeof stripeApp>>) {
  return (await app.product({ price: { amountType: "fixed", priceAmount: 1000 } })).productId;
}

describe("Stripe processor: 3-D Secure and Stripe's webhooks", () => {
  it("requires_action: confirmed with the intent's client secret; a signed payment_intent.succeeded creates the order once", async () => {
    const app = await stripeApp();
    const secret = await app.open(await paidProduct(app));
    const { checkout, intentId } = await awaitingAuthentication(app, secret);
    expect(checkout.paymentProcessorMetadata).toMatchObject({
      intent_status: "requires_action",
      intent_client_secret: fake.paymentIntents.get(intentId)!.client_secret,
    });
    expect(await app.orders()).toBe(0);

    const body = JSON.stringify(stripeEvent("payment_intent.succeeded", fake.authenticate(intentId, true)));
    const first = await app.deliver(body);
    expect(first).toEqual({ status: 200, data: { received: true, outcome: "handled" } });
    expect((await app.get(secret)).status).toBe("succeeded");
    expect(await app.orders()).toBe(1);

    // Stripe redelivers (e.g. our 200 was lost): the inbox answers duplicate and nothing changes.
    const again = await app.deliver(body, signature(body));
    expect(again).toEqual({ status: 200, data: { received: true, outcome: "duplicate" } });
    expect(await app.orders()).toBe(1);
    expect(await app.db.count({ model: "billingProcessorEvent" })).toBe(1);
    // charge.succeeded for the same payment is a different event: recorded, settles nothing new.
    const charge = stripeEvent("charge.succeeded", {
      id: "ch_3ds",
      object: "charge",
      payment_intent: intentId,
      metadata: fake.paymentIntents.get(intentId)!.metadata,
      status: "succeeded",
    });
    expect((await app.deliver(JSON.stringify(charge))).data.outcome).toBe("handled");
    expect(await app.orders()).toBe(1);
  });

  it("rejects a bad signature with 400: wrong secret, tampered body, stale timestamp, missing header", async () => {
    const app = await stripeApp();
    const secret = await app.open(await paidProduct(app));
    const { intentId } = await awaitingAuthentication(app, secret);
    const body = JSON.stringify(stripeEvent("payment_intent.succeeded", fake.authenticate(intentId, true)));
    const stale = Math.floor(Date.now() / 1000) - 600;
    for (const header of [
      signature(body, "whsec_someone_else"),
      signature(body.replace('"livemode":false', '"livemode":true')),
      signature(body, undefined, stale),
      null,
    ]) {
      const res = await app.deliver(body, header);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ code: "INVALID_SIGNATURE" });
    }
    expect((await app.get(secret)).status).toBe("confirmed");
    expect(await app.db.count({ model: "billingProcessorEvent" })).toBe(0);
  });

  it("payment_intent.payment_failed for a confirmed checkout sends it back to open; the buyer retries", async () => {
    const app = await stripeApp();
    const productId = await paidProduct(app);
    const discountId = await app.discount({ code: "TEN", type: "percentage", basisPoints: 1000 });
    const secret = await app.open(productId);
    await app.patch(secret, { discountCode: "TEN" });
    const { intentId } = await awaitingAuthentication(app, secret);

    const failed = stripeEvent("payment_intent.payment_failed", fake.authenticate(intentId, false));
    expect((await app.deliver(JSON.stringify(failed))).data.outcome).toBe("handled");
    const reopened = await app.get(secret);
    expect(reopened.status).toBe("open");
    expect(reopened.paymentProcessorMetadata.intent_client_secret).toBeUndefined();
    const discount = await app.db.findOne<{ redemptionsCount: number }>({
      model: "billingDiscount",
      where: [{ field: "id", value: discountId }],
    });
    expect(discount!.redemptionsCount).toBe(0);

    expect((await app.confirm(secret, TOKENS.visa)).data.status).toBe("succeeded");
    expect(await app.orders()).toBe(1);
  });

  it("payment_intent.canceled is terminal: the checkout fails", async () => {
    const app = await stripeApp();
    const secret = await app.open(await paidProduct(app));
    const { intentId } = await awaitingAuthentication(app, secret);
    const pi = {
      ...fake.paymentIntents.get(intentId)!,
      status: "canceled",
      cancellation_reason: "abandoned",
    };
    expect((await app.deliver(JSON.stringify(stripeEvent("payment_intent.canceled", pi)))).data.outcome).toBe(
      "handled",
    );
    expect((await app.get(secret)).status).toBe("failed");
    expect(await app.orders()).toBe(0);
  });

  it("a success for an outdated intent (an earlier attempt) is ignored", async () => {
    const app = await stripeApp();
    const secret = await app.open(await paidProduct(app));
    const first = await awaitingAuthentication(app, secret);
    const failed = stripeEvent("payment_intent.payment_failed", fake.authenticate(first.intentId, false));
    await app.deliver(JSON.stringify(failed));
    const second = await awaitingAuthentication(app, secret);
    expect(second.intentId).not.toBe(first.intentId);

    // The first intent's success arrives late: the checkout now waits for the second one.
    const outdated = { ...fake.paymentIntents.get(first.intentId)!, status: "succeeded" };
    await app.deliver(JSON.stringify(stripeEvent("payment_intent.succeeded", outdated)));
    const now = await app.get(secret);
    expect(now.status).toBe("confirmed");
    expect(now.paymentProcessorMetadata.intent_client_secret).toBe(
      fake.paymentIntents.get(second.intentId)!.client_secret,
    );
    expect(await app.orders()).toBe(0);

    const current = stripeEvent("payment_intent.succeeded", fake.authenticate(second.intentId, true));
    await app.deliver(JSON.stringify(current));
    expect((await app.get(secret)).status).toBe("succeeded");
    expect(await app.orders()).toBe(1);
  });

  it("processing (e.g. a bank debit): confirmed without a client secret until the success webhook", async () => {
    const app = await stripeApp();
    const secret = await app.open(await paidProduct(app));
    const res = await app.confirm(secret, TOKENS.processing);
    expect(res.data.status).toBe("confirmed");
    expect(res.data.paymentProcessorMetadata.intent_status).toBe("processing");
    expect(res.data.paymentProcessorMetadata.intent_client_secret).toBeUndefined();
    const intentId = [...fake.paymentIntents.keys()][0]!;
    const pi = { ...fake.paymentIntents.get(intentId)!, status: "succeeded" };
    await app.deliver(JSON.stringify(stripeEvent("payment_intent.succeeded", pi)));
    expect((await app.get(secret)).status).toBe("succeeded");
  });

  it("3-D Secure abandoned past expiry: runDue cancels the PaymentIntent at Stripe and fails the checkout", async () => {
    const app = await stripeApp();
    const secret = await app.open(await paidProduct(app));
    const { checkout, intentId } = await awaitingAuthentication(app, secret);
    // Past expiry and the confirm grace period (measured against `modifiedAt`, which the adapter
    // stamps with the system clock on updates, so move the app clock past real time too).
    app.clock.set(new Date(Date.now() + 25 * 60 * 60 * 1000));
    await app.services.runDue();
    expect(fake.to(`/v1/payment_intents/${intentId}/cancel`)[0]?.params).toEqual({
      cancellation_reason: "abandoned",
    });
    expect(fake.paymentIntents.get(intentId)!.status).toBe("canceled");
    const row = await app.db.findOne<{ status: string }>({
      model: "billingCheckout",
      where: [{ field: "id", value: checkout.id }],
    });
    expect(row!.status).toBe("failed");
    // Stripe's own payment_intent.canceled follows: recorded, changes nothing.
    const canceled = stripeEvent("payment_intent.canceled", { ...fake.paymentIntents.get(intentId)! });
    expect((await app.deliver(JSON.stringify(canceled))).status).toBe(200);
    expect(await app.orders()).toBe(0);
  });

  it("events Gatehouse does not use are acknowledged and ignored", async () => {
    const app = await stripeApp();
    const event = stripeEvent("customer.created", { id: "cus_x", object: "customer", metadata: {} });
    expect(await app.deliver(JSON.stringify(event))).toEqual({
      status: 200,
      data: { received: true, outcome: "ignored" },
    });
  });
});
