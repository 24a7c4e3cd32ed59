import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { admin } from "../../src/plugins/admin";
import { billing } from "../../src/plugins/billing";
import type { MeterCreditRow } from "../../src/plugins/billing/rows";
import { createTestAuth } from "../../src/testing";
import { benefitShop } from "../billing/benefits/setup";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * Benefit grants on every store: memory, SQLite, PGlite, PostgreSQL and MariaDB (the last two when
 * their servers answer). Grant, cycle and revoke run end to end through HTTP and `runDue()`; the
 * parallel activations and usages are the cases that matter on the server databases (the guarded
 * increments on the key row must hold under real concurrency).
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;

type Key = { id: string; key: string; status: string; usage: number; expiresAt: string | null };

for (const store of stores) {
  describe.skipIf(!store.available)(`benefit grants on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: Awaited<ReturnType<typeof benefitShop>>;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gb") }) : null;
      if (opened) {
        const { auth } = createTestAuth({ database: opened.database, plugins: [admin(), billing()] });
        await migrate(auth);
      }
      app = await benefitShop({}, opened?.database);
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("grant, cycle and revoke of custom, license_keys and meter_credit", async () => {
      const meter = await app.billing.meters.create({
        name: "Tokens",
        filter: { conjunction: "and", clauses: [] },
        aggregation: { func: "count" },
      });
      const note = await app.benefit("custom", { note: "welcome" });
      const license = await app.benefit("license_keys", {
        prefix: "gh",
        expires: { ttl: 40, timeframe: "day" },
        activations: { limit: 3, enableCustomerAdmin: true },
      });
      const credits = await app.benefit("meter_credit", { units: 100, rollover: true, meterId: meter.id });
      const { order, subscriptionId } = await app.buy(
        await app.product([note, license, credits], { recurring: true }),
      );
      expect((await app.runDue()).benefitGrants).toMatchObject({ granted: 3, failed: 0 });
      expect((await app.runDue()).benefitGrants.granted).toBe(0);
      const state = await app.state();
      expect(state.grantedBenefits.map((g) => g.benefitType).sort()).toEqual([
        "custom",
        "license_keys",
        "meter_credit",
      ]);
      expect(state.grantedBenefits.find((g) => g.benefitType === "custom")!.properties).toEqual({
        note: "welcome",
      });
      const keys = (await app.billing.licenseKeys.list({ customerId: order.customerId })).items as Key[];
      expect(keys).toHaveLength(1);
      expect(keys[0]!.key).toMatch(/^GH-[0-9A-F-]{36}$/);
      expect(keys[0]!.expiresAt).toEqual(new Date("2026-02-24T12:00:00.000Z"));

      await app.pass(31);
      const renewal = await app.runDue();
      expect(renewal.subscriptions.renewed).toBe(1);
      expect(renewal.benefitGrants.cycled).toBe(3);
      const extended = (await app.billing.licenseKeys.list({ customerId: order.customerId })).items as Key[];
      expect(extended[0]!.expiresAt).toEqual(new Date("2026-03-27T12:00:00.000Z"));

      expect((await app.shop.post("/billing/subscriptions/revoke", { id: subscriptionId })).status).toBe(200);
      expect((await app.runDue()).benefitGrants.revoked).toBe(3);
      expect((await app.state()).grantedBenefits).toEqual([]);
      const revokedKey = (await app.billing.licenseKeys.list({ customerId: order.customerId }))
        .items as Key[];
      expect(revokedKey[0]!.status).toBe("revoked");
      const ledger = await app.db.findMany<MeterCreditRow>({
        model: "billingMeterCredit",
        where: [{ field: "customerId", value: order.customerId }],
      });
      expect(ledger.map((r) => r.units).sort((a, b) => a - b)).toEqual([-100, 100, 100]);
      const events = await app.outbox([
        "benefit_grant.created",
        "benefit_grant.cycled",
        "benefit_grant.revoked",
      ]);
      expect(events.filter((e) => e.type === "benefit_grant.created")).toHaveLength(3);
      expect(events.filter((e) => e.type === "benefit_grant.cycled")).toHaveLength(3);
      expect(events.filter((e) => e.type === "benefit_grant.revoked")).toHaveLength(3);
    }, 120_000);

    it("refund with revokeBenefits revokes a one-time purchase's grant", async () => {
      const note = await app.benefit("custom", { note: "one-time" });
      const { order } = await app.buy(await app.product([note]));
      await app.runDue();
      const refund = await app.shop.post("/billing/refunds/create", {
        orderId: order.id,
        amount: 2000,
        reason: "customer_request",
        revokeBenefits: true,
      });
      expect(refund.status).toBe(200);
      expect((await app.runDue()).benefitGrants.revoked).toBe(1);
      const [row] = await app.grantRows([{ field: "orderId", value: order.id }]);
      expect(row).toMatchObject({ status: "revoked", isRevoked: true, isGranted: false });
    }, 60_000);

    it("20 parallel activations with a limit of 5 give exactly 5; 20 usages with a limit of 7 give 7", async () => {
      const benefitId = await app.benefit("license_keys", {
        activations: { limit: 5, enableCustomerAdmin: false },
        limitUsage: 7,
      });
      await app.buy(await app.product([benefitId], { amount: 900 }));
      await app.runDue();
      const [key] = (await app.billing.licenseKeys.list({ benefitId })).items as Key[];
      const organizationId = (await app.billing.merchants.defaultMerchant()).id;
      const call = (path: string, body: Record<string, unknown>) =>
        app.buyer.post(`/customer/license-keys/${path}`, { organizationId, key: key!.key, ...body });
      const activations = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call("activate", { label: `machine ${i}` })),
      );
      expect(activations.filter((r) => r.status === 200)).toHaveLength(5);
      expect(activations.filter((r) => r.status === 403)).toHaveLength(15);
      const detail = (await app.billing.licenseKeys.get({ id: key!.id })) as { activations: unknown[] };
      expect(detail.activations).toHaveLength(5);
      const usages = await Promise.all(
        Array.from({ length: 20 }, () => call("validate", { incrementUsage: 1 })),
      );
      expect(usages.filter((r) => r.status === 200)).toHaveLength(7);
      expect(usages.filter((r) => r.status === 400)).toHaveLength(13);
      const after = (await app.billing.licenseKeys.list({ benefitId })).items as Key[];
      expect(after[0]!.usage).toBe(7);
    }, 60_000);
  });
}
