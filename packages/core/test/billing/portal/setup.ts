import type { DatabaseAdapter } from "../../../src/db/adapter";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import type { OrderRow } from "../../../src/plugins/billing/rows";
import { adminShop, ok } from "../catalog/helpers";
import { address } from "../fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
export const tokenOf = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop()!);
export const HOUR = 3_600_000;

/**
 * A shop (platform admin `shop`, default merchant "Acme Tools", 10% tax) and a buyer with a
 * monthly "Small" subscription ($10) and a one-time "E-book" ($20, code SAVE10: -$2) partly
 * refunded ($5 + $0.50 tax). "Big" ($30 / month) is the plan to change to.
 */
export async function portalShop(options: BillingOptions = {}, database?: DatabaseAdapter) {
  const app = await adminShop({ tax: ({ amount }) => Math.round(amount / 10), ...options }, database);
  const merchant = await app.billing.merchants.defaultMerchant();
  await app.billing.organization.update({ name: "Acme Tools", email: "billing@acme.test" });

  async function product(name: string, amount: number, recurring: boolean) {
    const created = await app.billing.products.create({
      name,
      ...(recurring ? { recurringInterval: "month" as const } : {}),
      prices: [{ amountType: "fixed", priceAmount: amount }],
    });
    return created.id;
  }
  const small = await product("Small", 1000, true);
  const big = await product("Big", 3000, true);
  const ebook = await product("E-book", 2000, false);
  await app.billing.discounts.create({
    name: "Launch",
    code: "SAVE10",
    type: "percentage",
    basisPoints: 1000,
    duration: "once",
  });

  async function buy(productId: string, extra: Record<string, unknown> = {}) {
    const opened = await ok<{ url: string }>(app.buyer.post("/checkout", { products: [productId] }));
    const done = await ok<{ id: string; status: string; subscriptionId: string | null }>(
      app.buyer.post(`/checkouts/client/${secretOf(opened.url)}/confirm`, {
        customerBillingAddress: address,
        customerBillingName: "Ada Buyer",
        confirmationTokenId: "pm_card_visa",
        ...extra,
      }),
    );
    if (done.status !== "succeeded") throw new Error(`checkout ${done.status}`);
    const order = await app.db.findOne<OrderRow>({
      model: "billingOrder",
      where: [{ field: "checkoutId", value: done.id }],
    });
    return { checkoutId: done.id, subscriptionId: done.subscriptionId, order: order! };
  }

  const subscription = await buy(small);
  app.time.advance(60_000);
  const purchase = await buy(ebook, { discountCode: "SAVE10" });
  app.time.advance(60_000);
  await ok(
    app.shop.post("/billing/refunds/create", {
      orderId: purchase.order.id,
      amount: 500,
      reason: "customer_request",
    }),
  );

  /** A portal session of the buyer through `POST /customer/portal`: its URL and token. */
  async function session() {
    const res = await ok<{ url: string; redirect: boolean }>(
      app.buyer.post("/customer/portal", { redirect: false }),
    );
    return { url: res.url, token: tokenOf(res.url) };
  }

  /** A cookie-less browser calling the portal API of a token. */
  const anon = app.browser();
  const api = (token: string) => `/customer-portal/${encodeURIComponent(token)}/api`;

  return {
    ...app,
    merchant,
    small,
    big,
    ebook,
    subscriptionId: subscription.subscriptionId!,
    subscriptionOrder: subscription.order,
    purchase: purchase.order,
    buy,
    session,
    anon,
    api,
  };
}

export type PortalShop = Awaited<ReturnType<typeof portalShop>>;
