import { describe, expect, it } from "vitest";
import { prorate } from "../../src/plugins/billing/subscriptions/proration";
import { subscribed } from "./subscription-helpers";

const HALF = new Date("2026-01-31T00:00:00.000Z"); // half of 15 Jan 12:00 -> 15 Feb 12:00

async function withPlans(behavior?: "invoice" | "prorate") {
  const t = await subscribed(Date.UTC(2026, 0, 15, 12), 1000);
  const { productId: bigId } = await t.app.product({
    name: "Big",
    recurring: "month",
    price: { amountType: "fixed", priceAmount: 3000 },
  });
  if (behavior)
    await t.app.db.update({
      model: "billingMerchant",
      where: [{ field: "id", value: t.app.merchant.id }],
      update: {
        subscriptionSettings: {
          allowMultipleSubscriptions: false,
          allowCustomerUpdates: true,
          prorationBehavior: behavior,
        },
      },
    });
  t.app.clock.set(HALF);
  return { ...t, bigId };
}

describe("proration arithmetic", () => {
  it("is exact to the second, in integer minor units", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const end = new Date("2026-01-31T00:00:00Z");
    expect(prorate(3000, start, end, new Date("2026-01-16T00:00:00Z"))).toBe(1500);
    expect(prorate(1000, start, end, new Date("2026-01-01T00:00:01Z"))).toBe(1000); // 999.9996 -> 1000
    expect(prorate(1000, start, end, new Date("2026-01-30T23:59:59Z"))).toBe(0); // 0.0004 -> 0
    expect(prorate(1000, start, end, new Date("2026-02-05T00:00:00Z"))).toBe(0);
    expect(prorate(999, start, end, new Date("2026-01-21T00:00:00Z"))).toBe(333);
  });
});

describe("plan change", () => {
  it("previews, then invoices the difference now (subscription_update order)", async () => {
    const t = await withPlans();
    const preview = await t.app.services.subscriptions.previewChange(await t.sub(), t.bigId, "invoice");
    expect(preview).toMatchObject({
      creditAmount: 500,
      debitAmount: 1500,
      prorationAmount: 1000,
      dueNow: 1000,
    });
    expect(t.processor.charges).toHaveLength(0);
    const changed = await t.app.services.subscriptions.applyUpdate(await t.sub(), {
      productId: t.bigId,
      prorationBehavior: "invoice",
    });
    expect(changed).toMatchObject({ productId: t.bigId, amount: 3000 });
    expect(t.processor.charges.map((c) => c.amount)).toEqual([1000]);
    const orders = await t.ordersOf();
    expect(orders.map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 1000],
      ["subscription_update", "paid", 1000],
    ]);
    t.app.clock.set(new Date("2026-02-15T12:00:00.000Z"));
    await t.app.services.runDue();
    expect(t.processor.charges.map((c) => c.amount)).toEqual([1000, 3000]);
  });

  it("prorate (the merchant default) carries credit and debit to the next renewal: 3000 + 1500 - 500", async () => {
    const t = await withPlans("prorate");
    await t.app.services.subscriptions.applyUpdate(await t.sub(), { productId: t.bigId });
    expect(t.processor.charges).toHaveLength(0);
    t.app.clock.set(new Date("2026-02-15T12:00:00.000Z"));
    await t.app.services.runDue();
    expect(t.processor.charges.map((c) => c.amount)).toEqual([4000]);
    const items = await t.app.db.findMany<{ amount: number; proration: boolean; label: string }>({
      model: "billingOrderItem",
      where: [{ field: "orderId", value: (await t.ordersOf())[1]!.id }],
    });
    expect(items.map((i) => [i.amount, i.proration]).sort()).toEqual(
      [
        [-500, true],
        [1500, true],
        [3000, false],
      ].sort(),
    );
    // The carried lines are billed once.
    t.app.clock.set(new Date("2026-03-15T12:00:00.000Z"));
    await t.app.services.runDue();
    expect(t.processor.charges.map((c) => c.amount)).toEqual([4000, 3000]);
  });

  it("a declined invoice charge changes nothing", async () => {
    const t = await withPlans("invoice");
    t.processor.scriptCharges("decline");
    const before = await t.sub();
    await expect(
      t.app.services.subscriptions.applyUpdate(before, { productId: t.bigId }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const after = await t.sub();
    expect(after.productId).toBe(before.productId);
    expect(after.amount).toBe(1000);
    expect(await t.ordersOf()).toHaveLength(1);
  });

  it("refuses unknown, one-time and same products and canceled subscriptions, changing nothing", async () => {
    const t = await withPlans();
    const { productId: oneTime } = await t.app.product({ price: { amountType: "fixed", priceAmount: 500 } });
    const sub = await t.sub();
    const fails = async (productId: string, status: number, message: string) =>
      expect(t.app.services.subscriptions.applyUpdate(sub, { productId })).rejects.toMatchObject({
        statusCode: status,
        body: { message },
      });
    await fails("nope", 422, "Product does not exist.");
    await fails(oneTime, 422, "Product is not recurring.");
    await fails(t.productId, 422, "The subscription is already on this product.");
    const canceled = await t.app.services.subscriptions.applyUpdate(sub, { cancelAtPeriodEnd: true });
    await expect(
      t.app.services.subscriptions.applyUpdate(canceled, { productId: t.bigId }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect((await t.sub()).productId).toBe(t.productId);
    expect(t.processor.charges).toHaveLength(0);
  });
});
