import { describe, expect, it } from "vitest";
import { creditBalance, settle } from "../../../src/plugins/billing/meter-credits/ledger";
import { meteredAmount } from "../../../src/plugins/billing/money";
import type { MeterCreditRow } from "../../../src/plugins/billing/rows";
import { type BenefitShop, benefitShop } from "../benefits/setup";
import { ok } from "../catalog/helpers";
import { orderItems, ordersOf } from "./metered-flow";

/**
 * Metered billing around the cycle (memory): the final usage order when a subscription ends (at
 * the period end or revoked), the discount on metered lines, non-numeric values where a sum reads,
 * and the rounding and credit arithmetic. The 100,000-event flow on every store is in
 * test/db/billing-metered-stores.test.ts.
 */

/** A monthly plan of 10.00 plus tokens at 0.25 each (summed), capped at 50.00, bought now (15 Jan). */
async function tokenPlan() {
  const app = await benefitShop();
  const meter = await app.billing.meters.create({
    name: "Tokens",
    filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "llm" }] },
    aggregation: { func: "sum", property: "tokens" },
  });
  const product = await ok<{ id: string }>(
    app.shop.post("/billing/products/create", {
      name: "Token plan",
      recurringInterval: "month",
      prices: [
        { amountType: "fixed", priceAmount: 1000, priceCurrency: "usd" },
        {
          amountType: "metered_unit",
          unitAmount: "0.25",
          capAmount: 5000,
          meterId: meter.id,
          priceCurrency: "usd",
        },
      ],
    }),
  );
  const { order, subscriptionId } = await app.buy(product.id);
  const use = (tokens: unknown[], at = app.time.now()) =>
    app.billing.usage.ingest({
      events: tokens.map((t) => ({
        name: "llm",
        customerId: order.customerId,
        timestamp: at.toISOString(),
        metadata: { tokens: t as number },
      })),
    });
  const orders = () => ordersOf(app, subscriptionId!);
  const items = (orderId: string) => orderItems(app, orderId);
  return { app, meter, id: subscriptionId!, customerId: order.customerId, use, orders, items };
}

const lastOrder = async (plan: Awaited<ReturnType<typeof tokenPlan>>) => (await plan.orders()).at(-1)!;
const pass = (app: BenefitShop, days: number) => app.pass(days);

describe("metered prices at the cycle end", () => {
  it("non-numeric values are left out of a sum; the renewal bills the rest, rounded half up once", async () => {
    const plan = await tokenPlan();
    await pass(plan.app, 10);
    // 3 + 4.5 + 0.5 = 8 tokens; "100" (a string) and true are not numbers: excluded, as Polar does.
    await plan.use([3, 4.5, "100", true, 0.5]);
    await pass(plan.app, 21);
    await plan.app.runDue();
    const renewal = await lastOrder(plan);
    expect(renewal.billingReason).toBe("subscription_cycle");
    expect((await plan.items(renewal.id)).map((i) => [i.label, i.amount])).toEqual([
      ["Token plan — From 2026-02-15 to 2026-03-15", 1000],
      ["Tokens — 8 units — From 2026-01-15 to 2026-02-15", 2], // 8 x 0.25
    ]);
    expect(renewal).toMatchObject({ subtotalAmount: 1002, totalAmount: 1002, status: "paid" });
  });

  it("cancel at period end: the last period's usage on a final order, charged (not voided)", async () => {
    const plan = await tokenPlan();
    await ok(plan.app.buyer.post("/customer/subscriptions/cancel", { subscriptionId: plan.id }));
    await pass(plan.app, 5);
    await plan.use([30_000]); // 7,500 -> capped at 5,000
    await pass(plan.app, 26);
    await plan.app.runDue();
    const final = await lastOrder(plan);
    expect(final).toMatchObject({ billingReason: "subscription_cycle", totalAmount: 5000, status: "paid" });
    expect((await plan.items(final.id)).map((i) => i.label)).toEqual([
      "Tokens — 30000 units — From 2026-01-15 to 2026-02-15 — Capped at $50.00",
    ]);
    const sub = await ok<{ status: string }>(
      plan.app.shop.get("/billing/subscriptions/get", { query: { id: plan.id } }),
    );
    expect(sub.status).toBe("canceled");
    expect(await plan.orders()).toHaveLength(2); // the checkout's and the final one: no renewal
  });

  it("cancel at period end without usage: no final order", async () => {
    const plan = await tokenPlan();
    await ok(plan.app.buyer.post("/customer/subscriptions/cancel", { subscriptionId: plan.id }));
    await pass(plan.app, 31);
    await plan.app.runDue();
    expect(await plan.orders()).toHaveLength(1);
  });

  it("revoke mid-period: the usage so far on a final order, charged; nothing is billed after", async () => {
    const plan = await tokenPlan();
    await pass(plan.app, 3);
    await plan.use([400], new Date(plan.app.time.now().getTime() - 60_000));
    await ok(plan.app.shop.post("/billing/subscriptions/revoke", { id: plan.id }));
    const final = await lastOrder(plan);
    expect((await plan.items(final.id)).map((i) => [i.label, i.amount])).toEqual([
      ["Tokens — 400 units — From 2026-01-15 to 2026-01-18", 100],
    ]);
    expect(final.status).toBe("pending");
    await plan.app.runDue();
    expect((await lastOrder(plan)).status).toBe("paid");
    await pass(plan.app, 31);
    await plan.app.runDue();
    expect(await plan.orders()).toHaveLength(2);
  });

  it("a discount on the subscription applies to the whole subtotal, metered lines included", async () => {
    const plan = await tokenPlan();
    const discount = await ok<{ id: string }>(
      plan.app.shop.post("/billing/discounts/create", {
        name: "Quarter off",
        type: "percentage",
        basisPoints: 2500,
        duration: "forever",
      }),
    );
    await ok(plan.app.shop.post("/billing/subscriptions/update", { id: plan.id, discountId: discount.id }));
    await pass(plan.app, 10);
    await plan.use([4002]); // 1,000.5 -> 1,001
    await pass(plan.app, 21);
    await plan.app.runDue();
    const renewal = await lastOrder(plan);
    expect((await plan.items(renewal.id)).map((i) => i.amount)).toEqual([1000, 1001]);
    // 25 % of 2,001 = 500.25 -> 500
    expect(renewal).toMatchObject({ subtotalAmount: 2001, discountAmount: 500, totalAmount: 1501 });
  });

  it("a renewal resets the meter: a reset marker at the cutoff; the buyer sees the new period only", async () => {
    const plan = await tokenPlan();
    const rows = () =>
      plan.app.db.findMany<MeterCreditRow>({
        model: "billingMeterCredit",
        where: [{ field: "customerId", value: plan.customerId }],
      });
    await pass(plan.app, 17);
    await plan.use([7]); // period 1's, counted before the reset
    const before = await ok<{ items: { meterId: string; consumedUnits: number }[] }>(
      plan.app.buyer.get("/usage/meters/list"),
    );
    expect(before.items.find((m) => m.meterId === plan.meter.id)).toMatchObject({ consumedUnits: 7 });
    await pass(plan.app, 14);
    await plan.app.runDue();
    expect((await rows()).map((r) => [r.reason, r.units, r.createdAt.toISOString()])).toEqual([
      ["reset", 0, "2026-02-15T12:00:00.000Z"],
    ]);
    // The buyer's balance: a reset meter shows its (empty) current period.
    const meters = await ok<{ items: { meterId: string; consumedUnits: number }[] }>(
      plan.app.buyer.get("/usage/meters/list"),
    );
    expect(meters.items.find((m) => m.meterId === plan.meter.id)).toMatchObject({ consumedUnits: 0 });
  });
});

