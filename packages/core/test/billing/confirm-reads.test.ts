import { describe, expect, it } from "vitest";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { countingMemoryDatabase } from "../helpers/counting";
import { address, clock } from "./fixtures";

/**
 * One confirm reads its checkout once (by client secret) and the checkout's products once (with
 * their prices: one query); every later step (claim, customer, settlement, order, the emitted
 * views) uses what it already holds.
 */
async function setup(recurring: boolean) {
  const { database, trips } = countingMemoryDatabase();
  const c = clock();
  const { auth } = createTestAuth({ database, advanced: { now: c.now }, plugins: [billing()] });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const merchant = await services.merchants.defaultMerchant();
  const db = auth.$context.adapter;
  const product = await db.create<{ id: string }>({
    model: "billingProduct",
    data: {
      merchantId: merchant.id,
      name: "Pro plan",
      isRecurring: recurring,
      recurringInterval: recurring ? "month" : null,
      metadata: {},
    },
  });
  await db.create({
    model: "billingPrice",
    data: {
      productId: product.id,
      merchantId: merchant.id,
      type: recurring ? "recurring" : "one_time",
      recurringInterval: recurring ? "month" : null,
      priceCurrency: "usd",
      amountType: "fixed",
      priceAmount: 2500,
    },
  });
  const other = await db.create<{ id: string }>({
    model: "billingProduct",
    data: { merchantId: merchant.id, name: "Other plan", metadata: {} },
  });
  await db.create({
    model: "billingPrice",
    data: {
      productId: other.id,
      merchantId: merchant.id,
      type: "one_time",
      priceCurrency: "usd",
      amountType: "free",
    },
  });
  const checkout = await services.checkouts.create({
    products: [product.id, other.id],
    customerEmail: "buyer@example.com",
    customerBillingAddress: address,
  });
  return { services, trips, db, checkout, productIds: [product.id, other.id] };
}

/** The table names the memory adapter uses for billing models (no prefix). */
const reads = (trips: { readsByTable: Record<string, number> }, table: string) =>
  trips.readsByTable[table] ?? 0;

describe("one confirm reads its checkout and products once", () => {
  for (const recurring of [false, true]) {
    it(`paid ${recurring ? "subscription" : "one-time purchase"}: 1 checkout read, 1 product+price read`, async () => {
      const { services, trips, db, checkout } = await setup(recurring);
      trips.reset();
      const confirmed = await services.checkouts.confirm(checkout.clientSecret, {
        confirmationTokenId: "pm_card_visa",
      });
      expect(confirmed.status).toBe("succeeded");
      expect(reads(trips, "billingCheckout")).toBe(1);
      expect(reads(trips, "billingPrice")).toBe(1);
      expect(reads(trips, "billingProduct")).toBe(0); // joined to the prices
      // The settled state is what was written (not a stale copy): the stored row agrees.
      const stored = await db.findOne<{ status: string; customerId: string; subscriptionId: string | null }>({
        model: "billingCheckout",
        where: [{ field: "id", value: checkout.id }],
      });
      expect(stored?.status).toBe("succeeded");
      expect(confirmed.customerId).toBe(stored?.customerId);
      expect(confirmed.subscriptionId).toBe(stored?.subscriptionId ?? null);
      expect(Boolean(stored?.subscriptionId)).toBe(recurring);
      expect(confirmed.products.map((p) => p.name)).toEqual(["Pro plan", "Other plan"]);
    });
  }

  it("a free checkout (no payment form) settles with the same single reads", async () => {
    const { services, trips, checkout, productIds } = await setup(false);
    await services.checkouts.update(checkout.clientSecret, { productId: productIds[1] });
    trips.reset();
    const confirmed = await services.checkouts.confirm(checkout.clientSecret, {});
    expect(confirmed.status).toBe("succeeded");
    expect(confirmed.totalAmount).toBe(0);
    expect(reads(trips, "billingCheckout")).toBe(1);
    expect(reads(trips, "billingPrice")).toBe(1);
    expect(reads(trips, "billingProduct")).toBe(0);
  });
});
