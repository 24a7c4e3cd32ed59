import { describe, expect, it } from "vitest";
import { countingMemoryDatabase } from "../../helpers/counting";
import { adminShop, ok } from "./helpers";

/**
 * Performance contract: a list costs the same number of database round trips whatever its size
 * (no query per row), through HTTP and as a server call.
 */
async function shopWith(n: number) {
  const { database, trips } = countingMemoryDatabase();
  const app = await adminShop({}, database);
  const meter = await app.billing.meters.create({
    name: "Calls",
    filter: { conjunction: "and", clauses: [] },
    aggregation: { func: "count" },
  });
  for (let i = 0; i < n; i++) {
    const benefit = await app.billing.benefits.create({
      type: "custom",
      description: `Perk ${i}`,
      properties: {},
    });
    const field = await app.billing.customFields.create({ type: "text", slug: `f${i}`, name: "Field" });
    const product = await app.billing.products.create({
      name: `Plan ${i}`,
      recurringInterval: "month",
      prices: [
        { amountType: "fixed", priceAmount: 100 + i },
        { amountType: "metered_unit", unitAmount: "0.5", meterId: meter.id },
      ],
      benefits: [benefit.id],
      attachedCustomFields: [{ customFieldId: field.id, required: true }],
    });
    await app.billing.discounts.create({
      name: `D${i}`,
      type: "percentage",
      basisPoints: 100,
      duration: "once",
      products: [product.id],
    });
    await app.billing.merchantCustomers.create({ email: `c${i}@example.com` });
    if (i > 0)
      await app.billing.meters.create({
        name: `Meter ${i}`,
        filter: { conjunction: "or", clauses: [] },
        aggregation: { func: "count" },
      });
  }
  return { app, trips };
}

const LISTS = [
  "/billing/products/list",
  "/billing/benefits/list",
  "/billing/custom-fields/list",
  "/billing/meters/list",
  "/billing/discounts/list",
  "/billing/customers/list",
] as const;

async function cost(n: number) {
  const { app, trips } = await shopWith(n);
  const out: Record<string, number> = {};
  for (const path of LISTS) {
    trips.reset();
    const page = await ok<{ items: unknown[] }>(app.shop.get(path, { query: { limit: "100" } }));
    expect(page.items.length).toBe(n);
    out[path] = trips.total;
  }
  trips.reset();
  const listed = await app.billing.products.list({ limit: 100 });
  expect(listed.items.every((p) => p.prices.length === 2 && p.benefits.length === 1)).toBe(true);
  out.server = trips.total;
  return out;
}

describe("list endpoints cost a constant number of queries", () => {
  it("a list of 1 and a list of 20 cost the same", async () => {
    const one = await cost(1);
    const twenty = await cost(20);
    expect(twenty).toEqual(one);
    // Products: merchant, page, count; prices, benefit links, field links; benefits, fields, meters.
    expect(one.server).toBe(9);
  });
});
