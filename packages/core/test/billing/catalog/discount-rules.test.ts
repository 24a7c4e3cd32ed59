import { describe, expect, it } from "vitest";
import { type AdminShop, adminShop, messages, ok, rejection } from "./helpers";

type Discount = Record<string, unknown> & { id: string; code: string | null; products: string[] };

const create = (app: AdminShop, body: Record<string, unknown>) =>
  app.shop.post<Discount>("/billing/discounts/create", body);
const percent = { name: "Launch", type: "percentage", basisPoints: 2550, duration: "once" };

describe("discount rules (BILLING.md 4.1)", () => {
  it("validates the definition rules of BILLING.md 4.1 with their messages", async () => {
    const app = await adminShop();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Name must be at least 1 character long."],
      [{ code: "ab" }, "Code must be between 3 and 256 characters long."],
      [{ code: "a".repeat(257) }, "Code must be between 3 and 256 characters long."],
      [{ code: "SPRING-10" }, "Code must contain only alphanumeric characters."],
      [{ basisPoints: 0 }, "basisPoints must be between 1 and 10000."],
      [{ basisPoints: 10_001 }, "basisPoints must be between 1 and 10000."],
      [{ basisPoints: undefined }, "basisPoints is required for a percentage discount."],
      [{ type: "fixed", amount: -1 }, "Amount must be at least 0."],
      [{ type: "fixed", amount: 1_000_000_000_000 }, "Amount must be at most 999999999999."],
      [{ type: "fixed" }, "Amount is required for a fixed discount."],
      [{ type: "fixed", amount: 5, currency: "EUR" }, "Currency must be a lower-case ISO 4217 code."],
      [{ duration: "repeating" }, "`durationInMonths` is required when `duration` is `repeating`."],
      [{ duration: "repeating", durationInMonths: 0 }, "durationInMonths must be between 1 and 999."],
      [{ duration: "repeating", durationInMonths: 1000 }, "durationInMonths must be between 1 and 999."],
      [
        { duration: "forever", durationInMonths: 2 },
        "`durationInMonths` is only allowed when `duration` is `repeating`.",
      ],
      [
        { startsAt: "2026-02-01T00:00:00Z", endsAt: "2026-01-01T00:00:00Z" },
        "startsAt must be before endsAt.",
      ],
      [
        { startsAt: "2026-02-01T00:00:00Z", endsAt: "2026-02-01T00:00:00Z" },
        "startsAt must be before endsAt.",
      ],
      [{ maxRedemptions: 0 }, "maxRedemptions must be at least 1."],
    ];
    for (const [patch, message] of cases) {
      const res = await create(app, { ...percent, ...patch });
      expect(res.status, message).toBe(400);
      expect(messages(res)).toContain(message);
    }
    const bounds: Record<string, unknown>[] = [
      { basisPoints: 1 },
      { basisPoints: 10_000 },
      { type: "fixed", amount: 0 },
      { type: "fixed", amount: 999_999_999_999 },
      { duration: "repeating", durationInMonths: 999 },
      { code: "a".repeat(256) },
      { code: "abc" },
      { maxRedemptions: 1 },
    ];
    for (const patch of bounds)
      expect((await create(app, { ...percent, ...patch })).status, JSON.stringify(patch)).toBe(200);
    const ghost = await create(app, { ...percent, products: ["nope"] });
    expect(ghost.status).toBe(422);
    expect(ghost.data).toMatchObject({
      message: "Product does not exist.",
      issues: [{ path: ["products", 0] }],
    });
  });

  it("type and duration never change; once redeemed, amounts and months are locked", async () => {
    const app = await adminShop();
    const d = await app.billing.discounts.create({
      name: "Fixed",
      type: "fixed",
      amount: 500,
      duration: "repeating",
      durationInMonths: 2,
    });
    const type = await app.shop.post("/billing/discounts/update", {
      id: d.id,
      type: "percentage",
      basisPoints: 10,
    });
    expect(type.status).toBe(422);
    expect(type.data).toMatchObject({ message: "Type cannot be changed." });
    const duration = await app.shop.post("/billing/discounts/update", { id: d.id, duration: "forever" });
    expect(duration.data).toMatchObject({ message: "Duration cannot be changed." });
    // Sending the current values is fine.
    const same = await ok<Discount>(
      app.shop.post("/billing/discounts/update", {
        id: d.id,
        type: "fixed",
        duration: "repeating",
        amount: 600,
      }),
    );
    expect(same).toMatchObject({ amount: 600 });
    const removeMonths = await app.shop.post("/billing/discounts/update", {
      id: d.id,
      durationInMonths: null,
    });
    expect(messages(removeMonths)).toEqual([
      "`durationInMonths` is required when `duration` is `repeating`.",
    ]);
    const window = await app.shop.post("/billing/discounts/update", {
      id: d.id,
      endsAt: "2026-03-01T00:00:00Z",
      startsAt: "2026-04-01T00:00:00Z",
    });
    expect(window.status).toBe(422);
    expect(messages(window)).toEqual(["startsAt must be before endsAt."]);

    await app.db.update({
      model: "billingDiscount",
      where: [{ field: "id", value: d.id }],
      update: { redemptionsCount: 1 },
    });
    for (const patch of [{ amount: 700 }, { currency: "eur" }, { durationInMonths: 3 }]) {
      const res = await app.shop.post("/billing/discounts/update", { id: d.id, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.data).toMatchObject({ message: "This discount has already been redeemed." });
    }
    const renamed = await ok<Discount>(
      app.shop.post("/billing/discounts/update", {
        id: d.id,
        name: "Renamed",
        amount: 600,
        maxRedemptions: 10,
      }),
    );
    expect(renamed).toMatchObject({ name: "Renamed", amount: 600, maxRedemptions: 10, redemptionsCount: 1 });
    const pct = await app.billing.discounts.create({
      name: "Pct",
      type: "percentage",
      basisPoints: 100,
      duration: "once",
    });
    await app.db.update({
      model: "billingDiscount",
      where: [{ field: "id", value: pct.id }],
      update: { redemptionsCount: 2 },
    });
    const locked = await rejection(app.billing.discounts.update({ id: pct.id, basisPoints: 200 }));
    expect(locked).toMatchObject({
      status: 422,
      body: { message: "This discount has already been redeemed." },
    });
  });
});
