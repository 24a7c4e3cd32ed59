import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseAdapter, DBAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import { type TestProcessor, testProcessor } from "../../src/plugins/billing/processors/test-processor";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

const DAY = 86_400_000;
const address = {
  country: "US",
  line1: "1 Main St",
  city: "Springfield",
  postalCode: "12345",
  state: "US-IL",
};
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
type Order = {
  status: string;
  billingReason: string;
  totalAmount: number;
  subscriptionId: string;
  createdAt: Date;
};

/**
 * A simulated year on every store (memory and the four SQL stores): monthly and yearly renewals,
 * cancel / uncancel / revoke, one failed renewal recovered through dunning and one dunned to the
 * end, a prorated and an invoiced upgrade, and 20 concurrent `runDue()` on the first renewal day.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;

const makeApp = (processor: TestProcessor, now: () => Date, database?: DatabaseAdapter) =>
  createTestAuth({
    ...(database ? { database } : {}),
    advanced: { now },
    plugins: [billing({ processor })],
  });

for (const store of stores) {
  describe.skipIf(!store.available)(`subscriptions for a year on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let t = Date.UTC(2026, 0, 31, 10, 30);
    const processor: TestProcessor = testProcessor();
    let app: ReturnType<typeof makeApp>;
    let services: BillingServices;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gs") }) : null;
      app = makeApp(processor, () => new Date(t), opened?.database);
      if (opened) await migrate(app.auth);
      services = (app.auth as unknown as { billing: BillingServices }).billing;
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("renews, cancels, duns and upgrades with the right periods and amounts", async () => {
      const db: DBAdapter = app.auth.$context.adapter;
      const merchant = await services.merchants.defaultMerchant();
      const product = async (name: string, interval: "month" | "year", amount: number) => {
        const p = await db.create<{ id: string }>({
          model: "billingProduct",
          data: {
            merchantId: merchant.id,
            name,
            isRecurring: true,
            recurringInterval: interval,
            metadata: {},
          },
        });
        await db.create({
          model: "billingPrice",
          data: {
            productId: p.id,
            merchantId: merchant.id,
            type: "recurring",
            recurringInterval: interval,
            priceCurrency: "usd",
            amountType: "fixed",
            priceAmount: amount,
          },
        });
        return p.id;
      };
      const monthly = await product("Monthly", "month", 1000);
      const big = await product("Big monthly", "month", 3000);
      const yearly = await product("Yearly", "year", 12000);
      const bigYearly = await product("Big yearly", "year", 36000);
      const subscribe = async (productId: string) => {
        const { browser } = await app.signUp();
        const url = (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url;
        const done = await browser.post<{ subscriptionId: string }>(
          `/checkouts/client/${secretOf(url)}/confirm`,
          {
            customerBillingAddress: address,
            confirmationTokenId: "pm_card_visa",
          },
        );
        return done.data.subscriptionId;
      };
      const [a, b, c, d, e, f] = [
        await subscribe(monthly), // upgraded (prorate) mid-June
        await subscribe(yearly), // upgraded (invoice) in July
        await subscribe(monthly), // one failed renewal, recovered
        await subscribe(monthly), // dunned to the end
        await subscribe(monthly), // canceled, uncanceled, canceled: ends at a period end
        await subscribe(monthly), // revoked
      ] as string[];
      const sub = async (id: string) => (await services.subscriptions.findById(id))!;
      const card = (id: string, method: string) =>
        db.update({
          model: "billingSubscription",
          where: [{ field: "id", value: id }],
          update: { paymentMethodId: method },
        });
      await card(d!, "tpm_ined"); // pm_card_chargeDeclined saved
      const at = (iso: string) => t === new Date(iso).getTime();

      for (let i = 1; i <= 366; i++) {
        t += DAY;
        if (at("2026-02-28T10:30:00.000Z")) {
          // 20 workers at once: each due subscription is renewed once.
          await Promise.all(Array.from({ length: 20 }, () => services.runDue()));
          continue;
        }
        if (at("2026-03-30T10:30:00.000Z")) await card(c!, "tpm_ined");
        if (at("2026-04-01T10:30:00.000Z")) await card(c!, "tpm_visa");
        if (at("2026-04-10T10:30:00.000Z")) {
          const x = await services.subscriptions.applyUpdate(await sub(e!), { cancelAtPeriodEnd: true });
          const y = await services.subscriptions.applyUpdate(x, { cancelAtPeriodEnd: false });
          await services.subscriptions.applyUpdate(y, { cancelAtPeriodEnd: true });
        }
        if (at("2026-06-15T10:30:00.000Z"))
          await services.subscriptions.applyUpdate(await sub(a!), {
            productId: big,
            prorationBehavior: "prorate",
          });
        if (at("2026-07-01T10:30:00.000Z")) await services.subscriptions.revoke(await sub(f!));
        if (at("2026-07-02T10:30:00.000Z"))
          await services.subscriptions.applyUpdate(await sub(b!), {
            productId: bigYearly,
            prorationBehavior: "invoice",
          });
        await services.runDue();
      }

      const orders = await db.findMany<Order>({
        model: "billingOrder",
        sortBy: { field: "createdAt", direction: "asc" },
      });
      const of = (id: string) =>
        orders
          .filter((o) => o.subscriptionId === id)
          .map((o) => `${o.billingReason}:${o.status}:${o.totalAmount}`);
      const cycles = (n: number, amount: number) =>
        Array.from({ length: n }, () => `subscription_cycle:paid:${amount}`);

      // A: 31 Jan anchor; 4 renewals at 1000 (Feb 28 .. May 31), June 30 = 3000 + 1500 - 500, then 3000.
      expect(of(a!)).toEqual([
        "subscription_create:paid:1000",
        ...cycles(4, 1000),
        "subscription_cycle:paid:4000",
        ...cycles(7, 3000),
      ]);
      const subA = await sub(a!);
      expect(subA.currentPeriodStart.toISOString()).toBe("2027-01-31T10:30:00.000Z");
      expect(subA.currentPeriodEnd?.toISOString()).toBe("2027-02-28T10:30:00.000Z");
      // B: yearly; upgrade on 2 Jul with 213 of 365 days left: debit 21008 - credit 7003 = 14005 now.
      expect(of(b!)).toEqual([
        "subscription_create:paid:12000",
        "subscription_update:paid:14005",
        "subscription_cycle:paid:36000",
      ]);
      expect((await sub(b!)).currentPeriodEnd?.toISOString()).toBe("2028-01-31T10:30:00.000Z");
      // C: the 31 Mar renewal failed, the retry on 2 Apr succeeded; active again.
      expect(of(c!)).toEqual(["subscription_create:paid:1000", ...cycles(12, 1000)]);
      expect((await sub(c!)).status).toBe("active");
      // D: five failed attempts from 28 Feb (2, 7, 14, 21 days later), then the end.
      expect(of(d!)).toEqual(["subscription_create:paid:1000", "subscription_cycle:void:1000"]);
      expect((await sub(d!)).status).toBe("canceled");
      expect((await sub(d!)).endedAt?.toISOString()).toBe("2026-03-21T10:30:00.000Z");
      // E: canceled at period end in April: renewed Feb 28 and Mar 31, ended 30 Apr.
      expect(of(e!)).toEqual(["subscription_create:paid:1000", ...cycles(2, 1000)]);
      expect((await sub(e!)).endedAt?.toISOString()).toBe("2026-04-30T10:30:00.000Z");
      // F: revoked 1 July after five renewals.
      expect(of(f!)).toEqual(["subscription_create:paid:1000", ...cycles(5, 1000)]);
      expect((await sub(f!)).status).toBe("canceled");
      // One processor charge per attempt: A 12 renewals, B invoice + renewal, C 12 renewals + the
      // declined attempt, D 5 declined attempts, E 2, F 5 (none twice, despite 20 workers).
      expect(processor.charges).toHaveLength(12 + 2 + 13 + 5 + 2 + 5);
      expect(new Set(processor.charges.map((x) => x.idempotencyKey)).size).toBe(processor.charges.length);
    }, 300_000);
  });
}
