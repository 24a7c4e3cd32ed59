import { describe, expect, it } from "vitest";
import { clock } from "./fixtures";
import {
  HALF,
  merchantUpdate,
  NEXT_RENEWAL,
  RENEWAL,
  START,
  seatShop,
  type ThreeSeats,
  threeSeats,
} from "./seat-helpers";

const lastEvents = async (t: ThreeSeats, n: number) =>
  (await t.outbox()).slice(-n).map((e) => [e.type, e.data.seats ?? null, e.data.amount ?? null]);

describe("seat-based checkout", () => {
  it("an organization of 3 members buys 3 seats: 3 x seatAmount, seats on the subscription and order", async () => {
    const t = await threeSeats();
    expect(t.checkout).toMatchObject({ amount: 3000, totalAmount: 3000 });
    const sub = await t.sub(t.id);
    expect(sub).toMatchObject({ seats: 3, amount: 3000, referenceId: t.team.id, status: "active" });
    const [order] = await t.ordersOf(t.id);
    expect(order).toMatchObject({ billingReason: "subscription_create", status: "paid", totalAmount: 3000 });
    expect(await t.itemsOf(order!.id)).toEqual([["Team — 3 seats", 3000, false]]);
    const shape = await t.seller.browser.get<{ seats: number; amount: number }>(
      "/billing/subscriptions/get",
      {
        query: { id: t.id, organizationId: t.shop.id },
      },
    );
    expect(shape.status).toBe(200);
    expect(shape.data).toMatchObject({ seats: 3, amount: 3000 });
    const created = (await t.outbox()).find((e) => e.type === "subscription.created");
    expect(created?.data).toMatchObject({ seats: 3, amount: 3000 });
  });

  it("a discount applies as for a fixed price, at checkout and on the seat change", async () => {
    const time = clock(START);
    const t = await seatShop({ clock: time, behavior: "prorate" });
    await t.addMembers(2);
    const discount = await t.db.create<{ id: string }>({
      model: "billingDiscount",
      data: {
        merchantId: t.merchant.id,
        name: "Quarter off",
        type: "percentage",
        basisPoints: 2500,
        duration: "forever",
        metadata: {},
      },
    });
    const checkout = await t.subscribe({ discountId: discount.id });
    expect(checkout).toMatchObject({ amount: 3000, totalAmount: 2250 });
    expect(await t.sub(checkout.subscriptionId)).toMatchObject({ seats: 3, amount: 2250 });
    time.set(HALF);
    await t.addMembers(1);
    // 4 seats: 4000 - 25% = 3000; credit half of 2250, debit half of 3000.
    expect(await t.sub(checkout.subscriptionId)).toMatchObject({ seats: 4, amount: 3000 });
    time.set(RENEWAL);
    await t.services.runDue();
    // 4000 - 1000 discount + 1500 - 1125 carried.
    expect(t.processor.charges.map((c) => c.amount)).toEqual([3375]);
  });

  it("a seat price bought without an organization is billed for the minimum seats", async () => {
    const time = clock(START);
    const t = await seatShop({ clock: time, behavior: "prorate" });
    await t.addMembers(4);
    const alone = await t.subscribe({ forOrganization: false });
    expect(alone).toMatchObject({ amount: 1000, totalAmount: 1000 });
    expect(await t.sub(alone.subscriptionId)).toMatchObject({ seats: 1, amount: 1000, referenceId: null });
    const five = await t.seatProduct("Team of five", 700, 5);
    const minimum = await t.subscribe({ productId: five, forOrganization: false });
    expect(minimum).toMatchObject({ amount: 3500 });
    expect(await t.sub(minimum.subscriptionId)).toMatchObject({ seats: 5, amount: 3500 });
    // Membership changes of some organization never touch subscriptions bought without it.
    await t.addMembers(1);
    expect((await t.sub(alone.subscriptionId)).seats).toBe(1);
  });
});

