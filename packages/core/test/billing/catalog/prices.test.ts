import { describe, expect, it } from "vitest";
import { type AdminShop, adminShop, type ErrorBody, fixedPrice, messages, ok } from "./helpers";

type Price = Record<string, unknown> & { id: string; amountType: string; isArchived: boolean };
type Product = Record<string, unknown> & {
  id: string;
  prices: Price[];
  benefits: { id: string }[];
  attachedCustomFields: { customFieldId: string; required: boolean; order: number }[];
};

const create = (app: AdminShop, body: Record<string, unknown>) =>
  app.shop.post<Product>("/billing/products/create", body);

describe("prices", () => {
  it("prices of every amount type; a recurring product's prices are recurring with its interval", async () => {
    const app = await adminShop();
    const meter = await app.billing.meters.create({
      name: "API calls",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    });
    const product = await ok<Product>(
      create(app, {
        name: "Team plan",
        recurringInterval: "year",
        prices: [
          {
            amountType: "custom",
            minimumAmount: 500,
            maximumAmount: 10_000,
            presetAmount: 1000,
            priceCurrency: "eur",
          },
          { amountType: "metered_unit", unitAmount: "0.000000000001", capAmount: 50_000, meterId: meter.id },
          { amountType: "free" },
        ],
      }),
    );
    expect(product.isRecurring).toBe(true);
    expect(product.prices.map((p) => [p.type, p.recurringInterval])).toEqual([
      ["recurring", "year"],
      ["recurring", "year"],
      ["recurring", "year"],
    ]);
    expect(product.prices[0]).toMatchObject({
      amountType: "custom",
      minimumAmount: 500,
      maximumAmount: 10_000,
      presetAmount: 1000,
      priceCurrency: "eur",
    });
    expect(product.prices[1]).toMatchObject({
      amountType: "metered_unit",
      unitAmount: "0.000000000001",
      capAmount: 50_000,
      meterId: meter.id,
      meter: { id: meter.id, name: "API calls" },
    });
    expect(product.prices[2]).toMatchObject({ amountType: "free", priceCurrency: "usd" });
    expect(product.prices[2]).not.toHaveProperty("priceAmount");
  });

  it("rejects invalid prices with their messages", async () => {
    const app = await adminShop();
    const cases: [Record<string, unknown>, string][] = [
      [{ amountType: "fixed", priceAmount: -1 }, "priceAmount must be at least 0"],
      [{ amountType: "fixed", priceAmount: 100_000_000 }, "priceAmount must be at most 99999999"],
      [{ amountType: "fixed", priceAmount: 10.5 }, "priceAmount must be a whole number of minor units"],
      [
        { amountType: "fixed", priceAmount: 100, priceCurrency: "USD" },
        "Currency must be a lower-case ISO 4217 code.",
      ],
      [{ amountType: "custom", minimumAmount: -5 }, "minimumAmount must be at least 0"],
      [
        { amountType: "custom", minimumAmount: 2000, maximumAmount: 1000 },
        "Minimum amount must be less than or equal to maximum amount.",
      ],
      [
        { amountType: "custom", minimumAmount: 1000, presetAmount: 500 },
        "Preset amount must be greater than or equal to minimum amount.",
      ],
      [
        { amountType: "custom", maximumAmount: 1000, presetAmount: 1500 },
        "Preset amount must be less than or equal to maximum amount.",
      ],
      [
        { amountType: "metered_unit", unitAmount: "0.0000000000001", meterId: "m" },
        "Unit amount must be a non-negative decimal with at most 12 decimal places.",
      ],
      [
        { amountType: "metered_unit", unitAmount: "-1", meterId: "m" },
        "Unit amount must be a non-negative decimal with at most 12 decimal places.",
      ],
    ];
    for (const [price, message] of cases) {
      const res = await create(app, { name: "Broken", recurringInterval: "month", prices: [price] });
      expect(res.status, message).toBe(400);
      expect((res.data as unknown as ErrorBody).message).toBe("Invalid body parameters");
      expect(messages(res)).toContain(message);
    }
    const none = await create(app, { name: "No price", prices: [] });
    expect(messages(none)).toEqual(["A product needs at least one price."]);
    const short = await create(app, { name: "ab", prices: [fixedPrice()] });
    expect(messages(short)).toEqual(["Name must be at least 3 characters long."]);
    const interval = await create(app, { name: "Weekly", recurringInterval: "week", prices: [fixedPrice()] });
    expect(interval.status).toBe(400);
    expect(app.events).toEqual([]);
  });

  it("rules across prices and references: 422 with the failing field", async () => {
    const app = await adminShop();
    const meter = await app.billing.meters.create({
      name: "Tokens",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "sum", property: "tokens" },
    });
    const oneTimeMetered = await create(app, {
      name: "Metered once",
      prices: [{ amountType: "metered_unit", unitAmount: "1", meterId: meter.id }],
    });
    expect(oneTimeMetered.status).toBe(422);
    expect(oneTimeMetered.data).toMatchObject({
      message: "Metered prices are only supported on recurring products.",
      issues: [{ path: ["prices", 0, "amountType"] }],
    });
    const twoStatic = await create(app, { name: "Two fixed", prices: [fixedPrice(100), fixedPrice(200)] });
    expect(messages(twoStatic)).toEqual([
      "A product can have only one static price (free, fixed, custom or seat_based) per currency.",
    ]);
    const perCurrency = await create(app, {
      name: "Two currencies",
      prices: [fixedPrice(100), { ...fixedPrice(90), priceCurrency: "eur" }],
    });
    expect(perCurrency.status).toBe(200);
    const unknownMeter = await create(app, {
      name: "Ghost meter",
      recurringInterval: "month",
      prices: [fixedPrice(), { amountType: "metered_unit", unitAmount: "2.5", meterId: "nope" }],
    });
    expect(unknownMeter.status).toBe(422);
    expect(unknownMeter.data).toMatchObject({
      message: "This meter does not exist.",
      issues: [{ path: ["prices", 1, "meterId"] }],
    });
    await app.billing.meters.archive({ id: meter.id });
    const archivedMeter = await create(app, {
      name: "Archived meter",
      recurringInterval: "month",
      prices: [{ amountType: "metered_unit", unitAmount: "1", meterId: meter.id }],
    });
    expect(messages(archivedMeter)).toEqual(["This meter does not exist."]);
    const badBenefit = await create(app, { name: "Perks", prices: [fixedPrice()], benefits: ["missing"] });
    expect(badBenefit.data).toMatchObject({
      message: "Benefit does not exist.",
      issues: [{ path: ["benefits", 0] }],
    });
    const badField = await create(app, {
      name: "Fields",
      prices: [fixedPrice()],
      attachedCustomFields: [{ customFieldId: "missing", required: true }],
    });
    expect(messages(badField)).toEqual(["Custom field does not exist."]);
    expect(app.events.map((e) => e.type)).toEqual(["product.created"]);
  });

  it("update: price changes archive the old prices and create new ones; never mutate a price", async () => {
    const app = await adminShop();
    const product = await ok<Product>(create(app, { name: "Course", prices: [fixedPrice(1000)] }));
    const [old] = product.prices;
    const updated = await ok<Product>(
      app.shop.post("/billing/products/update", {
        id: product.id,
        name: "Course 2",
        description: "Updated",
        metadata: { edition: 2 },
        prices: [fixedPrice(1500)],
      }),
    );
    expect(updated).toMatchObject({ name: "Course 2", description: "Updated", metadata: { edition: 2 } });
    expect(updated.prices).toHaveLength(1);
    expect(updated.prices[0]).toMatchObject({ priceAmount: 1500, isArchived: false });
    expect(updated.prices[0]!.id).not.toBe(old!.id);
    const oldRow = await app.db.findOne<{ priceAmount: number; isArchived: boolean }>({
      model: "billingPrice",
      where: [{ field: "id", value: old!.id }],
    });
    expect(oldRow).toMatchObject({ priceAmount: 1000, isArchived: true });

    // `{ id }` keeps a price; unknown ids are refused; the kept price is the same row.
    const kept = await ok<Product>(
      app.shop.post("/billing/products/update", {
        id: product.id,
        prices: [{ id: updated.prices[0]!.id }, { ...fixedPrice(900), priceCurrency: "eur" }],
      }),
    );
    expect(kept.prices.map((p) => p.id)[0]).toBe(updated.prices[0]!.id);
    expect(kept.prices).toHaveLength(2);
    const unknown = await app.shop.post("/billing/products/update", {
      id: product.id,
      prices: [{ id: old!.id }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.data).toMatchObject({
      message: "Price does not exist.",
      issues: [{ path: ["prices", 0, "id"] }],
    });
    const all = await app.db.findMany({
      model: "billingPrice",
      where: [{ field: "productId", value: product.id }],
    });
    expect(all).toHaveLength(3);
    expect(app.events.map((e) => e.type)).toEqual(["product.created", "product.updated", "product.updated"]);
    expect(app.events[1]!.data).toMatchObject({ id: product.id, name: "Course 2" });
  });
});
