import { describe, expect, it } from "vitest";
import { type AdminShop, adminShop, fixedPrice, messages, ok } from "./helpers";

type Discount = Record<string, unknown> & { id: string; code: string | null; products: string[] };

const create = (app: AdminShop, body: Record<string, unknown>) =>
  app.shop.post<Discount>("/billing/discounts/create", body);
const percent = { name: "Launch", type: "percentage", basisPoints: 2550, duration: "once" };

describe("discounts", () => {
  it("creates fixed and percentage discounts in the spec shape; emits no event", async () => {
    const app = await adminShop();
    const product = await app.billing.products.create({ name: "Course", prices: [fixedPrice(10_000)] });
    const fixed = await ok<Discount>(
      create(app, {
        name: "Ten off",
        code: "TenOff",
        type: "fixed",
        amount: 1000,
        currency: "eur",
        duration: "repeating",
        durationInMonths: 3,
        startsAt: "2026-01-01T00:00:00Z",
        endsAt: "2026-12-31T00:00:00Z",
        maxRedemptions: 5,
        products: [product.id],
        metadata: { campaign: "spring" },
      }),
    );
    expect(fixed).toMatchObject({
      name: "Ten off",
      code: "TenOff",
      type: "fixed",
      amount: 1000,
      currency: "eur",
      duration: "repeating",
      durationInMonths: 3,
      startsAt: "2026-01-01T00:00:00.000Z",
      endsAt: "2026-12-31T00:00:00.000Z",
      maxRedemptions: 5,
      redemptionsCount: 0,
      organizationId: "default",
      metadata: { campaign: "spring" },
      products: [product.id],
    });
    expect(fixed).not.toHaveProperty("basisPoints");
    const pct = await ok<Discount>(create(app, { ...percent, amount: 5 }));
    expect(pct).toMatchObject({
      type: "percentage",
      basisPoints: 2550,
      durationInMonths: null,
      code: null,
      products: [],
    });
    expect(pct).not.toHaveProperty("amount");
    const row = await app.db.findOne<{ codeKey: string | null; amount: number | null }>({
      model: "billingDiscount",
      where: [{ field: "id", value: fixed.id }],
    });
    expect(row?.codeKey).toBe("TENOFF");
    expect(app.events.map((e) => e.type)).toEqual(["product.created"]);
  });

  it("codes are unique per merchant whatever the case; a deleted discount frees its code", async () => {
    const app = await adminShop();
    const first = await ok<Discount>(create(app, { ...percent, code: "Summer" }));
    const dup = await create(app, { ...percent, code: "SUMMER" });
    expect(dup.status).toBe(422);
    expect(dup.data).toMatchObject({ message: "Discount with this code already exists." });
    const other = await ok<Discount>(create(app, { ...percent, code: "winter" }));
    const taken = await app.shop.post("/billing/discounts/update", { id: other.id, code: "summer" });
    expect(messages(taken)).toEqual(["Discount with this code already exists."]);
    // Its own code, in another case, is fine.
    expect((await app.shop.post("/billing/discounts/update", { id: other.id, code: "WINTER" })).status).toBe(
      200,
    );
    expect(await ok(app.shop.post("/billing/discounts/delete", { id: first.id }))).toEqual({ success: true });
    const gone = await app.shop.get("/billing/discounts/get", { query: { id: first.id } });
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ message: "Discount not found" });
    expect((await create(app, { ...percent, code: "summer" })).status).toBe(200);
    const removed = await ok<Discount>(
      app.shop.post("/billing/discounts/update", { id: other.id, code: null }),
    );
    expect(removed.code).toBeNull();
  });

  it("product restrictions are replaced on update; list with query and pagination", async () => {
    const app = await adminShop();
    const p1 = await app.billing.products.create({ name: "One", prices: [fixedPrice()] });
    const p2 = await app.billing.products.create({ name: "Two", prices: [fixedPrice()] });
    const d = await app.billing.discounts.create({
      ...percent,
      type: "percentage",
      duration: "once",
      products: [p1.id, p1.id],
    });
    expect(d.products).toEqual([p1.id]);
    const moved = await app.billing.discounts.update({ id: d.id, products: [p2.id] });
    expect(moved.products).toEqual([p2.id]);
    expect((await app.billing.discounts.get({ id: d.id })).products).toEqual([p2.id]);
    for (let i = 0; i < 5; i++) {
      app.time.advance(1);
      await app.billing.discounts.create({
        ...percent,
        type: "percentage",
        duration: "once",
        name: `Promo ${i}`,
        code: `PROMO${i}`,
      });
    }
    const page = await ok<{ items: Discount[]; pagination: unknown }>(
      app.shop.get("/billing/discounts/list", { query: { limit: "2", page: "1", query: "promo" } }),
    );
    expect(page.pagination).toEqual({ totalCount: 5, maxPage: 3 });
    expect(page.items.map((i) => i.code)).toEqual(["PROMO4", "PROMO3"]);
    const all = await app.billing.discounts.list({ limit: 100 });
    expect(all.items.find((i) => i.id === d.id)?.products).toEqual([p2.id]);
    expect((await app.billing.discounts.list({ query: "promo3" })).items).toHaveLength(1);
  });

  it("a discount made through the API applies at checkout by its code, in any case", async () => {
    const app = await adminShop();
    const product = await app.billing.products.create({ name: "Guide", prices: [fixedPrice(2000)] });
    await app.billing.discounts.create({
      name: "Quarter",
      code: "Quarter25",
      type: "percentage",
      basisPoints: 2500,
      duration: "once",
    });
    const created = await ok<{ url: string }>(app.buyer.post("/checkout", { products: [product.id] }));
    const secret = decodeURIComponent(created.url.split("/").pop()!);
    const patched = await app.buyer.request<{ discountAmount: number; totalAmount: number }>(
      `/checkouts/client/${secret}`,
      {
        method: "PATCH",
        body: { discountCode: "quarter25" },
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.data).toMatchObject({ discountAmount: 500, totalAmount: 1500 });
  });
});