describe("seats follow membership", () => {
  it("prorate: a member added mid-period is 4 seats now and 4000 + 2000 - 1500 at renewal", async () => {
    const t = await threeSeats({ behavior: "prorate" });
    t.time.set(HALF);
    await t.addMembers(1);
    const sub = await t.sub(t.id);
    expect(sub).toMatchObject({ seats: 4, amount: 4000 });
    expect(sub.pendingItems).toEqual([
      {
        label: "Remaining time on Team — 3 seats — From 2026-01-31 to 2026-02-15",
        amount: -1500,
        productPriceId: sub.priceId,
      },
      { label: "Team — 4 seats — From 2026-01-31 to 2026-02-15", amount: 2000, productPriceId: sub.priceId },
    ]);
    expect(t.processor.charges).toHaveLength(0);
    expect(await lastEvents(t, 2)).toEqual([
      ["subscription.updated", 4, 4000],
      ["customer.state_changed", null, null],
    ]);
    const state = (await t.outbox()).at(-1)!.data as { activeSubscriptions: { id: string; seats: number }[] };
    expect(state.activeSubscriptions.find((s) => s.id === t.id)?.seats).toBe(4);

    t.time.set(RENEWAL);
    await t.services.runDue();
    expect(t.processor.charges.map((c) => c.amount)).toEqual([4500]);
    const orders = await t.ordersOf(t.id);
    expect(orders.map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 3000],
      ["subscription_cycle", "paid", 4500],
    ]);
    expect(await t.itemsOf(orders[1]!.id)).toEqual([
      ["Remaining time on Team — 3 seats — From 2026-01-31 to 2026-02-15", -1500, true],
      ["Team — 4 seats — From 2026-01-31 to 2026-02-15", 2000, true],
      ["Team — 4 seats — From 2026-02-15 to 2026-03-15", 4000, false],
    ]);
    t.time.set(NEXT_RENEWAL);
    await t.services.runDue();
    expect(t.processor.charges.map((c) => c.amount)).toEqual([4500, 4000]);
  });

  it("invoice: a member added mid-period is charged 2000 - 1500 = 500 now as a subscription_update order", async () => {
    const t = await threeSeats({ behavior: "invoice" });
    t.time.set(HALF);
    await t.addMembers(1);
    expect(await t.sub(t.id)).toMatchObject({ seats: 4, amount: 4000, pendingItems: [] });
    expect(t.processor.charges.map((c) => c.amount)).toEqual([500]);
    const orders = await t.ordersOf(t.id);
    expect(orders.map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 3000],
      ["subscription_update", "paid", 500],
    ]);
    expect(await t.itemsOf(orders[1]!.id)).toEqual([
      ["Remaining time on Team — 3 seats — From 2026-01-31 to 2026-02-15", -1500, true],
      ["Team — 4 seats — From 2026-01-31 to 2026-02-15", 2000, true],
    ]);
    const types = (await t.outbox()).map((e) => e.type);
    const changedAt = types.lastIndexOf("subscription.updated");
    expect(types.slice(changedAt)).toEqual([
      "subscription.updated",
      "customer.state_changed",
      "order.created",
      "order.updated",
      "order.paid",
    ]);
    t.time.set(RENEWAL);
    await t.services.runDue();
    expect(t.processor.charges.map((c) => c.amount)).toEqual([500, 4000]);
  });

  it("invoice, declined: the member stays, the seat invoice is pending and the subscription past due", async () => {
    const t = await threeSeats({ behavior: "invoice" });
    t.time.set(HALF);
    t.processor.scriptCharges("decline");
    await t.addMembers(1);
    expect(await t.sub(t.id)).toMatchObject({ seats: 4, amount: 4000, status: "past_due" });
    expect(await t.orgs.countMembers(t.team.id)).toBe(4);
    expect((await t.ordersOf(t.id)).map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 3000],
      ["subscription_update", "pending", 500],
    ]);
    expect(t.processor.charges.map((c) => c.amount)).toEqual([500]);
  });

  it("a member removed: 2 seats, the credit carried to the renewal under both behaviours", async () => {
    for (const behavior of ["prorate", "invoice"] as const) {
      const t = await threeSeats({ behavior });
      t.time.set(HALF);
      const removed = await t.removeMember(t.emails[0]!);
      expect(removed.status).toBe(200);
      expect(await t.sub(t.id)).toMatchObject({ seats: 2, amount: 2000 });
      expect(t.processor.charges).toHaveLength(0);
      expect(await lastEvents(t, 2)).toEqual([
        ["subscription.updated", 2, 2000],
        ["customer.state_changed", null, null],
      ]);
      t.time.set(RENEWAL);
      await t.services.runDue();
      // 2000 + 1000 - 1500.
      expect(t.processor.charges.map((c) => c.amount)).toEqual([1500]);
    }
  });

  it("never below the minimum seats", async () => {
    const t = await threeSeats({ behavior: "prorate", minimumSeats: 5 });
    expect(t.checkout).toMatchObject({ amount: 5000 });
    expect(await t.sub(t.id)).toMatchObject({ seats: 5, amount: 5000 });
    const before = (await t.outbox()).length;
    const [fourth] = await t.addMembers(1);
    expect((await t.sub(t.id)).seats).toBe(5);
    expect((await t.outbox()).length).toBe(before);
    const [, sixth] = await t.addMembers(2);
    expect(await t.sub(t.id)).toMatchObject({ seats: 6, amount: 6000 });
    await t.removeMember(sixth!);
    await t.removeMember(fourth!);
    expect(await t.sub(t.id)).toMatchObject({ seats: 5, amount: 5000 });
  });

  it("a canceled or ended subscription keeps its seats", async () => {
    const t = await threeSeats({ behavior: "invoice" });
    const canceled = await t.services.subscriptions.applyUpdate(await t.sub(t.id), {
      cancelAtPeriodEnd: true,
    });
    const before = (await t.outbox()).length;
    await t.addMembers(1);
    expect(await t.sub(t.id)).toMatchObject({ seats: 3, amount: 3000, cancelAtPeriodEnd: true });
    await t.services.subscriptions.revoke(canceled);
    const after = (await t.outbox()).length;
    expect(after).toBeGreaterThan(before);
    await t.addMembers(1);
    expect(await t.sub(t.id)).toMatchObject({ seats: 3, status: "canceled" });
    expect((await t.outbox()).length).toBe(after);
    expect(t.processor.charges).toHaveLength(0);
  });
});

