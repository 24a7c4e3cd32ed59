import { expect } from "vitest";
import type { MeterCreditRow, OrderItemRow, OrderRow } from "../../../src/plugins/billing/rows";
import type { BenefitShop } from "../benefits/setup";
import { DAY } from "../benefits/setup";
import { ok, rejection } from "../catalog/helpers";

/*
 * Metered billing end to end, shared by the memory test and the five-store test (test/db): 100,000
 * usage events ingested through the service in batches of 1,000, five meters (one per aggregation)
 * whose filters use every operator and nested and/or, a plan with a metered price on each, credits
 * from two meter_credit benefits (expiring and rolling), and two renewals driven by the clock.
 * Every expected number is computed here from the generated events with plain arithmetic (BigInt
 * for the amounts), independently of the engine. Also on every store: a bad batch writes nothing.
 */

const N = 100_000;
const START = Date.UTC(2026, 0, 15, 12); // the shop's clock: the purchase
const PERIOD_1_END = Date.UTC(2026, 1, 15, 12);
const PERIOD_2_END = Date.UTC(2026, 2, 15, 12);
/** Events spread from a day before the purchase to just before the first period end. */
const STEP = (32 * DAY) / N;
const REGIONS = ["eu-west", "us-east", "ap-south", "eu-central"] as const;
const NAMES = ["api.call", "api.other", "ping"] as const;

interface Usage {
  name: string;
  tokens: number | string;
  region: string;
  tier: string;
  flag: boolean;
  at: number;
}

const usage = (i: number, at: number): Usage => ({
  name: NAMES[i % 3]!,
  // every 41st value is a numeric string: never summed, never compared as a number
  tokens: i % 41 === 5 ? String(i % 13) : i % 97,
  region: REGIONS[i % 4]!,
  tier: i % 2 === 0 ? "free" : "pro",
  flag: i % 5 === 0,
  at,
});

/** Period 1's events (and some before it); the last one sits exactly on the cutoff (period 2's). */
const PERIOD_1 = Array.from({ length: N }, (_, i) =>
  usage(i, i === N - 1 ? PERIOD_1_END : START - DAY + Math.floor(i * STEP)),
);
/** 600 events in period 2, one per hour. */
const PERIOD_2 = Array.from({ length: 600 }, (_, i) => usage(i * 7 + 3, PERIOD_1_END + i * 3_600_000));

const num = (e: Usage) => (typeof e.tokens === "number" ? e.tokens : undefined);
const c = (property: string, operator: string, value: string | number | boolean) => ({
  property,
  operator,
  value,
});
type Func = "count" | "sum" | "max" | "min" | "avg";

/** Each meter, its price and the plain-code predicate its filter must equal. */
const PLAN: {
  name: string;
  func: Func;
  filter: unknown;
  match: (e: Usage) => boolean;
  unitAmount: string;
  capAmount: number | null;
}[] = [
  {
    name: "EU API calls",
    func: "count",
    filter: { conjunction: "and", clauses: [c("name", "eq", "api.call"), c("region", "like", "eu-")] },
    match: (e) => e.name === "api.call" && e.region.includes("eu-"),
    unitAmount: "0.5",
    capAmount: null,
  },
  {
    name: "Tokens",
    func: "sum",
    filter: { conjunction: "and", clauses: [c("name", "ne", "ping"), c("tokens", "gt", 0)] },
    match: (e) => e.name !== "ping" && (num(e) ?? -1) > 0,
    unitAmount: "0.013",
    capAmount: null,
  },
  {
    name: "Peak pro tokens",
    func: "max",
    filter: { conjunction: "and", clauses: [c("meta.tier", "eq", "pro"), c("metadata.tokens", "lte", 90)] },
    match: (e) => e.tier === "pro" && num(e) !== undefined && num(e)! <= 90,
    unitAmount: "250",
    capAmount: 10_000,
  },
  {
    name: "Least tokens",
    func: "min",
    filter: { conjunction: "and", clauses: [c("tokens", "gte", 5), c("region", "not_like", "east")] },
    match: (e) => (num(e) ?? -1) >= 5 && !e.region.includes("east"),
    unitAmount: "7",
    capAmount: 5_000,
  },
  {
    name: "Average tokens",
    func: "avg",
    filter: {
      conjunction: "or",
      clauses: [
        { conjunction: "and", clauses: [c("name", "eq", "api.call"), c("flag", "eq", true)] },
        { conjunction: "and", clauses: [c("tokens", "lt", 10), c("region", "ne", "us-east")] },
      ],
    },
    match: (e) =>
      (e.name === "api.call" && e.flag) || (num(e) !== undefined && num(e)! < 10 && e.region !== "us-east"),
    unitAmount: "3.333333333333",
    capAmount: null,
  },
];

