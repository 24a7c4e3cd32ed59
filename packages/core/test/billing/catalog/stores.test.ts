import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../../src/db/migrate";
import { admin } from "../../../src/plugins/admin";
import { billing } from "../../../src/plugins/billing";
import { createTestAuth } from "../../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "../../db/stores";

/** The merchant-side services on the SQL stores (postgres and mysql when their servers answer). */
const stores = await sqlStores();
const makeApp = (database: OpenStore["database"]) =>
  createTestAuth({ database, plugins: [admin(), billing()] });

for (const store of stores) {
  describe.skipIf(!store.available)(`catalog on ${store.name}`, () => {
    let opened: OpenStore;
    let app: ReturnType<typeof makeApp>;

    beforeAll(async () => {
      opened = store.open({ tablePrefix: randomPrefix("gc") });
      app = makeApp(opened.database);
      await migrate(app.auth);
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("products with every price type, price archival, JSON and 64-bit columns, filtered lists", async () => {
      const b = app.auth.billing;
      const meter = await b.meters.create({
        name: "Tokens",
        filter: {
          conjunction: "or",
          clauses: [{ property: "metadata.model", operator: "like", value: "gpt" }],
        },
        aggregation: { func: "sum", property: "tokens" },
      });
      const benefit = await b.benefits.create({
        type: "license_keys",
        description: "License",
        properties: { prefix: "ACME", expires: { ttl: 1, timeframe: "year" } },
      });
      const field = await b.customFields.create({
        type: "select",
        slug: "Size",
        name: "Size",
        properties: { options: [{ value: "s", label: "Small" }] },
      });
      const product = await b.products.create({
        name: "Usage plan",
        recurringInterval: "month",
        metadata: { tier: "gold", seats: 5, beta: false },
        prices: [
          { amountType: "custom", minimumAmount: 0, maximumAmount: 99_999_999, presetAmount: 500 },
          {
            amountType: "metered_unit",
            unitAmount: "0.000000000123",
            capAmount: 99_999_999,
            meterId: meter.id,
          },
        ],
        benefits: [benefit.id],
        attachedCustomFields: [{ customFieldId: field.id, required: true }],
      });
      expect(product).toMatchObject({
        isRecurring: true,
        metadata: { tier: "gold", seats: 5, beta: false },
        benefits: [{ id: benefit.id, properties: { prefix: "ACME" } }],
        attachedCustomFields: [{ customFieldId: field.id, required: true, customField: { slug: "size" } }],
      });
      expect(product.prices.map((p) => p.amountType)).toEqual(["custom", "metered_unit"]);
      expect(product.prices[1]).toMatchObject({ unitAmount: "0.000000000123", meter: { id: meter.id } });
      const updated = await b.products.update({
        id: product.id,
        prices: [{ id: product.prices[1]!.id }, { amountType: "fixed", priceAmount: 99_999_999 }],
      });
      expect(updated.prices.map((p) => p.amountType).sort()).toEqual(["fixed", "metered_unit"]);
      await b.products.create({ name: "Another", prices: [{ amountType: "free" }] });
      const found = await b.products.list({ query: "USAGE", isRecurring: true });
      expect(found.items.map((p) => p.id)).toEqual([product.id]);
      expect((await b.products.list({ limit: 1, page: 2 })).pagination).toEqual({
        totalCount: 2,
        maxPage: 2,
      });
      expect((await b.meters.get({ id: meter.id })).filter).toEqual(meter.filter);
    });

    it("unique slugs and codes whatever the case, also under concurrent writes", async () => {
      const b = app.auth.billing;
      const outcomes = await Promise.all(
        ["Race", "RACE", "race"].map((slug) =>
          b.customFields.create({ type: "text", slug, name: "Race" }).then(
            () => "ok",
            (e: { body?: { message: string } }) => e.body?.message,
          ),
        ),
      );
      expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
      expect(outcomes.filter((o) => o !== "ok")).toEqual([
        "A custom field with this slug already exists.",
        "A custom field with this slug already exists.",
      ]);
      const d = await b.discounts.create({
        name: "Big",
        code: "Big10",
        type: "fixed",
        amount: 999_999_999_999,
        duration: "forever",
      });
      expect(d).toMatchObject({ amount: 999_999_999_999, currency: "usd" });
      await expect(
        b.discounts.create({
          name: "Dup",
          code: "big10",
          type: "percentage",
          basisPoints: 10,
          duration: "once",
        }),
      ).rejects.toMatchObject({ body: { message: "Discount with this code already exists." } });
      await b.discounts.delete({ id: d.id });
      const again = await b.discounts.create({
        name: "Again",
        code: "BIG10",
        type: "percentage",
        basisPoints: 10,
        duration: "once",
      });
      expect((await b.discounts.list({ query: "big" })).items.map((i) => i.id)).toEqual([again.id]);
    });

    it("merchant customers: create, list by email or name, state", async () => {
      const b = app.auth.billing;
      const c = await b.merchantCustomers.create({
        email: "Ada@Example.com",
        name: "Ada Lovelace",
        billingAddress: { country: "gb" },
        taxId: ["GB123456789", "gb_vat"],
        metadata: { plan: "pro" },
      });
      expect((await b.merchantCustomers.list({ query: "lovelace" })).items.map((i) => i.id)).toEqual([c.id]);
      expect((await b.merchantCustomers.list({ query: "ADA@" })).items.map((i) => i.id)).toEqual([c.id]);
      expect(await b.merchantCustomers.state({ id: c.id })).toMatchObject({
        id: c.id,
        activeSubscriptions: [],
      });
      const merchant = await b.organization.update({ featureSettings: { usageBasedBillingEnabled: true } });
      expect(merchant.featureSettings).toEqual({
        issueFundingEnabled: false,
        usageBasedBillingEnabled: true,
      });
    });
  });
}