describe("metered arithmetic", () => {
  it("units x unitAmount rounded half up once on the total, then capped", () => {
    expect(meteredAmount(3, "0.5")).toBe(2); // 1.5 -> 2
    expect(meteredAmount(5, "0.1")).toBe(1); // 0.5 -> 1 (exact, no float drift)
    expect(meteredAmount(0.1 + 0.2, "10")).toBe(3); // 3.0000000000000004 taken to 12 decimals
    expect(meteredAmount(2.5, "0.000000000001")).toBe(0);
    expect(meteredAmount(12.345, "3.333333333333")).toBe(41); // 41.149999999995885
    expect(meteredAmount(1_000_000, "0.013")).toBe(13_000);
    expect(meteredAmount(1_000_000, "0.013", 12_999)).toBe(12_999);
    expect(meteredAmount(0, "5", 0)).toBe(0);
  });

  it("settle: expiring credits used first, rolling ones carried whole", () => {
    expect(settle(30, { expiring: 20, rolling: 15 })).toEqual({
      creditedUnits: 30,
      billableUnits: 0,
      rows: [
        { units: -20, rollover: false, reason: "usage" },
        { units: -10, rollover: true, reason: "usage" },
        { units: 0, rollover: false, reason: "reset" },
      ],
    });
    expect(settle(5.5, { expiring: 10, rolling: 7 })).toEqual({
      creditedUnits: 5.5,
      billableUnits: 0,
      rows: [
        { units: -6, rollover: false, reason: "usage" },
        { units: -4, rollover: false, reason: "expire" },
        { units: 0, rollover: false, reason: "reset" },
      ],
    });
    expect(settle(50, { expiring: 10, rolling: 7 }).billableUnits).toBe(33);
  });

  it("creditBalance: a non-negative running sum per flag, reset rows before credits of the same instant", () => {
    const at = (iso: string) => new Date(iso);
    const row = (
      units: number,
      rollover: boolean,
      reason: MeterCreditRow["reason"],
      iso: string,
      id: string,
    ) => ({
      id,
      meterId: "m",
      units,
      rollover,
      reason,
      createdAt: at(iso),
    });
    const ledger = [
      row(100, false, "grant", "2026-01-01T00:00:00Z", "a"),
      row(-100, false, "usage", "2026-02-01T00:00:00Z", "z"),
      row(100, false, "cycle", "2026-02-01T00:00:00Z", "b"), // same instant, after the reset's rows
      row(-250, true, "revoke", "2026-02-02T00:00:00Z", "c"), // cannot push below zero
      row(40, true, "grant", "2026-02-03T00:00:00Z", "d"),
    ];
    expect(creditBalance(ledger, "m")).toEqual({ expiring: 100, rolling: 40 });
    expect(creditBalance(ledger, "m", at("2026-02-01T00:00:00Z"))).toEqual({ expiring: 100, rolling: 0 });
    expect(creditBalance(ledger, "other")).toEqual({ expiring: 0, rolling: 0 });
    // A revoke written in the same instant as the credit it takes back follows it, whatever the
    // (random) ids: 250 + 400 - 400, never a clamped 0 followed by +400.
    const sameInstant = [
      row(250, false, "grant", "2026-01-01T00:00:00Z", "m1"),
      row(-400, true, "revoke", "2026-02-01T00:00:00Z", "a0"),
      row(400, true, "cycle", "2026-02-01T00:00:00Z", "z9"),
    ];
    expect(creditBalance(sameInstant, "m")).toEqual({ expiring: 250, rolling: 0 });
  });
});