/** Expiring credits on the count meter, rolling credits on the sum meter (each period). */
const EXPIRING = 5_000;
const ROLLING = 1_000_000;

/** The meter's value as a fraction (numerator / denominator), from the events of [from, to). */
function measure(func: Func, match: (e: Usage) => boolean, events: Usage[], from: number, to: number) {
  const hits = events.filter((e) => e.at >= from && e.at < to && match(e));
  if (func === "count") return { num: BigInt(hits.length), den: 1n };
  const values = hits.map(num).filter((v): v is number => v !== undefined);
  if (values.length === 0) return { num: 0n, den: 1n };
  const total = values.reduce((a, b) => a + b, 0);
  if (func === "sum") return { num: BigInt(total), den: 1n };
  if (func === "max") return { num: BigInt(Math.max(...values)), den: 1n };
  if (func === "min") return { num: BigInt(Math.min(...values)), den: 1n };
  return { num: BigInt(total), den: BigInt(values.length) };
}

/** (units - credits) x unitAmount, rounded half up once, capped: all in BigInt fractions. */
function lineAmount(
  units: { num: bigint; den: bigint },
  credits: bigint,
  unitAmount: string,
  cap: number | null,
) {
  const [whole, fraction = ""] = unitAmount.split(".");
  const ua = BigInt(whole! + fraction);
  const uaDen = 10n ** BigInt(fraction.length);
  const billable = units.num - credits * units.den;
  if (billable <= 0n) return 0;
  const n = billable * ua;
  const d = units.den * uaDen;
  const rounded = Number((2n * n + d) / (2n * d));
  return cap !== null ? Math.min(rounded, cap) : rounded;
}

/** Without externalId: deduplication is covered by the ingestion tests and costs a lookup per batch. */
const toInput = (customerId: string) => (e: Usage) => ({
  name: e.name,
  customerId,
  timestamp: new Date(e.at).toISOString(),
  metadata: { tokens: e.tokens, region: e.region, meta: { tier: e.tier }, flag: e.flag },
});

/** A subscription's orders (of one billing reason), oldest first. */
export const ordersOf = (app: BenefitShop, subscriptionId: string, reason?: string) =>
  app.db.findMany<OrderRow>({
    model: "billingOrder",
    where: [
      { field: "subscriptionId", value: subscriptionId },
      ...(reason ? [{ field: "billingReason", value: reason }] : []),
    ],
    sortBy: [{ field: "createdAt", direction: "asc" }],
  });

/** An order's lines in their order. */
export const orderItems = (app: BenefitShop, orderId: string) =>
  app.db.findMany<OrderItemRow>({
    model: "billingOrderItem",
    where: [{ field: "orderId", value: orderId }],
    sortBy: [{ field: "createdAt", direction: "asc" }],
  });

