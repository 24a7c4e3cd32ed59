import { describe, expect, it } from "vitest";
import { adminShop, fixedPrice, messages, ok, rejection } from "./helpers";

type Field = { id: string; type: string; slug: string; name: string; properties: Record<string, unknown> };

describe("custom fields", () => {
  it("creates each type with its properties (spec shape)", async () => {
    const app = await adminShop();
    const bodies = [
      { type: "checkbox", slug: "terms", name: "Terms", properties: { formLabel: "I agree" } },
      { type: "date", slug: "birthday", name: "Birthday", properties: { ge: 0, le: 2_000_000_000 } },
      {
        type: "number",
        slug: "seats",
        name: "Seats",
        properties: { ge: 1, le: 100, formHelpText: "How many?" },
      },
      {
        type: "select",
        slug: "size",
        name: "Size",
        properties: { options: [{ value: "s", label: "Small" }], formPlaceholder: "Pick one" },
      },
      {
        type: "text",
        slug: "bio",
        name: "Bio",
        properties: { textarea: true, minLength: 0, maxLength: 280 },
      },
    ];
    for (const body of bodies) {
      const res = await app.shop.post<Field>("/billing/custom-fields/create", body);
      expect(res.status, body.type).toBe(200);
      expect(res.data).toMatchObject({ ...body, organizationId: "default", metadata: {} });
    }
    const list = await ok<{ items: Field[]; pagination: { totalCount: number } }>(
      app.shop.get("/billing/custom-fields/list", { query: { type: "select" } }),
    );
    expect(list.items.map((f) => f.slug)).toEqual(["size"]);
    expect(app.events).toEqual([]);
  });

  it("validates properties per type with their messages", async () => {
    const app = await adminShop();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "number", properties: { ge: 10, le: 5 } }, "ge must be less than or equal to le."],
      [{ type: "date", properties: { ge: 10, le: 5 } }, "ge must be less than or equal to le."],
      [{ type: "select", properties: { options: [] } }, "At least one option is required."],
      [{ type: "select", properties: {} }, "At least one option is required."],
      [{ type: "text", properties: { minLength: -1 } }, "minLength must be at least 0."],
      [{ type: "text", properties: { maxLength: -1 } }, "maxLength must be at least 0."],
      [
        { type: "text", properties: { minLength: 5, maxLength: 2 } },
        "minLength must be less than or equal to maxLength.",
      ],
      [
        { type: "text", slug: "has space" },
        "Slug can only contain letters, numbers, hyphens and underscores.",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await app.shop.post("/billing/custom-fields/create", {
        slug: "field",
        name: "Field",
        ...body,
      });
      expect(res.status, message).toBe(400);
      expect(messages(res)).toContain(message);
    }
    const unknownType = await app.shop.post("/billing/custom-fields/create", {
      type: "color",
      slug: "c",
      name: "C",
    });
    expect(unknownType.status).toBe(400);
  });

  it("slugs are unique per merchant whatever the case; a deleted field frees its slug", async () => {
    const app = await adminShop();
    const first = await ok<Field>(
      app.shop.post("/billing/custom-fields/create", { type: "text", slug: "Company", name: "Company" }),
    );
    expect(first.slug).toBe("company");
    const dup = await app.shop.post("/billing/custom-fields/create", {
      type: "text",
      slug: "COMPANY",
      name: "Again",
    });
    expect(dup.status).toBe(422);
    expect(dup.data).toMatchObject({ message: "A custom field with this slug already exists." });
    const other = await app.billing.customFields.create({ type: "text", slug: "vat", name: "VAT" });
    const renamed = await app.shop.post("/billing/custom-fields/update", { id: other.id, slug: "company" });
    expect(messages(renamed)).toEqual(["A custom field with this slug already exists."]);
    // Concurrent creations with one slug: exactly one wins, the others get the same 422.
    const racers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.billing.customFields.create({ type: "text", slug: "race", name: "Race" }).then(
          () => "ok",
          (e: { body?: { message: string } }) => e.body?.message,
        ),
      ),
    );
    expect(racers.filter((r) => r === "ok")).toHaveLength(1);
    expect(new Set(racers.filter((r) => r !== "ok"))).toEqual(
      new Set(["A custom field with this slug already exists."]),
    );
    expect(await ok(app.shop.post("/billing/custom-fields/delete", { id: first.id }))).toEqual({
      success: true,
    });
    const again = await app.shop.post<Field>("/billing/custom-fields/create", {
      type: "number",
      slug: "company",
      name: "New",
    });
    expect(again.status).toBe(200);
    expect(again.data.id).not.toBe(first.id);
    expect((await app.shop.get("/billing/custom-fields/get", { query: { id: first.id } })).status).toBe(404);
  });

  it("update: type stays; properties checked against the type; delete detaches it from products", async () => {
    const app = await adminShop();
    const field = await app.billing.customFields.create({
      type: "select",
      slug: "plan",
      name: "Plan",
      properties: { options: [{ value: "a", label: "A" }] },
    });
    const updated = await ok<Field>(
      app.shop.post("/billing/custom-fields/update", {
        id: field.id,
        name: "Plan size",
        properties: { options: [{ value: "b", label: "B" }] },
        metadata: { source: "crm" },
      }),
    );
    expect(updated).toMatchObject({
      type: "select",
      name: "Plan size",
      properties: { options: [{ value: "b" }] },
    });
    const bad = await app.shop.post("/billing/custom-fields/update", {
      id: field.id,
      properties: { options: [] },
    });
    expect(bad.status).toBe(400);
    expect((bad.data as { issues: unknown[] }).issues).toEqual([
      { path: ["properties", "options"], message: "At least one option is required." },
    ]);
    const product = await app.billing.products.create({
      name: "Sized",
      prices: [fixedPrice()],
      attachedCustomFields: [{ customFieldId: field.id, required: true }],
    });
    expect(product.attachedCustomFields).toHaveLength(1);
    await app.billing.customFields.delete({ id: field.id });
    expect((await app.billing.products.get({ id: product.id })).attachedCustomFields).toEqual([]);
    const gone = await rejection(app.billing.customFields.update({ id: field.id, name: "x" }));
    expect(gone).toMatchObject({ status: 404, body: { message: "Custom field not found" } });
  });

  it("list: query by name or slug, pagination totals", async () => {
    const app = await adminShop();
    for (let i = 0; i < 7; i++) {
      await app.billing.customFields.create({ type: "text", slug: `f${i}`, name: i % 2 ? "Odd" : "Even" });
      app.time.advance(1);
    }
    const page = await app.billing.customFields.list({ limit: 3, page: 3 });
    expect(page.pagination).toEqual({ totalCount: 7, maxPage: 3 });
    expect(page.items.map((f) => f.slug)).toEqual(["f0"]);
    expect((await app.billing.customFields.list({ query: "odd" })).pagination.totalCount).toBe(3);
    expect((await app.billing.customFields.list({ query: "F6" })).items.map((f) => f.slug)).toEqual(["f6"]);
  });
});
