import { describe, expect, it } from "vitest";
import { messages, ok } from "../catalog/helpers";
import { type UsageShop, usageShop } from "./setup";

type Quantities = { quantities: { timestamp: string; quantity: number }[]; total: number };

const clause = (property: string, operator: string, value: string | number | boolean) => ({
  property,
  operator,
  value,
});
const and = (...clauses: unknown[]) => ({ conjunction: "and", clauses });
const or = (...clauses: unknown[]) => ({ conjunction: "or", clauses });
const sum = { func: "sum", property: "tokens" };

/** The buyer's events (and one of another customer), all before the clock (2026-01-15T12:00Z). */
async function seeded() {
  const app = await usageShop();
  const c = app.customer.id;
  await ok(
    app.ingest([
      {
        name: "api.call",
        customerId: c,
        timestamp: "2026-01-05T10:00:00Z",
        metadata: { tokens: 10, region: "eu-west", beta: true, model: { name: "large" } },
      },
      {
        name: "api.call",
        customerId: c,
        timestamp: "2026-01-05T11:30:00Z",
        metadata: { tokens: 5, region: "us-east", beta: false },
      },
      {
        name: "api.call",
        customerId: c,
        timestamp: "2026-01-06T09:00:00Z",
        metadata: { tokens: 20, region: "eu-central" },
      },
      { name: "other", customerId: c, timestamp: "2026-01-12T00:00:00Z", metadata: { tokens: 100 } },
      { name: "api.call", customerId: c, timestamp: "2026-01-14T00:00:00Z", metadata: { tokens: "7" } },
      {
        name: "api.call",
        externalCustomerId: "ext_other",
        timestamp: "2026-01-05T00:00:00Z",
        metadata: { tokens: 1000 },
      },
    ]),
  );
  return app;
}

const quantities = (app: UsageShop, query: Record<string, string>) =>
  app.shop.get<Quantities>("/billing/meters/quantities", { query });

/** The meter's total over January for the buyer's customer (or every customer). */
async function total(app: UsageShop, filter: unknown, aggregation: unknown = sum, everyone = false) {
  const meter = await app.meter(`Meter ${Math.random().toString(36).slice(2, 8)}`, filter, aggregation);
  const res = await ok<Quantities>(
    quantities(app, {
      meterId: meter.id,
      startTimestamp: "2026-01-01T00:00:00Z",
      endTimestamp: "2026-02-01T00:00:00Z",
      interval: "month",
      ...(everyone ? {} : { customerId: app.customer.id }),
    }),
  );
  return res.total;
}

