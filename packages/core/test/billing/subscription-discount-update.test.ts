import { describe, expect, it } from "vitest";
import { admin } from "../../src/plugins/admin";
import { billing } from "../../src/plugins/billing";
import { testProcessor } from "../../src/plugins/billing/processors/test-processor";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { address, clock } from "./fixtures";

type Sub = { id: string; status: string; discountId: string | null; amount: number };
type Err = { message: string; code?: string };
type Event = { type: string; data: Record<string, unknown> };
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
const at = (month: number, day: number) => new Date(Date.UTC(2026, month, day, 12));

/**
 * `discountId` on `POST /billing/subscriptions/update` (BILLING.md 3.10, 4.2), memory adapter:
 * a 10.00 monthly plan bought on 15 Jan 2026 without a discount, renewed on the 15th.
 */
async function shop() {
  const c = clock(at(0, 15).getTime());
  const processor = testProcessor();
  const events: Event[] = [];
  const app = createTestAuth({
    advanced: { now: c.now },
    plugins: [
      admin(),
      billing({
        processor,
        onEvent: (e) => void events.push({ type: e.type, data: e.data as Event["data"] }),
      }),
    ],
  });
  const db = app.auth.$context.adapter;
  const services = (app.auth as unknown as { billing: BillingServices }).billing;
  const merchant = await services.merchants.defaultMerchant();
  let admins = 0;
  /** A freshly signed-in platform admin (the clock moves by months). */
  const owner = async () => {
    const signed = await app.signUp({ email: `owner${++admins}@example.com` });
    await db.update({
      model: "user",
      where: [{ field: "id", value: signed.user.id }],
      update: { role: "admin" },
    });
    return signed.browser;
  };
  const product = async (name: string) => {
    const p = await db.create<{ id: string }>({
      model: "billingProduct",
      data: { merchantId: merchant.id, name, isRecurring: true, recurringInterval: "month", metadata: {} },
    });
    await db.create({
      model: "billingPrice",
      data: {
        productId: p.id,
        merchantId: merchant.id,
        type: "recurring",
        recurringInterval: "month",
        priceCurrency: "usd",
        amountType: "fixed",
        priceAmount: 1000,
      },
    });
    return p.id;
  };
  const pro = await product("Pro");
  const other = await product("Other");
  const discount = async (d: Record<string, unknown>, products: string[] = []) => {
    const row = await db.create<{ id: string }>({
      model: "billingDiscount",
      data: { merchantId: merchant.id, name: "Deal", metadata: {}, ...d },
    });
    for (const productId of products)
      await db.create({ model: "billingDiscountProduct", data: { discountId: row.id, productId } });
    return row.id;
  };
  let buyers = 0;
  const subscribe = async () => {
    const { browser } = await app.signUp({ email: `buyer${++buyers}@example.com` });
    const url = (await browser.post<{ url: string }>("/checkout", { products: [pro] })).data.url;
    const done = await browser.post<{ subscriptionId: string }>(
      `/checkouts/client/${secretOf(url)}/confirm`,
      {
        customerBillingAddress: address,
        confirmationTokenId: "pm_card_visa",
      },
    );
    return done.data.subscriptionId;
  };
  const id = await subscribe();
  const update = async (body: Record<string, unknown>) =>
    (await owner()).post<Sub & Err>("/billing/subscriptions/update", body);
  const renewOn = async (month: number) => {
    c.set(at(month, 15));
    await services.runDue();
  };
  const sub = async (subscriptionId = id) => (await services.subscriptions.findById(subscriptionId))!;
  const redemptions = (discountId: string) =>
    db.findMany<{ subscriptionId: string | null; checkoutId: string | null }>({
      model: "billingDiscountRedemption",
      where: [{ field: "discountId", value: discountId }],
    });
  const usesOf = async (discountId: string) =>
    (await db.findOne<{ redemptionsCount: number }>({
      model: "billingDiscount",
      where: [{ field: "id", value: discountId }],
    }))!.redemptionsCount;
  const cycles = async () =>
    (
      await db.findMany<{
        billingReason: string;
        totalAmount: number;
        discountAmount: number;
        discountId: string | null;
      }>({
        model: "billingOrder",
        where: [{ field: "subscriptionId", value: id }],
        sortBy: { field: "createdAt" },
      })
    )
      .filter((o) => o.billingReason === "subscription_cycle")
      .map((o) => ({ total: o.totalAmount, discount: o.discountAmount, discountId: o.discountId }));
  return {
    c,
    processor,
    events,
    services,
    id,
    pro,
    other,
    discount,
    subscribe,
    update,
    renewOn,
    sub,
    redemptions,
    usesOf,
    cycles,
  };
}

