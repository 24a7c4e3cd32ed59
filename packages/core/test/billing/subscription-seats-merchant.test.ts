import { describe, expect, it } from "vitest";
import { HALF, merchantUpdate, threeSeats } from "./seat-helpers";

describe("seats set by the merchant (POST /billing/subscriptions/update)", () => {
  it("sets seats, invoiced (6000 / 2 - 1500 = 1500 now); a later membership change re-syncs", async () => {
    const t = await threeSeats({ behavior: "prorate" });
    t.time.set(HALF);
    const res = await merchantUpdate(t, { id: t.id, seats: 6, prorationBehavior: "invoice" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ seats: 6, amount: 6000 });
    expect(t.processor.charges.map((c) => c.amount)).toEqual([1500]);
    expect((await t.ordersOf(t.id)).map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 3000],
      ["subscription_update", "paid", 1500],
    ]);
    await t.addMembers(1);
    expect(await t.sub(t.id)).toMatchObject({ seats: 4, amount: 4000 });
  });

  it("catalog: a seat_based price on a recurring product; bad seat prices refused", async () => {
    const t = await threeSeats();
    const create = (body: Record<string, unknown>) =>
      t.seller.browser.post<{ prices: Record<string, unknown>[]; message: string }>(
        "/billing/products/create",
        {
          organizationId: t.shop.id,
          name: "Seats plan",
          ...body,
        },
      );
    const made = await create({
      recurringInterval: "month",
      prices: [{ amountType: "seat_based", seatAmount: 1200, minimumSeats: 2 }],
    });
    expect(made.status).toBe(200);
    expect(made.data.prices[0]).toMatchObject({
      amountType: "seat_based",
      seatAmount: 1200,
      minimumSeats: 2,
      type: "recurring",
      priceCurrency: "usd",
    });
    const defaults = await create({
      recurringInterval: "month",
      prices: [{ amountType: "seat_based", seatAmount: 1 }],
    });
    expect(defaults.data.prices[0]).toMatchObject({ seatAmount: 1, minimumSeats: 1 });
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await create(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.data)).toContain(message);
    };
    await refused(
      { recurringInterval: "month", prices: [{ amountType: "seat_based", seatAmount: 0 }] },
      "seatAmount must be greater than 0",
    );
    await refused(
      {
        recurringInterval: "month",
        prices: [{ amountType: "seat_based", seatAmount: 100, minimumSeats: 0 }],
      },
      "minimumSeats must be at least 1",
    );
    await refused(
      { prices: [{ amountType: "seat_based", seatAmount: 100 }] },
      "Seat-based prices are only supported on recurring products.",
    );
    await refused(
      {
        recurringInterval: "month",
        prices: [
          { amountType: "fixed", priceAmount: 100 },
          { amountType: "seat_based", seatAmount: 100 },
        ],
      },
      "A product can have only one static price (free, fixed, custom or seat_based) per currency.",
    );
  });
});
