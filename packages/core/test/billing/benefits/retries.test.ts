import { afterEach, describe, expect, it } from "vitest";
import { BENEFIT_STRATEGIES } from "../../../src/plugins/billing/benefit-grants/registry";
import { customStrategy } from "../../../src/plugins/billing/benefit-grants/strategies/custom";
import { type BenefitStrategy, grantFailure } from "../../../src/plugins/billing/benefit-grants/strategy";
import { ok } from "../catalog/helpers";
import { benefitShop } from "./setup";

/** Swaps the `custom` strategy for one test (the registry is read at every job). */
const registry = BENEFIT_STRATEGIES as unknown as Record<string, BenefitStrategy>;
const useCustom = (strategy: Partial<BenefitStrategy>) => {
  registry.custom = { ...customStrategy, ...strategy };
};
afterEach(() => {
  registry.custom = customStrategy;
});

describe("grant jobs: retries and concurrency", () => {
  it("a temporary failure is retried with exponential backoff, then granted (created, then updated)", async () => {
    const app = await benefitShop();
    let calls = 0;
    useCustom({
      grant: async (input) => {
        calls += 1;
        if (calls <= 2) throw grantFailure("rate_limited", "Slow down", true);
        return customStrategy.grant(input);
      },
    });
    const note = await app.benefit("custom", { note: "later" });
    await app.buy(await app.product([note]));
    expect((await app.runDue()).benefitGrants.failed).toBe(1);
    let [row] = await app.grantRows();
    expect(row).toMatchObject({
      attempts: 1,
      isGranted: false,
      nextAttemptAt: new Date("2026-01-15T12:00:02.000Z"),
      error: { message: "Slow down", type: "rate_limited", timestamp: "2026-01-15T12:00:00.000Z" },
    });
    expect((await app.runDue()).benefitGrants.failed).toBe(0); // not due yet
    app.time.advance(2000);
    expect((await app.runDue()).benefitGrants.failed).toBe(1);
    [row] = await app.grantRows();
    expect(row).toMatchObject({ attempts: 2, nextAttemptAt: new Date("2026-01-15T12:00:06.000Z") });
    app.time.advance(4000);
    expect((await app.runDue()).benefitGrants.granted).toBe(1);
    [row] = await app.grantRows();
    expect(row).toMatchObject({ attempts: 0, error: null, isGranted: true, nextAttemptAt: null });
    expect(calls).toBe(3);
    const created = await app.outbox(["benefit_grant.created"]);
    expect(created.map((e) => [e.data.isGranted, (e.data.error as { type: string } | null)?.type])).toEqual([
      [false, "rate_limited"],
    ]);
    const updated = await app.outbox(["benefit_grant.updated"]);
    expect(updated.map((e) => [e.data.isGranted, e.data.error])).toEqual([[true, null]]);
  });

  it("an unexpected error is stored with its class name and retried", async () => {
    const app = await benefitShop();
    useCustom({
      grant: async () => {
        throw new TypeError("boom");
      },
    });
    const note = await app.benefit("custom", { note: "n" });
    await app.buy(await app.product([note]));
    await app.runDue();
    const [row] = await app.grantRows();
    expect(row!.error).toMatchObject({ message: "boom", type: "TypeError" });
    expect(row!.nextAttemptAt).toEqual(new Date("2026-01-15T12:00:02.000Z"));
  });

  it("two runDue at once run each grant once", async () => {
    const app = await benefitShop();
    let calls = 0;
    useCustom({
      grant: async (input) => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 20));
        return customStrategy.grant(input);
      },
    });
    const note = await app.benefit("custom", { note: "once" });
    await app.buy(await app.product([note]));
    const runs = await Promise.all([app.runDue(), app.runDue(), app.runDue()]);
    expect(runs.reduce((n, r) => n + r.benefitGrants.granted, 0)).toBe(1);
    expect(calls).toBe(1);
    expect(await app.outbox(["benefit_grant.created"])).toHaveLength(1);
  });

  it("a license key held through two purchases stays active until the last one is refunded", async () => {
    const app = await benefitShop();
    const license = await app.benefit("license_keys", { prefix: "two" });
    const first = await app.buy(await app.product([license]));
    const second = await app.buy(await app.product([license], { amount: 800 }));
    await app.runDue();
    const keyStatus = async () =>
      (await app.billing.licenseKeys.list({ benefitId: license })).items[0]!.status;
    const refund = (orderId: string) =>
      ok(
        app.shop.post("/billing/refunds/create", {
          orderId,
          amount: 100,
          reason: "customer_request",
          revokeBenefits: true,
        }),
      );
    await refund(first.order.id);
    expect((await app.runDue()).benefitGrants.revoked).toBe(1);
    expect(await keyStatus()).toBe("granted");
    expect((await app.state()).grantedBenefits.map((g) => g.benefitId)).toEqual([license]);
    await refund(second.order.id);
    await app.runDue();
    expect(await keyStatus()).toBe("revoked");
    expect((await app.state()).grantedBenefits).toEqual([]);
  });
});