describe("bad seat input", () => {
  it("refuses bad seats with a clear 400, changing nothing", async () => {
    const t = await threeSeats({ behavior: "prorate", minimumSeats: 3 });
    const fixed = await t.db.create<{ id: string }>({
      model: "billingProduct",
      data: {
        merchantId: t.merchant.id,
        name: "Flat",
        isRecurring: true,
        recurringInterval: "month",
        metadata: {},
      },
    });
    await t.db.create({
      model: "billingPrice",
      data: {
        productId: fixed.id,
        merchantId: t.merchant.id,
        type: "recurring",
        recurringInterval: "month",
        amountType: "fixed",
        priceAmount: 900,
        priceCurrency: "usd",
      },
    });
    const flat = await t.subscribe({ productId: fixed.id });
    expect((await t.sub(flat.subscriptionId)).seats).toBeNull();

    const below = await merchantUpdate(t, { id: t.id, seats: 2 });
    expect([below.status, below.data.message]).toEqual([
      400,
      "Seats must be at least the minimum seats of the price.",
    ]);
    const notSeats = await merchantUpdate(t, { id: flat.subscriptionId, seats: 4 });
    expect([notSeats.status, notSeats.data.message]).toEqual([
      400,
      "Seats can only be set on a seat-based subscription.",
    ]);
    for (const seats of [0, 2.5, "4", 100_001]) {
      const bad = await merchantUpdate(t, { id: t.id, seats });
      expect(bad.status).toBe(400);
    }
    const zero = await merchantUpdate(t, { id: t.id, seats: 0 });
    expect(JSON.stringify(zero.data)).toContain("Seats must be at least 1");
    expect(await t.sub(t.id)).toMatchObject({ seats: 3, amount: 3000, pendingItems: null });
    expect(t.processor.charges).toHaveLength(0);
  });
});