describe("meters evaluated by the database", () => {
  it("every filter operator, on numbers, strings, booleans and nested metadata paths", async () => {
    const app = await seeded();
    expect(await total(app, and(clause("tokens", "eq", 10)))).toBe(10);
    expect(await total(app, and(clause("tokens", "ne", 10)))).toBe(125);
    expect(await total(app, and(clause("tokens", "gt", 5)))).toBe(130);
    expect(await total(app, and(clause("tokens", "gte", 10)))).toBe(130);
    expect(await total(app, and(clause("tokens", "lt", 10)))).toBe(5);
    expect(await total(app, and(clause("metadata.tokens", "lte", 10)))).toBe(15);
    expect(await total(app, and(clause("region", "like", "eu")))).toBe(30);
    expect(await total(app, and(clause("region", "not_like", "eu")))).toBe(5);
    expect(await total(app, and(clause("region", "like", "EU")))).toBe(0);
    expect(await total(app, and(clause("beta", "eq", true)))).toBe(10);
    expect(await total(app, and(clause("beta", "ne", true)))).toBe(5);
    expect(await total(app, and(clause("metadata.model.name", "eq", "large")))).toBe(10);
    expect(await total(app, and(clause("name", "eq", "other")))).toBe(100);
    expect(await total(app, and(clause("name", "ne", "other")))).toBe(35);
    expect(await total(app, and(clause("tokens", "eq", "7")), { func: "count" })).toBe(1);
  });

  it("nested and/or filters; an empty filter matches every event", async () => {
    const app = await seeded();
    const nested = and(
      clause("name", "eq", "api.call"),
      or(clause("region", "like", "central"), clause("beta", "eq", false)),
    );
    expect(await total(app, nested)).toBe(25);
    expect(
      await total(
        app,
        or(clause("name", "eq", "other"), and(clause("beta", "eq", true), clause("tokens", "gte", 10))),
      ),
    ).toBe(110);
    expect(await total(app, and(), { func: "count" })).toBe(5);
    expect(await total(app, or(), { func: "count" }, true)).toBe(6);
  });

  it("count, sum, max, min and avg (only metadata numbers take part), per customer and overall", async () => {
    const app = await seeded();
    const calls = and(clause("name", "eq", "api.call"));
    expect(await total(app, calls, { func: "count" })).toBe(4);
    expect(await total(app, calls, sum)).toBe(35);
    expect(await total(app, calls, { func: "max", property: "tokens" })).toBe(20);
    expect(await total(app, calls, { func: "min", property: "metadata.tokens" })).toBe(5);
    expect(await total(app, calls, { func: "avg", property: "tokens" })).toBeCloseTo(35 / 3, 9);
    expect(await total(app, calls, sum, true)).toBe(1035);
    expect(await total(app, calls, { func: "max", property: "tokens" }, true)).toBe(1000);
    expect(await total(app, and(clause("name", "eq", "none")), { func: "max", property: "tokens" })).toBe(0);
  });

  it("quantities per hour, day, week and month, empty buckets as 0", async () => {
    const app = await seeded();
    const meter = await app.meter("API tokens", and(clause("name", "eq", "api.call")), sum);
    const series = async (interval: string, start: string, end: string, customer = true) =>
      ok<Quantities>(
        quantities(app, {
          meterId: meter.id,
          startTimestamp: start,
          endTimestamp: end,
          interval,
          ...(customer ? { customerId: app.customer.id } : {}),
        }),
      );
    expect(await series("day", "2026-01-05T00:00:00Z", "2026-01-08T00:00:00Z")).toEqual({
      quantities: [
        { timestamp: "2026-01-05T00:00:00.000Z", quantity: 15 },
        { timestamp: "2026-01-06T00:00:00.000Z", quantity: 20 },
        { timestamp: "2026-01-07T00:00:00.000Z", quantity: 0 },
      ],
      total: 35,
    });
    expect(await series("hour", "2026-01-05T10:00:00Z", "2026-01-05T12:00:00Z")).toEqual({
      quantities: [
        { timestamp: "2026-01-05T10:00:00.000Z", quantity: 10 },
        { timestamp: "2026-01-05T11:00:00.000Z", quantity: 5 },
      ],
      total: 15,
    });
    expect(await series("week", "2026-01-01T00:00:00Z", "2026-01-15T00:00:00Z")).toEqual({
      quantities: [
        { timestamp: "2025-12-29T00:00:00.000Z", quantity: 0 },
        { timestamp: "2026-01-05T00:00:00.000Z", quantity: 35 },
        { timestamp: "2026-01-12T00:00:00.000Z", quantity: 0 },
      ],
      total: 35,
    });
    expect(await series("month", "2026-01-01T00:00:00Z", "2026-03-01T00:00:00Z", false)).toEqual({
      quantities: [
        { timestamp: "2026-01-01T00:00:00.000Z", quantity: 1035 },
        { timestamp: "2026-02-01T00:00:00.000Z", quantity: 0 },
      ],
      total: 1035,
    });
  });

  it("quantities refuse bad input with 4xx", async () => {
    const app = await seeded();
    const meter = await app.meter("Calls", and(), { func: "count" });
    const base = {
      meterId: meter.id,
      startTimestamp: "2026-01-01T00:00:00Z",
      endTimestamp: "2026-01-02T00:00:00Z",
      interval: "day",
    };
    const unknown = await quantities(app, { ...base, meterId: "nope" });
    expect([unknown.status, messages(unknown)]).toEqual([404, ["Meter not found"]]);
    const reversed = await quantities(app, { ...base, endTimestamp: "2026-01-01T00:00:00Z" });
    expect([reversed.status, messages(reversed)]).toEqual([
      422,
      ["endTimestamp must be after startTimestamp."],
    ]);
    const interval = await quantities(app, { ...base, interval: "year" });
    expect(interval.status).toBe(400);
    const many = await quantities(app, { ...base, interval: "hour", endTimestamp: "2026-03-01T00:00:00Z" });
    expect([many.status, messages(many)]).toEqual([
      422,
      ["At most 1000 buckets per call: use a longer interval."],
    ]);
    expect((await quantities(app, { ...base, startTimestamp: "soon" })).status).toBe(400);
  });
});

describe("meter balances", () => {
  it("buyer /usage/meters/list and customer state activeMeters: consumed, credited 0, balance", async () => {
    const app = await seeded();
    const calls = await app.meter("API calls", and(clause("name", "eq", "api.call")), { func: "count" });
    app.time.advance(1000); // meters are listed oldest first
    const tokens = await app.meter("Tokens", and(clause("name", "eq", "api.call")), sum);
    await app.meter("Unused", and(clause("name", "eq", "never")), { func: "count" });
    const list = await ok<{ items: Record<string, unknown>[]; pagination: { totalCount: number } }>(
      app.buyer.get("/usage/meters/list"),
    );
    expect(list.pagination.totalCount).toBe(2);
    expect(list.items.map((m) => [m.meterId, m.consumedUnits, m.creditedUnits, m.balance])).toEqual([
      [calls.id, 4, 0, -4],
      [tokens.id, 35, 0, -35],
    ]);
    expect(list.items[0]).toMatchObject({
      customerId: app.customer.id,
      meter: { id: calls.id, name: "API calls" },
    });
    const state = await ok<{ activeMeters: Record<string, unknown>[] }>(app.buyer.get("/customer/state"));
    expect(state.activeMeters.map((m) => [m.meterId, m.consumedUnits, m.creditedUnits, m.balance])).toEqual([
      [calls.id, 4, 0, -4],
      [tokens.id, 35, 0, -35],
    ]);
    // After a new event, the balance follows.
    await ok(app.buyer.post("/usage/ingest", { event: "api.call", metadata: { tokens: 2 } }));
    const after = await ok<{ items: Record<string, unknown>[] }>(app.buyer.get("/usage/meters/list"));
    expect(after.items.map((m) => m.balance)).toEqual([-5, -37]);
    expect((await app.browser().get("/usage/meters/list")).status).toBe(401);
  });
});
