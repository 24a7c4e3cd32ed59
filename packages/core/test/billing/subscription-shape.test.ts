import { describe, expect, it } from "vitest";
import { ok } from "./catalog/helpers";
import { address } from "./fixtures";
import { usageShop } from "./usage/setup";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

type Shape = Record<string, unknown> & {
  id: string;
  customer: { id: string; email: string } | null;
  product: { id: string; name: string; prices: unknown[] } | null;
  prices: { id: string; amountType: string }[];
  meters: {
    meterId: string;
    consumedUnits: number;
    creditedUnits: number;
    amount: number;
    meter: { id: string };
  }[];
};
type Page<T> = { items: T[]; pagination: { totalCount: number } };

/**
 * A monthly plan of 10.00 plus API calls at 0.50 each (capped at 20.00), bought by the buyer; usage
 * sent before and during the period.
 */
async function meteredPlan() {
  const app = await usageShop();
  const meter = await app.meter(
    "API calls",
    { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.call" }] },
    { func: "count" },
  );
  const product = await ok<{ id: string; prices: { id: string; amountType: string }[] }>(
    app.shop.post("/billing/products/create", {
      name: "Metered plan",
      recurringInterval: "month",
      prices: [
        { amountType: "fixed", priceAmount: 1000, priceCurrency: "usd" },
        {
          amountType: "metered_unit",
          unitAmount: "50",
          capAmount: 2000,
          meterId: meter.id,
          priceCurrency: "usd",
        },
      ],
    }),
  );
  // An event before the subscription's period: not counted in it.
  await ok(
    app.ingest([{ name: "api.call", customerId: app.customer.id, timestamp: "2026-01-10T00:00:00Z" }]),
  );
  const opened = await ok<{ url: string }>(app.buyer.post("/checkout", { products: [product.id] }));
  const done = await ok<{ subscriptionId: string }>(
    app.buyer.post(`/checkouts/client/${secretOf(opened.url)}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_visa",
    }),
  );
  return { app, meter, product, id: done.subscriptionId };
}

describe("the Subscription shape (spec section 3): customer, product, prices, meters", () => {
  it("merchant get: every field, the metered price's meter over the current period", async () => {
    const { app, meter, product, id } = await meteredPlan();
    const events = Array.from({ length: 7 }, (_, i) => ({
      name: "api.call",
      customerId: app.customer.id,
      timestamp: `2026-01-15T12:0${i}:00Z`,
    }));
    app.time.advance(10 * 60_000);
    await ok(app.ingest([...events, { name: "other", customerId: app.customer.id }]));

    const sub = await ok<Shape>(app.shop.get("/billing/subscriptions/get", { query: { id } }));
    for (const field of [
      "id",
      "amount",
      "currency",
      "recurringInterval",
      "status",
      "currentPeriodStart",
      "currentPeriodEnd",
      "cancelAtPeriodEnd",
      "canceledAt",
      "startedAt",
      "endsAt",
      "endedAt",
      "customerId",
      "productId",
      "discountId",
      "checkoutId",
      "customerCancellationReason",
      "customerCancellationComment",
      "metadata",
      "customFieldData",
      "customer",
      "product",
      "prices",
      "meters",
    ])
      expect(sub).toHaveProperty(field);
    expect(sub.customer).toMatchObject({ id: app.customer.id, email: app.me.user.email });
    expect(sub.product).toMatchObject({ id: product.id, name: "Metered plan" });
    expect(sub.prices.map((p) => p.amountType).sort()).toEqual(["fixed", "metered_unit"]);
    // 7 calls in the period (the one before it and the other event do not count): 7 x 0.50.
    expect(sub.meters).toEqual([
      expect.objectContaining({ meterId: meter.id, consumedUnits: 7, creditedUnits: 0, amount: 350 }),
    ]);
    expect(sub.meters[0]!.meter.id).toBe(meter.id);
  });

  it("the amount is capped at capAmount; lists (merchant and buyer) carry the same shape", async () => {
    const { app, id } = await meteredPlan();
    app.time.advance(60_000);
    await ok(
      app.ingest(Array.from({ length: 50 }, () => ({ name: "api.call", customerId: app.customer.id }))),
    );
    const merchantList = await ok<Page<Shape>>(app.shop.get("/billing/subscriptions/list"));
    expect(merchantList.items).toHaveLength(1);
    expect(merchantList.items[0]!.meters[0]).toMatchObject({ consumedUnits: 50, amount: 2000 });
    expect(merchantList.items[0]!.customer?.id).toBe(app.customer.id);

    const buyerList = await ok<Page<Shape>>(app.buyer.get("/customer/subscriptions/list"));
    expect(buyerList.items.map((s) => s.id)).toEqual([id]);
    expect(buyerList.items[0]!.product?.name).toBe("Metered plan");
    expect(buyerList.items[0]!.meters[0]).toMatchObject({ consumedUnits: 50, amount: 2000 });

    // Buyer cancel answers the full shape too.
    const canceled = await ok<Shape>(
      app.buyer.post("/customer/subscriptions/cancel", { subscriptionId: id, cancellationReason: "unused" }),
    );
    expect(canceled).toMatchObject({ id, cancelAtPeriodEnd: true, customerCancellationReason: "unused" });
    expect(canceled.meters).toHaveLength(1);
  });
});
