import { describe, expect, it } from "vitest";
import { adminShop, messages, ok, rejection } from "./helpers";

type Meter = Record<string, unknown> & { id: string; archivedAt: string | null };

const nested = {
  conjunction: "and",
  clauses: [
    { property: "name", operator: "eq", value: "api.call" },
    {
      conjunction: "or",
      clauses: [
        { property: "metadata.region", operator: "like", value: "eu" },
        { property: "tokens", operator: "gte", value: 10 },
        { property: "beta", operator: "ne", value: true },
      ],
    },
  ],
};

describe("meters (definitions)", () => {
  it("creates a meter with nested filters and each aggregation", async () => {
    const app = await adminShop();
    const meter = await ok<Meter>(
      app.shop.post("/billing/meters/create", {
        name: "API calls",
        filter: nested,
        aggregation: { func: "count" },
        metadata: { unit: "call" },
      }),
    );
    expect(meter).toMatchObject({
      name: "API calls",
      filter: nested,
      aggregation: { func: "count" },
      organizationId: "default",
      metadata: { unit: "call" },
      archivedAt: null,
    });
    for (const func of ["sum", "max", "min", "avg"]) {
      const res = await app.shop.post<Meter>("/billing/meters/create", {
        name: `Tokens ${func}`,
        filter: { conjunction: "or", clauses: [] },
        aggregation: { func, property: "tokens" },
      });
      expect(res.status).toBe(200);
      expect(res.data.aggregation).toEqual({ func, property: "tokens" });
    }
    expect(await ok(app.shop.get("/billing/meters/get", { query: { id: meter.id } }))).toMatchObject({
      id: meter.id,
    });
    expect(app.events).toEqual([]);
  });

  it("rejects invalid definitions", async () => {
    const app = await adminShop();
    const base = {
      name: "Valid",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "ab" }, "Name must be at least 3 characters long."],
      [{ aggregation: { func: "sum" } }, "Required"],
      [{ aggregation: { func: "median", property: "x" } }, "Invalid discriminator value"],
      [{ filter: { conjunction: "xor", clauses: [] } }, 'Invalid option: expected one of "and"|"or"'],
      [
        { filter: { conjunction: "and", clauses: [{ property: "a", operator: "contains", value: 1 }] } },
        "Invalid option: expected one of",
      ],
      [
        {
          filter: {
            conjunction: "and",
            clauses: [{ property: "a", operator: "eq", value: "x".repeat(1001) }],
          },
        },
        "A filter value is at most 1000 characters long.",
      ],
      [
        { filter: { conjunction: "and", clauses: [{ property: "a", operator: "eq", value: 1.5 }] } },
        "A filter value is a string, a 32-bit integer or a boolean.",
      ],
      [
        { filter: { conjunction: "and", clauses: [{ property: "a", operator: "eq", value: 2 ** 31 }] } },
        "A filter number is a 32-bit integer.",
      ],
      [
        { filter: { conjunction: "and", clauses: [{ conjunction: "nor", clauses: [] }] } },
        "Invalid discriminator value",
      ],
    ];
    for (const [patch, message] of cases) {
      const res = await app.shop.post("/billing/meters/create", { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(messages(res).join(" | "), JSON.stringify(patch)).toContain(message);
    }
    // Every operator of spec section 9 is accepted, with string, integer and boolean values.
    for (const operator of ["eq", "ne", "gt", "gte", "lt", "lte", "like", "not_like"]) {
      const filter = { conjunction: "and", clauses: [{ property: "p", operator, value: operator.length }] };
      expect((await app.shop.post("/billing/meters/create", { ...base, filter })).status).toBe(200);
    }
  });

  it("update, archive (refused while an active product prices it), unarchive; list filters", async () => {
    const app = await adminShop();
    const meter = await app.billing.meters.create({
      name: "Storage",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "max", property: "bytes" },
    });
    const renamed = await ok<Meter>(
      app.shop.post("/billing/meters/update", {
        id: meter.id,
        name: "Storage GB",
        aggregation: { func: "count" },
      }),
    );
    expect(renamed).toMatchObject({ name: "Storage GB", aggregation: { func: "count" } });
    const product = await app.billing.products.create({
      name: "Storage plan",
      recurringInterval: "month",
      prices: [{ amountType: "metered_unit", unitAmount: "0.5", meterId: meter.id }],
    });
    const refused = await app.shop.post("/billing/meters/archive", { id: meter.id });
    expect(refused.status).toBe(422);
    expect(messages(refused)).toEqual(["This meter is used by an active product and cannot be archived."]);
    await app.billing.products.archive({ id: product.id });
    const archived = await ok<Meter>(app.shop.post("/billing/meters/archive", { id: meter.id }));
    expect(archived.archivedAt).not.toBeNull();
    await app.billing.meters.create({
      name: "Other",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    });
    expect((await app.billing.meters.list({ isArchived: true })).items.map((m) => m.name)).toEqual([
      "Storage GB",
    ]);
    expect((await app.billing.meters.list({ isArchived: false })).items.map((m) => m.name)).toEqual([
      "Other",
    ]);
    expect((await app.billing.meters.list({ query: "stor" })).pagination.totalCount).toBe(1);
    const back = await app.billing.meters.update({ id: meter.id, isArchived: false });
    expect(back.archivedAt).toBeNull();
    expect((await rejection(app.billing.meters.get({ id: "nope" }))).status).toBe(404);
  });
});
