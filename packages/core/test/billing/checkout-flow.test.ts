import { describe, expect, it } from "vitest";
import { address, billingApp } from "./fixtures";

type Checkout = Record<string, unknown> & {
  id: string;
  status: string;
  clientSecret: string;
  url: string;
  amount: number;
  discountAmount: number;
  netAmount: number;
  taxAmount: number | null;
  totalAmount: number;
  paymentProcessorMetadata: Record<string, string>;
};
type Err = { message: string; code: string; issues?: { path: string[]; message: string }[] };

async function start(opts: Parameters<typeof billingApp>[0] = {}) {
  const app = await billingApp(opts);
  const buyer = await app.signUp({ email: "buyer@example.com", name: "Buyer" });
  return { ...app, buyer: buyer.browser, user: buyer.user };
}

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

describe("checkout through the HTTP handler", () => {
  it("buys a one-time product with the test processor: order paid, events emitted", async () => {
    const app = await start();
    const { productId } = await app.product({
      name: "E-book",
      price: { amountType: "fixed", priceAmount: 2500 },
    });
    const created = await app.buyer.post<{ url: string; redirect: boolean }>("/checkout", {
      products: [productId],
    });
    expect(created.status).toBe(200);
    expect(created.data.redirect).toBe(true);
    expect(created.data.url).toMatch(/^http:\/\/localhost:3000\/api\/auth\/checkout\/gh_cs_/);
    const secret = secretOf(created.data.url);
    const got = await app.buyer.get<Checkout>(`/checkouts/client/${secret}`);
    expect(got.data).toMatchObject({
      status: "open",
      amount: 2500,
      discountAmount: 0,
      netAmount: 2500,
      taxAmount: 0,
      totalAmount: 2500,
    });
    expect(got.data).toMatchObject({
      isPaymentRequired: true,
      isPaymentFormRequired: true,
      isFreeProductPrice: false,
      isDiscountApplicable: true,
    });
    const confirmed = await app.buyer.post<Checkout>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_visa",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.status).toBe("succeeded");
    const orders = await app.buyer.get<{ items: Record<string, unknown>[] }>("/customer/orders/list");
    expect(orders.data.items).toHaveLength(1);
    expect(orders.data.items[0]).toMatchObject({
      status: "paid",
      paid: true,
      subtotalAmount: 2500,
      totalAmount: 2500,
      billingReason: "purchase",
      userId: app.user.id,
      currency: "usd",
    });
    expect((orders.data.items[0]!.items as { label: string; amount: number }[])[0]).toMatchObject({
      label: "E-book",
      amount: 2500,
    });
    const types = app.events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "checkout.created",
        "customer.created",
        "order.created",
        "order.paid",
        "checkout.updated",
      ]),
    );
    expect(types.indexOf("order.created")).toBeLessThan(types.indexOf("order.paid"));
  });

  it("a declined card answers 400, reopens the checkout and creates no order; a retry can succeed", async () => {
    const app = await start();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = secretOf(
      (await app.buyer.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
    );
    const declined = await app.buyer.post<Err>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "4000000000000002",
    });
    expect(declined.status).toBe(400);
    expect(declined.data.message).toBe(
      "The payment failed: Your card was declined. Please try again with a different payment method.",
    );
    expect((await app.buyer.get<Checkout>(`/checkouts/client/${secret}`)).data.status).toBe("open");
    expect(await app.db.count({ model: "billingOrder" })).toBe(0);
    const insufficient = await app.buyer.post<Err>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_chargeDeclinedInsufficientFunds",
    });
    expect(insufficient.data.message).toContain("insufficient funds");
    const ok = await app.buyer.post<Checkout>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "4242 4242 4242 4242",
    });
    expect(ok.data.status).toBe("succeeded");
    expect(await app.db.count({ model: "billingOrder" })).toBe(1);
  });

  it("3-D Secure: confirmed with requires_action, no order until authenticated", async () => {
    const app = await start();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = secretOf(
      (await app.buyer.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
    );
    const res = await app.buyer.post<Checkout>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_authenticationRequired",
    });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe("confirmed");
    expect(res.data.paymentProcessorMetadata.intent_status).toBe("requires_action");
    expect(res.data.paymentProcessorMetadata.intent_client_secret).toEqual(expect.any(String));
    expect(await app.db.count({ model: "billingOrder" })).toBe(0);
    const done = await app.buyer.post<Checkout>(`/checkouts/client/${secret}/test-authenticate`, {
      approve: true,
    });
    expect(done.data.status).toBe("succeeded");
    expect(await app.db.count({ model: "billingOrder" })).toBe(1);
  });

  it("confirm is idempotent and safe under concurrent calls: one order", async () => {
    const app = await start();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = secretOf(
      (await app.buyer.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
    );
    const body = { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.buyer.post<Checkout>(`/checkouts/client/${secret}/confirm`, body)),
    );
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const again = await app.buyer.post<Checkout>(`/checkouts/client/${secret}/confirm`, body);
    expect(again.status).toBe(200);
    expect(again.data.status).toBe("succeeded");
    expect(await app.db.count({ model: "billingOrder" })).toBe(1);
  });
});
