import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { TOKENS } from "./fake-stripe";
import { type Err, stripeApp, useFakeStripe } from "./harness";

const { fake, server } = useFakeStripe();

describe("Stripe processor: confirm through the HTTP handler", () => {
  it("one-time purchase: a succeeded PaymentIntent settles the checkout into a paid order", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({
      name: "E-book",
      price: { amountType: "fixed", priceAmount: 2500 },
    });
    const secret = await app.open(productId);
    const opened = await app.get(secret);
    expect(opened.paymentProcessorMetadata).toMatchObject({
      processor: "stripe",
      publishableKey: "pk_test_gatehouse_0123456789",
    });

    const res = await app.confirm(secret, TOKENS.visa);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe("succeeded");
    expect(res.data.paymentProcessorMetadata.intent_status).toBe("succeeded");
    expect(await app.orders()).toBe(1);

    const [customerCall] = fake.to("/v1/customers");
    const customer = await app.db.findOne<{ id: string; processorCustomerId: string }>({
      model: "billingCustomer",
      where: [{ field: "email", value: "buyer@example.com" }],
    });
    expect(customerCall?.params).toMatchObject({
      email: "buyer@example.com",
      name: "Buyer",
      "metadata[gatehouse_customer_id]": customer!.id,
    });
    expect(customer!.processorCustomerId).toMatch(/^cus_/);

    const intents = fake.to("/v1/payment_intents");
    expect(intents).toHaveLength(1);
    const call = intents[0]!;
    expect(call.authorization).toBe("Bearer sk_test_gatehouse_0123456789");
    expect(call.params).toEqual({
      amount: "2500",
      currency: "usd",
      customer: customer!.processorCustomerId,
      confirm: "true",
      confirmation_token: TOKENS.visa,
      "automatic_payment_methods[enabled]": "true",
      "metadata[checkout_id]": res.data.id,
      "metadata[organization_id]": app.merchant.id,
      "metadata[type]": "product",
    });
    // Attempt 0 with this payment method: a retry whose answer was lost reuses the key.
    expect(call.idempotencyKey).toMatch(new RegExp(`^checkout_confirm:${res.data.id}:0:.+$`));
    const checkout = await app.db.findOne<{ intentId: string }>({
      model: "billingCheckout",
      where: [{ field: "id", value: res.data.id }],
    });
    expect(checkout!.intentId).toBe([...fake.paymentIntents.keys()][0]);
  });

  it("decline (402 card_error): 400 with Stripe's message, checkout open, discount released; a retry succeeds", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const discountId = await app.discount({
      code: "FIVE",
      type: "percentage",
      basisPoints: 1000,
      maxRedemptions: 1,
    });
    const secret = await app.open(productId);
    expect((await app.patch(secret, { discountCode: "FIVE" })).data.totalAmount).toBe(900);

    const declined = await app.confirm<Err>(secret, TOKENS.declined);
    expect(declined.status).toBe(400);
    expect(declined.data.message).toBe(
      "The payment failed: Your card was declined. Please try again with a different payment method.",
    );
    expect(declined.data.declineCode).toBe("generic_decline");
    const after = await app.get(secret);
    expect(after.status).toBe("open");
    expect(after.paymentProcessorMetadata.intent_status).toBeUndefined();
    const discount = await app.db.findOne<{ redemptionsCount: number }>({
      model: "billingDiscount",
      where: [{ field: "id", value: discountId }],
    });
    expect(discount!.redemptionsCount).toBe(0);
    expect(fake.to("/v1/payment_intents")[0]!.params.amount).toBe("900");
    expect(await app.db.count({ model: "billingDiscountRedemption" })).toBe(0);
    expect(await app.orders()).toBe(0);

    const insufficient = await app.confirm<Err>(secret, TOKENS.insufficient);
    expect(insufficient.data.message).toBe(
      "The payment failed: Your card has insufficient funds. Please try again with a different payment method.",
    );
    const ok = await app.confirm(secret, TOKENS.visa);
    expect(ok.data.status).toBe("succeeded");
    expect(ok.data.totalAmount).toBe(900);
    // Each attempt is its own intent under its own idempotency key.
    const keys = fake.to("/v1/payment_intents").map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    expect(await app.orders()).toBe(1);
  });

  it("an expired confirmation token answers 400 with Stripe's message", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = await app.open(productId);
    const res = await app.confirm<Err>(secret, TOKENS.expired);
    expect(res.status).toBe(400);
    expect(res.data.message).toBe(
      `The payment failed: No such confirmation_token: '${TOKENS.expired}'. Please try again with a different payment method.`,
    );
    expect((await app.get(secret)).status).toBe("open");
  });

  it("an operator error (revoked key) answers a neutral 400 and reopens the checkout; the key never leaks", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = await app.open(productId);
    server.use(
      http.post("https://api.stripe.com/v1/customers", () =>
        HttpResponse.json(
          { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****6789" } },
          { status: 401 },
        ),
      ),
    );
    const res = await app.confirm<Err>(secret, TOKENS.visa);
    expect(res.status).toBe(400);
    expect(res.data.message).toBe(
      "The payment failed: The payment could not be processed. Please try again with a different payment method.",
    );
    expect(JSON.stringify(res.data)).not.toContain("sk_test");
    expect((await app.get(secret)).status).toBe("open");
    expect(fake.to("/v1/payment_intents")).toHaveLength(0);
  });

  it("recurring product: the PaymentIntent saves the method for renewals (setup_future_usage off_session)", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1500 },
    });
    const res = await app.confirm(await app.open(productId), TOKENS.visa);
    expect(res.data.status).toBe("succeeded");
    expect(fake.to("/v1/payment_intents")[0]!.params).toMatchObject({
      amount: "1500",
      setup_future_usage: "off_session",
    });
    expect(await app.db.count({ model: "billingSubscription" })).toBe(1);
  });

  it("recurring product with a 100% once discount: a SetupIntent (nothing to pay now), then a subscription", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1500 },
    });
    await app.discount({ code: "FREEMONTH", type: "percentage", basisPoints: 10000, duration: "once" });
    const secret = await app.open(productId);
    expect((await app.patch(secret, { discountCode: "FREEMONTH" })).data).toMatchObject({
      totalAmount: 0,
      isPaymentRequired: false,
      isPaymentFormRequired: true,
    });

    const res = await app.confirm(secret, TOKENS.visa);
    expect(res.data.status).toBe("succeeded");
    expect(fake.to("/v1/payment_intents")).toHaveLength(0);
    const [setup] = fake.to("/v1/setup_intents");
    expect(setup?.params).toEqual({
      customer: expect.stringMatching(/^cus_/),
      confirm: "true",
      confirmation_token: TOKENS.visa,
      usage: "off_session",
      "automatic_payment_methods[enabled]": "true",
      "metadata[checkout_id]": res.data.id,
      "metadata[organization_id]": app.merchant.id,
      "metadata[type]": "product",
    });
    expect(setup?.idempotencyKey).toMatch(/^checkout_confirm:/);
    expect(await app.db.count({ model: "billingSubscription" })).toBe(1);
    expect(await app.orders()).toBe(1);
  });

  it("creates the Stripe customer once and reuses it (updated) on the next purchase", async () => {
    const app = await stripeApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const { productId: other } = await app.product({
      name: "Other",
      price: { amountType: "fixed", priceAmount: 700 },
    });
    expect((await app.confirm(await app.open(productId), TOKENS.visa)).data.status).toBe("succeeded");
    expect((await app.confirm(await app.open(other), TOKENS.visa)).data.status).toBe("succeeded");

    expect(fake.to("/v1/customers")).toHaveLength(1);
    const [stripeCustomer] = [...fake.customers.values()];
    expect(fake.to(`/v1/customers/${stripeCustomer!.id}`)).toHaveLength(1);
    const customers = fake.to("/v1/payment_intents").map((c) => c.params.customer);
    expect(customers).toEqual([stripeCustomer!.id, stripeCustomer!.id]);
    expect(fake.customers.size).toBe(1);
    expect(await app.orders()).toBe(2);
  });
});
