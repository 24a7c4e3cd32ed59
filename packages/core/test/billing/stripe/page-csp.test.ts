import { describe, expect, it } from "vitest";
import { stripeApp, useFakeStripe } from "./harness";

useFakeStripe();

describe("Stripe processor: checkout page policy", () => {
  it("adds Stripe's hosts only when the Payment Element renders", async () => {
    const app = await stripeApp();
    const paid = await app.product({ name: "E-book", price: { amountType: "fixed", priceAmount: 2500 } });
    const page = await app.buyer.browser.get<string>(`/checkout/${await app.open(paid.productId)}`);
    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain(`script-src 'nonce-${nonce}' https://js.stripe.com https://*.js.stripe.com`);
    expect(csp).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.data).toContain(`<script nonce="${nonce}" src="https://js.stripe.com/v3/"></script>`);
    expect(page.data).toContain('id="payment-element"');

    // A free product needs no payment form: no Stripe.js, no Stripe hosts.
    const free = await app.product({ name: "Sample", price: { amountType: "free" } });
    const plain = await app.buyer.browser.get<string>(`/checkout/${await app.open(free.productId)}`);
    expect(plain.headers.get("content-security-policy")).not.toContain("stripe.com");
    expect(plain.data).not.toContain("js.stripe.com");
  });
});
