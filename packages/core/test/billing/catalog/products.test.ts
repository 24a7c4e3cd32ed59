import { describe, expect, it } from "vitest";
import { type AdminShop, adminShop, fixedPrice, messages, ok, rejection } from "./helpers";

type Price = Record<string, unknown> & { id: string; amountType: string; isArchived: boolean };
type Product = Record<string, unknown> & {
  id: string;
  prices: Price[];
  benefits: { id: string }[];
  attachedCustomFields: { customFieldId: string; required: boolean; order: number }[];
};

const create = (app: AdminShop, body: Record<string, unknown>) =>
  app.shop.post<Product>("/billing/products/create", body);

describe("products through the HTTP handler", () => {
  it("creates a one-time product: spec shape, price typed one_time, product.created emitted", async () => {
    const app = await adminShop();
    const res = await create(app, {
      name: "E-book",
      description: "A book",
      metadata: { sku: "B-1", pages: 120, digital: true },
      prices: [fixedPrice(2500)],
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      name: "E-book",
      description: "A book",
      recurringInterval: null,
      isRecurring: false,
      isArchived: false,
      organizationId: "default",
      metadata: { sku: "B-1", pages: 120, digital: true },
      benefits: [],
      medias: [],
      attachedCustomFields: [],
    });
    expect(res.data.prices).toEqual([
      expect.objectContaining({
        amountType: "fixed",
        priceAmount: 2500,
        priceCurrency: "usd",
        type: "one_time",
        recurringInterval: null,
        isArchived: false,
        legacy: false,
        productId: res.data.id,
      }),
    ]);
    expect(app.events).toEqual([
      { type: "product.created", data: expect.objectContaining({ id: res.data.id }) },
    ]);
    const got = await ok<Product>(app.shop.get("/billing/products/get", { query: { id: res.data.id } }));
    expect(got).toEqual(JSON.parse(JSON.stringify(res.data)));
  });

  it("metadata: at most 50 keys, keys 1-40 characters, strings 1-500 characters", async () => {
    const app = await adminShop();
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "v"]));
    const cases: [unknown, number][] = [
      [tooMany, 400],
      [fifty, 200],
      [{ ["k".repeat(41)]: 1 }, 400],
      [{ ["k".repeat(40)]: 1 }, 200],
      [{ key: "" }, 400],
      [{ key: "x".repeat(501) }, 400],
      [{ key: "x".repeat(500) }, 200],
      [{ key: { nested: true } }, 400],
    ];
    for (const [metadata, status] of cases) {
      const res = await create(app, { name: "Meta", metadata, prices: [fixedPrice()] });
      expect(res.status, JSON.stringify(metadata).slice(0, 40)).toBe(status);
    }
    const res = await create(app, { name: "Meta", metadata: tooMany, prices: [fixedPrice()] });
    expect(messages(res)).toEqual(["At most 50 metadata keys"]);
  });

  it("update replaces benefits and attached custom fields; archive and unarchive", async () => {
    const app = await adminShop();
    const b1 = await app.billing.benefits.create({
      type: "custom",
      description: "Priority support",
      properties: {},
    });
    const b2 = await app.billing.benefits.create({ type: "custom", description: "Swag box", properties: {} });
    const f1 = await app.billing.customFields.create({ type: "text", slug: "company", name: "Company" });
    const f2 = await app.billing.customFields.create({ type: "checkbox", slug: "terms", name: "Terms" });
    const product = await ok<Product>(
      create(app, {
        name: "Bundle",
        prices: [fixedPrice()],
        benefits: [b1.id, b2.id],
        attachedCustomFields: [{ customFieldId: f1.id }, { customFieldId: f2.id, required: true }],
      }),
    );
    expect(product.benefits.map((b) => b.id)).toEqual([b1.id, b2.id]);
    expect(product.attachedCustomFields).toMatchObject([
      { customFieldId: f1.id, required: false, order: 0, customField: { slug: "company" } },
      { customFieldId: f2.id, required: true, order: 1 },
    ]);
    const updated = await ok<Product>(
      app.shop.post("/billing/products/update", {
        id: product.id,
        benefits: [b2.id],
        attachedCustomFields: [{ customFieldId: f2.id, required: false }],
      }),
    );
    expect(updated.benefits.map((b) => b.id)).toEqual([b2.id]);
    expect(updated.attachedCustomFields).toMatchObject([{ customFieldId: f2.id, required: false, order: 0 }]);
    expect(updated.prices).toEqual(product.prices);

    const archived = await ok<Product>(app.shop.post("/billing/products/archive", { id: product.id }));
    expect(archived.isArchived).toBe(true);
    const back = await ok<Product>(
      app.shop.post("/billing/products/update", { id: product.id, isArchived: false }),
    );
    expect(back.isArchived).toBe(false);
    expect(app.events.map((e) => e.type).filter((t) => t.startsWith("product."))).toEqual([
      "product.created",
      "product.updated",
      "product.updated",
      "product.updated",
    ]);
    const missing = await app.shop.post("/billing/products/update", { id: "nope", name: "Ghost" });
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ message: "Product not found" });
  });

  it("list: filters, query by name, newest first, Polar pagination", async () => {
    const app = await adminShop();
    for (let i = 1; i <= 12; i++) {
      await app.billing.products.create({
        name: `Plan ${String(i).padStart(2, "0")}`,
        recurringInterval: i % 3 === 0 ? "month" : null,
        prices: [fixedPrice(i * 100)],
      });
      app.time.advance(1000);
    }
    const first = await app.billing.products.list({ query: "plan 1" });
    await app.billing.products.archive({ id: first.items[0]!.id });
    type Page = { items: Product[]; pagination: { totalCount: number; maxPage: number } };
    const page1 = await ok<Page>(app.shop.get("/billing/products/list", { query: { limit: "5" } }));
    expect(page1.pagination).toEqual({ totalCount: 12, maxPage: 3 });
    expect(page1.items.map((p) => p.name)).toEqual(["Plan 12", "Plan 11", "Plan 10", "Plan 09", "Plan 08"]);
    const page3 = await ok<Page>(
      app.shop.get("/billing/products/list", { query: { limit: "5", page: "3" } }),
    );
    expect(page3.items.map((p) => p.name)).toEqual(["Plan 02", "Plan 01"]);
    const recurring = await ok<Page>(
      app.shop.get("/billing/products/list", { query: { isRecurring: "true" } }),
    );
    expect(recurring.items.map((p) => p.name)).toEqual(["Plan 12", "Plan 09", "Plan 06", "Plan 03"]);
    const archived = await ok<Page>(
      app.shop.get("/billing/products/list", { query: { isArchived: "true" } }),
    );
    expect(archived.items.map((p) => p.name)).toEqual(["Plan 12"]);
    const live = await ok<Page>(
      app.shop.get("/billing/products/list", { query: { isArchived: "false", query: "PLAN 1" } }),
    );
    expect(live.items.map((p) => p.name)).toEqual(["Plan 11", "Plan 10"]);
    expect(live.pagination).toEqual({ totalCount: 2, maxPage: 1 });
    const bad = await app.shop.get("/billing/products/list", { query: { limit: "101" } });
    expect(bad.status).toBe(400);
    expect((bad.data as { message: string }).message).toBe("Invalid query parameters");
  });
});

