import { describe, expect, it } from "vitest";
import { testProcessor } from "../../../src/plugins/billing";
import { ok } from "../catalog/helpers";
import { benefitShop } from "./setup";

describe("benefit grants: subscriptions", () => {
  it("granted when the subscription starts, cycled at each renewal, revoked when it ends", async () => {
    const app = await benefitShop();
    const meter = await app.billing.meters.create({
      name: "Credits",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    });
    const note = await app.benefit("custom", { note: "members" });
    const credits = await app.benefit("meter_credit", { units: 100, rollover: true, meterId: meter.id });
    const productId = await app.product([note, credits], { recurring: true, amount: 1900 });
    const { subscriptionId } = await app.buy(productId);
    expect(subscriptionId).toBeTruthy();
    const queued = await app.grantRows();
    expect(queued.map((g) => [g.scope, g.subscriptionId, g.orderId])).toEqual([
      [`subscription:${subscriptionId}`, subscriptionId, null],
      [`subscription:${subscriptionId}`, subscriptionId, null],
    ]);
    expect((await app.runDue()).benefitGrants.granted).toBe(2);
    expect((await app.state()).grantedBenefits.map((g) => g.benefitType).sort()).toEqual([
      "custom",
      "meter_credit",
    ]);

    // Two renewals: each pays a subscription_cycle order, and each cycles the grants.
    for (const month of [1, 2]) {
      await app.pass(31);
      const run = await app.runDue();
      expect(run.subscriptions.renewed, `month ${month}`).toBe(1);
      expect(run.subscriptions.charges.paid, `month ${month}`).toBe(1);
      expect(run.benefitGrants.cycled, `month ${month}`).toBe(2);
    }
    const cycled = await app.outbox(["benefit_grant.cycled"]);
    expect(cycled).toHaveLength(4);
    expect(cycled.every((e) => e.data.subscriptionId === subscriptionId)).toBe(true);
    const creditGrant = (await app.myBenefits()).find((g) => g.benefitId === credits)!;
    expect(creditGrant.properties).toMatchObject({
      meterId: meter.id,
      rollover: true,
      creditedUnits: 300,
      lastCreditedUnits: 100,
    });

    // Revoked now by the merchant: the benefits go at the next runDue.
    await app.pass(1);
    expect((await app.shop.post("/billing/subscriptions/revoke", { id: subscriptionId })).status).toBe(200);
    const run = await app.runDue();
    expect(run.benefitGrants.revoked).toBe(2);
    expect((await app.state()).grantedBenefits).toEqual([]);
    expect(await app.myBenefits()).toEqual([]);
    const revoked = await app.outbox(["benefit_grant.revoked"]);
    expect(revoked).toHaveLength(2);
    expect(revoked.every((e) => e.data.isRevoked === true && e.data.isGranted === false)).toBe(true);
    expect(await app.outbox(["customer.state_changed"])).not.toHaveLength(0);
  });

  it("cancel at period end keeps the benefits until the period is over", async () => {
    const app = await benefitShop();
    const note = await app.benefit("custom", { note: "n" });
    const { subscriptionId } = await app.buy(await app.product([note], { recurring: true }));
    await app.runDue();
    await ok(app.buyer.post("/customer/subscriptions/cancel", { subscriptionId }));
    expect((await app.runDue()).benefitGrants.revoked).toBe(0);
    expect((await app.state()).grantedBenefits).toHaveLength(1);
    await app.pass(31);
    const run = await app.runDue();
    expect(run.subscriptions.ended).toBe(1);
    expect(run.benefitGrants.revoked).toBe(1);
    expect((await app.state()).grantedBenefits).toEqual([]);
  });

  it("past_due keeps the benefits (dunning grace); the end of dunning revokes them", async () => {
    const processor = testProcessor();
    const app = await benefitShop({ processor });
    const note = await app.benefit("custom", { note: "n" });
    await app.buy(await app.product([note], { recurring: true }));
    await app.runDue();
    processor.scriptCharges("decline", "decline", "decline", "decline", "decline");
    await app.pass(31);
    const run = await app.runDue();
    expect(run.subscriptions.charges.failed).toBe(1);
    expect((await app.state()).grantedBenefits).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      await app.pass(8);
      await app.runDue();
    }
    expect((await app.grantRows())[0]).toMatchObject({ status: "revoked", isRevoked: true });
    expect((await app.state()).grantedBenefits).toEqual([]);
  });

  it("a plan change revokes the old product's benefits and grants the new one's", async () => {
    const app = await benefitShop();
    const basic = await app.benefit("custom", { note: "basic" });
    const pro = await app.benefit("custom", { note: "pro" });
    const { subscriptionId } = await app.buy(await app.product([basic], { recurring: true }));
    const target = await app.product([pro], { recurring: true, amount: 1000 });
    await app.runDue();
    const changed = await app.shop.post("/billing/subscriptions/update", {
      id: subscriptionId,
      productId: target,
      prorationBehavior: "prorate",
    });
    expect(changed.status).toBe(200);
    const run = await app.runDue();
    expect(run.benefitGrants).toMatchObject({ revoked: 1, granted: 1 });
    expect((await app.myBenefits()).map((g) => g.properties)).toEqual([{ note: "pro" }]);
  });

  it("a product's new benefits reach its active subscribers; removed ones are revoked", async () => {
    const app = await benefitShop();
    const first = await app.benefit("custom", { note: "first" });
    const added = await app.benefit("custom", { note: "added" });
    const productId = await app.product([first], { recurring: true });
    await app.buy(productId);
    await app.runDue();
    await ok(app.shop.post("/billing/products/update", { id: productId, benefits: [added] }));
    const run = await app.runDue();
    expect(run.benefitGrants).toMatchObject({ granted: 1, revoked: 1 });
    expect((await app.myBenefits()).map((g) => g.properties)).toEqual([{ note: "added" }]);
  });
});
