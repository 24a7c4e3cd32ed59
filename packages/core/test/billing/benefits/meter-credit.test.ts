import { describe, expect, it } from "vitest";
import type { MeterCreditRow } from "../../../src/plugins/billing/rows";
import { benefitShop } from "./setup";

describe("meter_credit grants", () => {
  it("credits units on grant and at each renewal (ledger rows), debits the last credit on revoke", async () => {
    const app = await benefitShop();
    const meter = await app.billing.meters.create({
      name: "Tokens",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    });
    const credits = await app.benefit("meter_credit", { units: 250, rollover: false, meterId: meter.id });
    const { order, subscriptionId } = await app.buy(await app.product([credits], { recurring: true }));
    const ledger = () =>
      app.db.findMany<MeterCreditRow>({
        model: "billingMeterCredit",
        where: [{ field: "customerId", value: order.customerId }],
        sortBy: [{ field: "createdAt", direction: "asc" }],
      });
    expect(await ledger()).toEqual([]); // nothing before the job runs
    await app.runDue();
    await app.runDue(); // a second run credits nothing more
    expect((await ledger()).map((r) => [r.reason, r.units, r.rollover, r.meterId, r.benefitId])).toEqual([
      ["grant", 250, false, meter.id, credits],
    ]);
    const [grant] = await app.myBenefits();
    expect(grant!.properties).toEqual({
      meterId: meter.id,
      rollover: false,
      creditedUnits: 250,
      lastCreditedUnits: 250,
      lastCreditedAt: "2026-01-15T12:00:00.000Z",
    });

    // The merchant raises the units: applied from the next renewal.
    await app.shop.post("/billing/benefits/update", {
      id: credits,
      properties: { units: 400, rollover: true, meterId: meter.id },
    });
    await app.runDue();
    await app.pass(31);
    expect((await app.runDue()).benefitGrants.cycled).toBe(1);
    expect((await ledger()).map((r) => [r.reason, r.units, r.rollover])).toEqual([
      ["grant", 250, false],
      ["cycle", 400, true],
    ]);
    expect((await app.myBenefits())[0]!.properties).toMatchObject({
      creditedUnits: 650,
      lastCreditedUnits: 400,
    });
    // The buyer's meter balance counts the credits (no usage yet).
    const balances = async () =>
      (
        (await app.buyer.get("/usage/meters/list")).data as {
          items: { meterId: string; consumedUnits: number; creditedUnits: number; balance: number }[];
        }
      ).items.find((m) => m.meterId === meter.id);
    expect(await balances()).toMatchObject({ consumedUnits: 0, creditedUnits: 650, balance: 650 });

    await app.shop.post("/billing/subscriptions/revoke", { id: subscriptionId });
    await app.runDue();
    const rows = await ledger();
    expect(rows.map((r) => [r.reason, r.units])).toEqual([
      ["grant", 250],
      ["cycle", 400],
      ["revoke", -400],
    ]);
    expect(rows.reduce((sum, r) => sum + r.units, 0)).toBe(250);
    expect(await balances()).toMatchObject({ creditedUnits: 250, balance: 250 });
    const [revoked] = await app.grantRows();
    expect(revoked!.properties).toEqual({ meterId: meter.id, rollover: true, creditedUnits: 0 });
  });
});
