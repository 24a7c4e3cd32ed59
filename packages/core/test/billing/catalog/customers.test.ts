import { describe, expect, it } from "vitest";
import { adminShop, messages, ok, rejection } from "./helpers";

type Customer = Record<string, unknown> & { id: string; email: string; metadata: Record<string, unknown> };
const address = { country: "de", line1: "Hauptstr. 1", city: "Berlin", postalCode: "10115" };

describe("customers (merchant side)", () => {
  it("create, get, update (metadata merged, tax id validated), delete; customer events in order", async () => {
    const app = await adminShop();
    const created = await ok<Customer>(
      app.shop.post("/billing/customers/create", {
        email: "Ada@Example.com",
        name: "Ada",
        externalId: "ext_1",
        billingAddress: address,
        taxId: ["DE123456789", "eu_vat"],
        metadata: { plan: "pro", seats: 3 },
      }),
    );
    expect(created).toMatchObject({
      email: "ada@example.com",
      name: "Ada",
      externalId: "ext_1",
      billingAddress: {
        country: "DE",
        line1: "Hauptstr. 1",
        line2: null,
        city: "Berlin",
        postalCode: "10115",
        state: null,
      },
      taxId: ["DE123456789", "eu_vat"],
      organizationId: "default",
      deletedAt: null,
      metadata: { plan: "pro", seats: 3 },
    });
    expect(await ok(app.shop.get("/billing/customers/get", { query: { id: created.id } }))).toMatchObject({
      id: created.id,
    });
    const updated = await ok<Customer>(
      app.shop.post("/billing/customers/update", {
        id: created.id,
        name: "Ada L.",
        metadata: { seats: 5, vip: true },
      }),
    );
    expect(updated).toMatchObject({ name: "Ada L.", metadata: { plan: "pro", seats: 5, vip: true } });
    const badTax = await app.shop.post("/billing/customers/update", {
      id: created.id,
      taxId: ["123", "gb_vat"],
    });
    expect(badTax.status).toBe(422);
    expect(badTax.data).toMatchObject({ message: "Invalid tax ID." });
    const noCountry = await app.shop.post("/billing/customers/create", {
      email: "b@example.com",
      taxId: ["12-3456789", "us_ein"],
    });
    expect(noCountry.data).toMatchObject({ message: "Country is required to validate tax ID." });
    const badType = await app.shop.post("/billing/customers/create", {
      email: "c@example.com",
      taxId: ["X", "xx_vat"],
    });
    expect(badType.status).toBe(400);
    const badEmail = await app.shop.post("/billing/customers/create", { email: "not-an-email" });
    expect(messages(badEmail)).toEqual(["Invalid email"]);
    expect(await ok(app.shop.post("/billing/customers/delete", { id: created.id }))).toEqual({
      success: true,
    });
    expect((await app.shop.get("/billing/customers/get", { query: { id: created.id } })).status).toBe(404);
    expect(app.events.map((e) => e.type)).toEqual([
      "customer.created",
      "customer.state_changed",
      "customer.updated",
      "customer.state_changed",
      "customer.deleted",
      "customer.state_changed",
    ]);
    expect(app.events[4]!.data).toMatchObject({ id: created.id, deletedAt: expect.any(Date) });
  });

  it("one live customer per email and one customer per external id", async () => {
    const app = await adminShop();
    const a = await app.billing.merchantCustomers.create({ email: "a@example.com", externalId: "u1" });
    const sameEmail = await app.shop.post("/billing/customers/create", { email: "A@example.com" });
    expect(sameEmail.status).toBe(422);
    expect(sameEmail.data).toMatchObject({ message: "A customer with this email address already exists." });
    const sameExternal = await app.shop.post("/billing/customers/create", {
      email: "z@example.com",
      externalId: "u1",
    });
    expect(sameExternal.data).toMatchObject({ message: "A customer with this external ID already exists." });
    const b = await app.billing.merchantCustomers.create({ email: "b@example.com" });
    const steal = await rejection(app.billing.merchantCustomers.update({ id: b.id, email: "a@example.com" }));
    expect(steal).toMatchObject({
      status: 422,
      body: { message: "A customer with this email address already exists." },
    });
    await app.billing.merchantCustomers.delete({ id: a.id });
    expect((await app.billing.merchantCustomers.create({ email: "a@example.com" })).email).toBe(
      "a@example.com",
    );
    // The external id stays with the deleted customer (orders keep their link).
    const reuse = await rejection(
      app.billing.merchantCustomers.create({ email: "q@example.com", externalId: "u1" }),
    );
    expect(reuse.body.message).toBe("A customer with this external ID already exists.");
  });

  it("list: query by email or name, externalId filter, pagination; customer state of any customer", async () => {
    const app = await adminShop();
    for (let i = 0; i < 6; i++) {
      app.time.advance(1);
      await app.billing.merchantCustomers.create({
        email: `user${i}@${i % 2 ? "corp" : "home"}.com`,
        name: i === 5 ? "Grace Hopper" : null,
        externalId: `ext${i}`,
      });
    }
    type Page = { items: Customer[]; pagination: { totalCount: number; maxPage: number } };
    const corp = await ok<Page>(
      app.shop.get("/billing/customers/list", { query: { query: "CORP", limit: "2" } }),
    );
    expect(corp.pagination).toEqual({ totalCount: 3, maxPage: 2 });
    expect(corp.items.map((c) => c.email)).toEqual(["user5@corp.com", "user3@corp.com"]);
    const byName = await ok<Page>(app.shop.get("/billing/customers/list", { query: { query: "hopper" } }));
    expect(byName.items.map((c) => c.email)).toEqual(["user5@corp.com"]);
    const byExt = await ok<Page>(app.shop.get("/billing/customers/list", { query: { externalId: "ext2" } }));
    expect(byExt.items.map((c) => c.email)).toEqual(["user2@home.com"]);
    const state = await ok<Record<string, unknown>>(
      app.shop.get("/billing/customers/state", { query: { id: byExt.items[0]!.id } }),
    );
    expect(state).toMatchObject({
      id: byExt.items[0]!.id,
      email: "user2@home.com",
      activeSubscriptions: [],
      grantedBenefits: [],
      activeMeters: [],
    });
    expect((await app.billing.merchantCustomers.state({ id: byExt.items[0]!.id })).email).toBe(
      "user2@home.com",
    );
  });
});