describe("products as server calls (auth.billing.products)", () => {
  it("create, update, get, list with the same rules; errors are thrown APIErrors", async () => {
    const app = await adminShop();
    const product = await app.billing.products.create({
      name: "Server made",
      prices: [{ amountType: "free" }],
    });
    expect(product.prices[0]).toMatchObject({ amountType: "free", type: "one_time" });
    const updated = await app.billing.products.update({ id: product.id, prices: [fixedPrice(700)] });
    expect(updated.prices[0]).toMatchObject({ priceAmount: 700 });
    expect((await app.billing.products.get({ id: product.id })).prices).toHaveLength(1);
    expect((await app.billing.products.list()).pagination.totalCount).toBe(1);
    const invalid = await rejection(app.billing.products.create({ name: "Bad", prices: [fixedPrice(-5)] }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues).toEqual([
      { path: ["prices", 0, "priceAmount"], message: "priceAmount must be at least 0" },
    ]);
    const missing = await rejection(app.billing.products.get({ id: "nope" }));
    expect(missing).toMatchObject({ status: 404, body: { message: "Product not found" } });
    expect(app.events.map((e) => e.type)).toEqual(["product.created", "product.updated"]);
  });

  it("a failed write emits nothing and leaves no rows (one transaction)", async () => {
    const app = await adminShop();
    const res = await create(app, { name: "Half", prices: [fixedPrice()], benefits: ["missing"] });
    expect(res.status).toBe(422);
    expect(await app.db.count({ model: "billingProduct" })).toBe(0);
    expect(await app.db.count({ model: "billingPrice" })).toBe(0);
    expect(await app.db.count({ model: "billingWebhookEvent" })).toBe(0);
    expect(app.events).toEqual([]);
  });
});
