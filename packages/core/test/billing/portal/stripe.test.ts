import { describe, expect, it } from "vitest";
import { TOKENS } from "../stripe/fake-stripe";
import { type Err, stripeApp, useFakeStripe } from "../stripe/harness";

const { fake } = useFakeStripe();

/**
 * The portal's payment method update with Stripe (real SDK, fake HTTP API behind msw): the
 * confirmation token the page's Payment Element produces is confirmed in a SetupIntent for
 * off-session use on the customer's Stripe customer; the next renewal charges that method.
 */
describe("customer portal: payment method with Stripe", () => {
  async function subscribed() {
    const app = await stripeApp();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1500 },
    });
    const done = await app.confirm(await app.open(productId), TOKENS.visa);
    expect(done.data.status).toBe("succeeded");
    const subscriptionId = done.data.subscriptionId as string;
    const customerId = done.data.customerId as string;
    const session = await app.services.portal.createSession({ customerId });
    const anon = app.browser();
    const url = (path: string) => `/customer-portal/${encodeURIComponent(session.token)}/api/${path}`;
    return { app, anon, url, subscriptionId, session };
  }

  it("the page mounts Stripe's Payment Element (Stripe.js under the checkout page's CSP sources)", async () => {
    const { app, session } = await subscribed();
    const res = await app.auth.handler(new Request(session.customerPortalUrl));
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'nonce-");
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com");
    const html = await res.text();
    expect(html).toMatch(/<script nonce="[^"]+" src="https:\/\/js\.stripe\.com\/v3\/"><\/script>/);
    expect(html).toContain('<div id="payment-element" data-currency="usd"></div>');
    expect(html).not.toContain('id="card"');
    expect(html).toContain('"stripeKey":"pk_test_');
  });

  it("a SetupIntent saves the new card; the subscription renews on it", async () => {
    const { app, anon, url, subscriptionId } = await subscribed();
    const methods = await anon.get<{ processor: Record<string, string> }>(url("payment-methods"));
    expect(methods.data.processor).toMatchObject({ processor: "stripe", publishableKey: expect.any(String) });

    const res = await anon.post<{ id: string }>(url("payment-methods/update"), {
      paymentMethod: TOKENS.visa,
    });
    expect(res.status).toBe(200);
    const [setup] = fake.to("/v1/setup_intents");
    const customer = [...fake.customers.values()][0]!;
    expect(setup?.params).toMatchObject({
      confirm: "true",
      confirmation_token: TOKENS.visa,
      usage: "off_session",
      customer: customer.id,
      "metadata[purpose]": "customer_portal_payment_method",
    });
    const saved = [...fake.setupIntents.values()][0]!.payment_method as string;
    expect(res.data.id).toBe(saved);
    expect((await app.services.subscriptions.findById(subscriptionId))?.paymentMethodId).toBe(saved);

    app.clock.advance(32 * 86_400_000);
    const run = await app.services.runDue();
    expect(run.subscriptions).toMatchObject({ charges: { paid: 1 } });
    const renewal = fake.to("/v1/payment_intents").at(-1);
    expect(renewal?.params).toMatchObject({ payment_method: saved, off_session: "true" });
  });

  it("a declined card or one needing authentication changes nothing", async () => {
    const { app, anon, url, subscriptionId } = await subscribed();
    const before = (await app.services.subscriptions.findById(subscriptionId))?.paymentMethodId;
    const declined = await anon.post<Err>(url("payment-methods/update"), { paymentMethod: TOKENS.declined });
    expect(declined.status).toBe(400);
    expect(declined.data).toMatchObject({ code: "THE_PAYMENT_FAILED", declineCode: "generic_decline" });
    const asked = await anon.post<Err>(url("payment-methods/update"), { paymentMethod: TOKENS.authenticate });
    expect(asked.status).toBe(400);
    expect(asked.data).toMatchObject({ code: "THE_PAYMENT_FAILED", declineCode: "authentication_required" });
    // The SetupIntent left waiting for authentication is canceled.
    expect([...fake.setupIntents.values()].map((si) => si.status).sort()).toEqual([
      "canceled",
      "requires_payment_method",
    ]);
    expect((await app.services.subscriptions.findById(subscriptionId))?.paymentMethodId).toBe(before);
  });
});