export async function meteredFlow(app: BenefitShop) {
  const meters: { id: string }[] = [];
  for (const p of PLAN)
    meters.push(
      await app.billing.meters.create({
        name: p.name,
        filter: p.filter,
        aggregation: p.func === "count" ? { func: "count" } : { func: p.func, property: "tokens" },
      } as Parameters<typeof app.billing.meters.create>[0]),
    );
  const expiring = await app.benefit("meter_credit", {
    units: EXPIRING,
    rollover: false,
    meterId: meters[0]!.id,
  });
  const rolling = await app.benefit("meter_credit", {
    units: ROLLING,
    rollover: true,
    meterId: meters[1]!.id,
  });
  const product = await ok<{ id: string }>(
    app.shop.post("/billing/products/create", {
      name: "Usage plan",
      recurringInterval: "month",
      prices: [
        { amountType: "fixed", priceAmount: 1000, priceCurrency: "usd" },
        ...PLAN.map((p, i) => ({
          amountType: "metered_unit",
          unitAmount: p.unitAmount,
          capAmount: p.capAmount,
          meterId: meters[i]!.id,
          priceCurrency: "usd",
        })),
      ],
      benefits: [expiring, rolling],
    }),
  );
  const { order: first, subscriptionId } = await app.buy(product.id);
  await app.runDue(); // grants the credits
  const customerId = first.customerId;

  // 100,000 events through the service, 1,000 per call.
  await app.pass(31);
  const input = toInput(customerId);
  // A batch lands whole or not at all: a bad last event (unknown customer, a timestamp beyond the
  // 60 s tolerance) rejects all 1,000 and writes none.
  const head = PERIOD_1.slice(0, 999).map(input);
  const unknown = await rejection(
    app.billing.usage.ingest({ events: [...head, { ...input(PERIOD_1[0]!), customerId: "nope" }] }),
  );
  expect(unknown).toMatchObject({ status: 422, body: { message: "Customer does not exist." } });
  const future = new Date(app.time.now().getTime() + 61_000).toISOString();
  const late = await rejection(
    app.billing.usage.ingest({ events: [...head, { ...input(PERIOD_1[0]!), timestamp: future }] }),
  );
  expect(late).toMatchObject({
    status: 400,
    body: { issues: [{ path: ["events", 999, "timestamp"], message: "Timestamp must be in the past." }] },
  });
  const unknownMeter = app.billing.usage.quantities({
    meterId: "nope",
    startTimestamp: new Date(START).toISOString(),
    endTimestamp: new Date(PERIOD_1_END).toISOString(),
    interval: "month",
  });
  expect(await rejection(unknownMeter)).toMatchObject({ status: 404, body: { message: "Meter not found" } });
  expect((await app.billing.usage.list({ limit: 1 })).pagination.totalCount).toBe(0);
  const started = Date.now();
  for (let at = 0; at < N; at += 1000) {
    const batch = PERIOD_1.slice(at, at + 1000).map(input);
    expect(await app.billing.usage.ingest({ events: batch })).toEqual({ inserted: 1000, duplicates: 0 });
  }

  const cycleOrders = () => ordersOf(app, subscriptionId!, "subscription_cycle");
  const itemsOf = (orderId: string) => orderItems(app, orderId);
  const ledger = () =>
    app.db.findMany<MeterCreditRow>({
      model: "billingMeterCredit",
      where: [{ field: "customerId", value: customerId }],
    });

  /** The expected metered amounts of [from, to) given the credits available to each meter. */
  const expected = (events: Usage[], from: number, to: number, credits: number[]) =>
    PLAN.map((p, i) =>
      lineAmount(
        measure(p.func, p.match, events, from, to),
        BigInt(credits[i] ?? 0),
        p.unitAmount,
        p.capAmount,
      ),
    );

  const ingestMs = Date.now() - started;
  // First renewal: period 1's usage on the cycle order, credits used first.
  const renewing = Date.now();
  await app.runDue();
  const renewalMs = Date.now() - renewing;
  const [renewal1] = await cycleOrders();
  const items1 = await itemsOf(renewal1!.id);
  const want1 = expected(PERIOD_1, START, PERIOD_1_END, [EXPIRING, ROLLING, 0, 0, 0]);
  expect(items1.map((i) => i.amount)).toEqual([1000, ...want1]);
  expect(items1.slice(1).map((i) => i.productPriceId)).toHaveLength(5);
  expect(want1[2]).toBe(10_000); // the max meter hits its cap
  expect(items1[3]!.label).toMatch(
    /^Peak pro tokens — 90 units — From 2026-01-15 to 2026-02-15 — Capped at \$100.00$/,
  );
  expect(items1[1]!.label).toContain(`, ${EXPIRING} credited`);
  expect(renewal1).toMatchObject({
    subtotalAmount: 1000 + want1.reduce((a, b) => a + b, 0),
    totalAmount: 1000 + want1.reduce((a, b) => a + b, 0),
    status: "paid",
  });

  // Period 2: a few events; both credits cover them; the expiring leftover expires, the rolling one carries.
  await app.pass(28);
  expect(await app.billing.usage.ingest({ events: PERIOD_2.map(input) })).toEqual({
    inserted: PERIOD_2.length,
    duplicates: 0,
  });
  const all = [...PERIOD_1, ...PERIOD_2];
  const units2 = PLAN.map((p) => measure(p.func, p.match, all, PERIOD_1_END, PERIOD_2_END));
  const value = (u: { num: bigint; den: bigint }) => Number(u.num) / Number(u.den);
  // The buyer's balance and the subscription's meters count period 2 only.
  const balances = async () =>
    (
      await ok<{
        items: { meterId: string; consumedUnits: number; creditedUnits: number; balance: number }[];
      }>(app.buyer.get("/usage/meters/list", { query: { limit: "100" } }))
    ).items;
  const before = await balances();
  expect(before.find((m) => m.meterId === meters[0]!.id)).toMatchObject({
    consumedUnits: value(units2[0]!),
    creditedUnits: EXPIRING,
    balance: EXPIRING - value(units2[0]!),
  });
  expect(before.find((m) => m.meterId === meters[1]!.id)).toMatchObject({
    consumedUnits: value(units2[1]!),
    creditedUnits: ROLLING,
  });
  const sub = await ok<{ meters: { meterId: string; consumedUnits: number; creditedUnits: number }[] }>(
    app.shop.get("/billing/subscriptions/get", { query: { id: subscriptionId! } }),
  );
  for (const [i, meter] of meters.entries()) {
    const shown = sub.meters.find((m) => m.meterId === meter.id);
    expect(shown?.consumedUnits).toBeCloseTo(value(units2[i]!), 9);
  }

  await app.runDue();
  const [, renewal2] = await cycleOrders();
  const want2 = expected(all, PERIOD_1_END, PERIOD_2_END, [EXPIRING, ROLLING, 0, 0, 0]);
  expect(want2.slice(0, 2)).toEqual([0, 0]); // covered by the credits
  expect((await itemsOf(renewal2!.id)).map((i) => i.amount)).toEqual([1000, ...want2]);

  // Period 3: the expiring meter holds only its new credits; the rolling one carried what was left.
  const sum2 = Number(units2[1]!.num);
  const count2 = Number(units2[0]!.num);
  const after = await balances();
  expect(after.find((m) => m.meterId === meters[0]!.id)).toMatchObject({
    consumedUnits: 0,
    creditedUnits: EXPIRING,
  });
  expect(after.find((m) => m.meterId === meters[1]!.id)).toMatchObject({
    consumedUnits: 0,
    creditedUnits: 2 * ROLLING - sum2,
  });
  const rows = await ledger();
  const of = (meterId: string, reason: string) =>
    rows.filter((r) => r.meterId === meterId && r.reason === reason).map((r) => r.units);
  expect(of(meters[0]!.id, "expire")).toEqual([-(EXPIRING - count2)]);
  expect(of(meters[0]!.id, "usage").sort((a, b) => a - b)).toEqual(
    [-EXPIRING, -count2].sort((a, b) => a - b),
  );
  expect(of(meters[1]!.id, "expire")).toEqual([]);
  expect(of(meters[1]!.id, "reset")).toEqual([0, 0]);
  return { ingestMs, renewalMs };
}
