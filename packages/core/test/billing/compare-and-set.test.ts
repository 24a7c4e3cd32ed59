import { describe, expect, it } from "vitest";
import { checkoutRepository } from "../../src/plugins/billing/checkout/repository";
import { orderRepository } from "../../src/plugins/billing/orders/repository";
import { subscriptionRepository } from "../../src/plugins/billing/subscriptions/repository";
import { address, billingApp } from "./fixtures";

/** Status changes go through the repositories' `move`: a compare-and-set checked by the state table. */
describe("billing status compare-and-set", () => {
  async function openCheckout() {
    const app = await billingApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const checkout = await app.services.checkouts.create({
      products: [productId],
      customerEmail: "buyer@example.com",
      customerBillingAddress: address,
    });
    return { ...app, checkout };
  }

  it("of concurrent moves from one status exactly one wins; the loser learns it", async () => {
    const { db, checkout } = await openCheckout();
    const repo = checkoutRepository(db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        repo.move(checkout.id, "open", "confirmed", { modifiedAt: new Date() }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await repo.findById(checkout.id))?.status).toBe("confirmed");
    // The row is no longer open: a move from open does nothing and says so.
    expect(await repo.move(checkout.id, "open", "expired")).toBe(false);
    expect((await repo.findById(checkout.id))?.status).toBe("confirmed");
    expect(await repo.move(checkout.id, "confirmed", "succeeded")).toBe(true);
  });

  it("a move the state table does not allow throws before touching the row", async () => {
    const { db, checkout } = await openCheckout();
    const repo = checkoutRepository(db);
    await expect(repo.move(checkout.id, "open", "succeeded")).rejects.toThrow(
      'checkout: no transition from "open" to "succeeded"',
    );
    expect((await repo.findById(checkout.id))?.status).toBe("open");
    await expect(repo.insert({ status: "succeeded" })).rejects.toThrow(
      'checkout: cannot be created as "succeeded"',
    );
  });

  it("orders and subscriptions move the same way", async () => {
    const app = await openCheckout();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 900 },
    });
    const sub = await app.services.checkouts.create({
      products: [productId],
      customerEmail: "sub@example.com",
      customerBillingAddress: address,
    });
    await app.services.checkouts.confirm(sub.clientSecret, { confirmationTokenId: "pm_card_visa" });
    await app.services.checkouts.confirm(app.checkout.clientSecret, { confirmationTokenId: "pm_card_visa" });
    const order = await app.db.findOne<{ id: string; status: string }>({
      model: "billingOrder",
      where: [{ field: "checkoutId", value: app.checkout.id }],
    });
    const orders = orderRepository(app.db);
    expect(await orders.move(order!.id, "pending", "paid")).toBe(false);
    expect(await orders.move(order!.id, "paid", "partially_refunded")).toBe(true);
    await expect(orders.move(order!.id, "partially_refunded", "pending")).rejects.toThrow();

    const subscription = await app.db.findOne<{ id: string }>({
      model: "billingSubscription",
      where: [{ field: "checkoutId", value: sub.id }],
    });
    const subscriptions = subscriptionRepository(app.db);
    const moves = await Promise.all([
      subscriptions.move(subscription!.id, "active", "past_due"),
      subscriptions.move(subscription!.id, "active", "canceled"),
    ]);
    expect(moves.filter(Boolean)).toHaveLength(1);
    await expect(subscriptions.move(subscription!.id, "canceled", "active")).rejects.toThrow();
  });
});