describe("discountId on POST /billing/subscriptions/update", () => {
  it("sets a forever discount from the next renewal, then removes it", async () => {
    const s = await shop();
    const half = await s.discount({
      type: "percentage",
      basisPoints: 5000,
      duration: "forever",
      maxRedemptions: 1,
    });
    s.c.set(at(0, 20));
    const before = s.events.length;
    const set = await s.update({ id: s.id, discountId: half });
    expect(set.status).toBe(200);
    expect(set.data.discountId).toBe(half);
    expect(set.data.amount).toBe(1000); // the current period is unchanged
    expect(s.events.slice(before).map((e) => e.type)).toEqual([
      "subscription.updated",
      "customer.state_changed",
    ]);
    expect(s.events[before]?.data).toMatchObject({ id: s.id, discountId: half });
    expect((await s.redemptions(half)).map((r) => [r.subscriptionId, r.checkoutId ?? null])).toEqual([
      [s.id, null],
    ]);
    expect(await s.usesOf(half)).toBe(1);
    expect((await s.sub()).discountAppliedAt?.toISOString()).toBe("2026-02-15T12:00:00.000Z");

    await s.renewOn(1);
    await s.renewOn(2);
    s.c.set(at(2, 20));
    const removed = await s.update({ id: s.id, discountId: null });
    expect(removed.status).toBe(200);
    expect(removed.data.discountId).toBeNull();
    expect(s.events.slice(-2).map((e) => e.type)).toEqual(["subscription.updated", "customer.state_changed"]);
    await s.renewOn(3);
    expect(s.processor.charges.map((x) => x.amount)).toEqual([500, 500, 1000]);
    expect(await s.cycles()).toEqual([
      { total: 500, discount: 500, discountId: half },
      { total: 500, discount: 500, discountId: half },
      { total: 1000, discount: 0, discountId: null },
    ]);
    expect((await s.sub()).amount).toBe(1000);
    // The use stays redeemed: a second subscription cannot take the last one.
    const second = await s.subscribe();
    const refused = await s.update({ id: second, discountId: half });
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe("Discount is not redeemable.");
  });

  it("replaces a discount; once and repeating count from the first renewal that uses them", async () => {
    const s = await shop();
    const twoMonths = await s.discount({
      type: "percentage",
      basisPoints: 2500,
      duration: "repeating",
      durationInMonths: 2,
    });
    const once = await s.discount({ type: "fixed", amount: 300, currency: "usd", duration: "once" });
    await s.renewOn(1); // 15 Feb: 1000, no discount yet
    s.c.set(at(1, 20));
    expect((await s.update({ id: s.id, discountId: twoMonths })).data.discountId).toBe(twoMonths);
    await s.renewOn(2); // 15 Mar: 750 (first of two months)
    await s.renewOn(3); // 15 Apr: 750
    await s.renewOn(4); // 15 May: 1000, dropped
    expect((await s.sub()).discountId).toBeNull();
    s.c.set(at(4, 20));
    expect((await s.update({ id: s.id, discountId: once })).data.discountId).toBe(once);
    // Replaced before it is used: the new one counts from the next renewal.
    s.c.set(at(4, 21));
    expect((await s.update({ id: s.id, discountId: twoMonths })).data.discountId).toBe(twoMonths);
    s.c.set(at(4, 22));
    expect((await s.update({ id: s.id, discountId: once })).data.discountId).toBe(once);
    await s.renewOn(5); // 15 Jun: 700
    await s.renewOn(6); // 15 Jul: 1000
    expect(s.processor.charges.map((x) => x.amount)).toEqual([1000, 750, 750, 1000, 700, 1000]);
    expect((await s.sub()).discountId).toBeNull();
    expect(await s.usesOf(twoMonths)).toBe(2);
    expect(await s.usesOf(once)).toBe(2);
    // The same discount again changes nothing (no use, no event).
    s.c.set(at(6, 20));
    await s.update({ id: s.id, discountId: once });
    const events = s.events.length;
    const same = await s.update({ id: s.id, discountId: once });
    expect(same.status).toBe(200);
    expect(s.events.length).toBe(events);
    expect(await s.usesOf(once)).toBe(3);
  });

  it("redeems atomically: five subscriptions race for one use left, exactly one gets it", async () => {
    const s = await shop();
    const last = await s.discount({
      type: "percentage",
      basisPoints: 1000,
      duration: "forever",
      maxRedemptions: 1,
    });
    const ids = [s.id, ...(await Promise.all([1, 2, 3, 4].map(() => s.subscribe())))];
    const results = await Promise.all(ids.map((id) => s.update({ id, discountId: last })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await s.usesOf(last)).toBe(1);
    expect(await s.redemptions(last)).toHaveLength(1);
    const holders = (await Promise.all(ids.map((id) => s.sub(id)))).filter((x) => x.discountId === last);
    expect(holders).toHaveLength(1);
  });

  it("refuses bad input with 4xx and writes nothing", async () => {
    const s = await shop();
    const onlyOther = await s.discount({ type: "percentage", basisPoints: 5000, duration: "forever" }, [
      s.other,
    ]);
    const euros = await s.discount({ type: "fixed", amount: 100, currency: "eur", duration: "forever" });
    const expired = await s.discount({
      type: "percentage",
      basisPoints: 5000,
      duration: "forever",
      endsAt: at(0, 1),
    });
    const later = await s.discount({
      type: "percentage",
      basisPoints: 5000,
      duration: "forever",
      startsAt: at(5, 1),
    });
    const gone = await s.discount({
      type: "percentage",
      basisPoints: 5000,
      duration: "forever",
      deletedAt: at(0, 2),
    });
    const ok = await s.discount({ type: "percentage", basisPoints: 5000, duration: "forever" });
    const before = s.events.length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ discountId: "nope" }, 404, "Discount not found"],
      [{ discountId: gone }, 404, "Discount not found"],
      [{ discountId: onlyOther }, 400, "Discount is not applicable to this subscription."],
      [{ discountId: euros }, 400, "Discount is not applicable to this subscription."],
      [{ discountId: expired }, 400, "Discount is not redeemable."],
      [{ discountId: later }, 400, "Discount is not redeemable."],
      [{ discountId: ok, cancelAtPeriodEnd: true }, 422, "Change the discount in its own update."],
      [{ discountId: ok, productId: s.other }, 422, "Change the discount in its own update."],
    ];
    for (const [body, status, message] of cases) {
      const res = await s.update({ id: s.id, ...body });
      expect([res.status, res.data.message]).toEqual([status, message]);
    }
    for (const discountId of ["", "x".repeat(257), 42]) {
      expect((await s.update({ id: s.id, discountId })).status).toBe(400);
    }
    expect((await s.sub()).discountId).toBeNull();
    expect((await s.sub()).discountAppliedAt).toBeNull();
    for (const d of [onlyOther, euros, expired, later, ok]) expect(await s.usesOf(d)).toBe(0);
    expect(s.events.length).toBe(before);
    await s.services.subscriptions.revoke(await s.sub());
    const ended = await s.update({ id: s.id, discountId: ok });
    expect([ended.status, ended.data.message]).toEqual([410, "This subscription has ended."]);
    expect(await s.usesOf(ok)).toBe(0);
    await s.renewOn(1);
    expect(s.processor.charges).toEqual([]);
  });
});
