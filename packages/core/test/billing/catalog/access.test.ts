import { describe, expect, it } from "vitest";
import { admin } from "../../../src/plugins/admin";
import { billing } from "../../../src/plugins/billing";
import { organization } from "../../../src/plugins/organization";
import { createTestAuth } from "../../../src/testing";
import { adminShop, fixedPrice, ok, orgShop, rejection } from "./helpers";

type Product = { id: string; organizationId: string };
type Page = { items: { id: string }[]; pagination: { totalCount: number } };
const product = { name: "Org plan", prices: [fixedPrice(900)] };

describe("merchant-side access, organization-backed merchants", () => {
  it("owners and admins manage, members read, non-members get 403", async () => {
    const app = await orgShop();
    const orgId = app.org.id;
    // The owner's active organization is the merchant when no organizationId is sent.
    const made = await ok<Product>(app.owner.post("/billing/products/create", product));
    expect(made.organizationId).toBe(orgId);
    const byAdmin = await app.admin.post<Product>("/billing/products/create", {
      ...product,
      organizationId: orgId,
    });
    expect(byAdmin.status).toBe(200);

    const memberWrite = await app.member.post("/billing/products/create", {
      ...product,
      organizationId: orgId,
    });
    expect(memberWrite.status).toBe(403);
    expect(memberWrite.data).toMatchObject({
      message: "You are not allowed to manage billing for this organization",
    });
    const memberRead = await ok<Page>(
      app.member.get("/billing/products/list", { query: { organizationId: orgId } }),
    );
    expect(memberRead.pagination.totalCount).toBe(2);
    expect(
      (await app.member.get("/billing/products/get", { query: { id: made.id, organizationId: orgId } }))
        .status,
    ).toBe(200);
    for (const write of [
      app.member.post("/billing/discounts/create", {
        organizationId: orgId,
        name: "x",
        type: "percentage",
        basisPoints: 5,
        duration: "once",
      }),
      app.member.post("/billing/organization/update", { organizationId: orgId, name: "Hijacked" }),
      app.member.post("/billing/products/archive", { organizationId: orgId, id: made.id }),
    ])
      expect((await write).status).toBe(403);

    for (const call of [
      app.outsider.get("/billing/products/list", { query: { organizationId: orgId } }),
      app.outsider.post("/billing/products/create", { ...product, organizationId: orgId }),
      app.outsider.get("/billing/customers/list", { query: { organizationId: orgId } }),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.data).toMatchObject({ message: "You are not a member of this organization" });
    }
    // No organizationId and no active organization: no merchant.
    const nowhere = await app.outsider.get("/billing/products/list");
    expect(nowhere.status).toBe(404);
    expect(nowhere.data).toMatchObject({ message: "Merchant not found" });
    const anonymous = await app.browser().get("/billing/products/list", { query: { organizationId: orgId } });
    expect(anonymous.status).toBe(401);
  });

  it("merchants are isolated: another organization's rows are not found", async () => {
    const app = await orgShop();
    const made = await ok<Product>(app.owner.post("/billing/products/create", product));
    const other = await ok<{ id: string }>(
      app.outsider.post("/organization/create", { name: "Other", slug: "other-co" }),
    );
    const list = await ok<Page>(app.outsider.get("/billing/products/list"));
    expect(list.pagination.totalCount).toBe(0);
    const cross = await app.outsider.get("/billing/products/get", { query: { id: made.id } });
    expect(cross.status).toBe(404);
    const crossUpdate = await app.outsider.post("/billing/products/update", { id: made.id, name: "Stolen" });
    expect(crossUpdate.status).toBe(404);
    const merchant = await ok<{ id: string; name: string }>(app.outsider.get("/billing/organization"));
    expect(merchant).toMatchObject({ id: other.id, name: "Other" });
    // References across merchants are refused like unknown ids.
    const meter = await app.billing.meters.create({
      organizationId: app.org.id,
      name: "Acme meter",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    });
    const foreignMeter = await app.outsider.post("/billing/products/create", {
      name: "Borrowed",
      recurringInterval: "month",
      prices: [{ amountType: "metered_unit", unitAmount: "1", meterId: meter.id }],
    });
    expect(foreignMeter.status).toBe(422);
    expect(foreignMeter.data).toMatchObject({ message: "This meter does not exist." });
    const foreignProduct = await app.outsider.post("/billing/discounts/create", {
      name: "Borrowed",
      type: "percentage",
      basisPoints: 100,
      duration: "once",
      products: [made.id],
    });
    expect(foreignProduct.data).toMatchObject({ message: "Product does not exist." });
  });

  it("server calls name the organization; the merchant's events carry its id", async () => {
    const app = await orgShop();
    const made = await app.billing.products.create({ ...product, organizationId: app.org.id });
    expect(made.organizationId).toBe(app.org.id);
    const missing = await rejection(app.billing.products.create(product));
    expect(missing).toMatchObject({ status: 404, body: { message: "Merchant not found" } });
    const updated = await ok<{ id: string; name: string }>(
      app.owner.post("/billing/organization/update", { name: "Acme Billing" }),
    );
    expect(updated).toMatchObject({ id: app.org.id, name: "Acme Billing" });
    expect(app.events.map((e) => [e.type, e.data.organizationId ?? e.data.id])).toEqual([
      ["product.created", app.org.id],
      ["organization.updated", app.org.id],
    ]);
  });

  it("platform admins (admin plugin) manage any organization's billing", async () => {
    const t = createTestAuth({ plugins: [admin(), organization(), billing()] });
    const owner = await t.signUp();
    const org = await ok<{ id: string }>(
      owner.browser.post("/organization/create", { name: "Shop", slug: "shop-co" }),
    );
    const staff = await t.signUp();
    await t.auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: staff.user.id }],
      update: { role: "admin" },
    });
    const res = await staff.browser.post<Product>("/billing/products/create", {
      ...product,
      organizationId: org.id,
    });
    expect(res.status).toBe(200);
    expect(res.data.organizationId).toBe(org.id);
  });
});

describe("merchant-side access, default merchant", () => {
  it("only platform admins; other users 403, anonymous 401", async () => {
    const app = await adminShop();
    expect((await app.shop.get("/billing/products/list")).status).toBe(200);
    for (const call of [
      app.buyer.get("/billing/products/list"),
      app.buyer.post("/billing/products/create", product),
      app.buyer.get("/billing/organization"),
      app.buyer.get("/billing/customers/list"),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.data).toMatchObject({
        message: "You are not allowed to manage billing for this organization",
      });
    }
    expect((await app.browser().get("/billing/meters/list")).status).toBe(401);
  });

  it("without the admin plugin, a `role` field on users still marks platform admins", async () => {
    const t = createTestAuth({
      user: { additionalFields: { role: { type: "string", required: false } } },
      plugins: [billing()],
    });
    const staff = await t.signUp();
    await t.auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: staff.user.id }],
      update: { role: "user,admin" },
    });
    expect((await staff.browser.post("/billing/products/create", product)).status).toBe(200);
  });
});
