import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseAdapter, DBAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import { type TestProcessor, testProcessor } from "../../src/plugins/billing/processors/test-processor";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

const address = {
  country: "US",
  line1: "1 Main St",
  city: "Springfield",
  postalCode: "12345",
  state: "US-IL",
};
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
type Order = { status: string; billingReason: string; totalAmount: number; subscriptionId: string };

/**
 * Trials on every store (memory and the four SQL stores): two buyers start a one-month trial on
 * 31 Jan; one converts on 28 Feb (20 concurrent `runDue()`: charged once) and renews on 28 Mar,
 * the other cancels during the trial and ends on 28 Feb without a charge.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;

const makeApp = (processor: TestProcessor, now: () => Date, events: string[], database?: DatabaseAdapter) =>
  createTestAuth({
    ...(database ? { database } : {}),
    advanced: { now },
    plugins: [billing({ processor, onEvent: (e) => void events.push(e.type) })],
  });

for (const store of stores) {
  describe.skipIf(!store.available)(`subscription trials on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let t = Date.UTC(2026, 0, 31, 10, 30);
    const processor: TestProcessor = testProcessor();
    const events: string[] = [];
    let app: ReturnType<typeof makeApp>;
    let services: BillingServices;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gt") }) : null;
      app = makeApp(processor, () => new Date(t), events, opened?.database);
      if (opened) await migrate(app.auth);
      services = (app.auth as unknown as { billing: BillingServices }).billing;
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("a trial converting and one canceled", async () => {
      const db: DBAdapter = app.auth.$context.adapter;
      const product = await services.products.create({
        name: "Pro",
        recurringInterval: "month",
        trialInterval: "month",
        trialIntervalCount: 1,
        prices: [{ amountType: "fixed", priceAmount: 1900 }],
      });
      expect((await services.products.get({ id: product.id })).trialIntervalCount).toBe(1);
      const subscribe = async () => {
        const { browser } = await app.signUp();
        const url = (await browser.post<{ url: string }>("/checkout", { products: [product.id] })).data.url;
        const opened = await browser.get<{ trialEnd: string; isPaymentRequired: boolean }>(
          `/checkouts/client/${secretOf(url)}`,
        );
        expect(opened.data).toMatchObject({ trialEnd: "2026-02-28T10:30:00.000Z", isPaymentRequired: false });
        const done = await browser.post<{ subscriptionId: string; trialEnd: string; allowTrial: boolean }>(
          `/checkouts/client/${secretOf(url)}/confirm`,
          { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" },
        );
        expect(done.data).toMatchObject({ trialEnd: "2026-02-28T10:30:00.000Z", allowTrial: true });
        return { id: done.data.subscriptionId, browser };
      };
      const converting = await subscribe();
      const canceling = await subscribe();
      const sub = async (id: string) => (await services.subscriptions.findById(id))!;
      for (const { id } of [converting, canceling]) {
        const s = await sub(id);
        expect([s.status, iso(s.trialStart), iso(s.trialEnd), iso(s.currentPeriodEnd)]).toEqual([
          "trialing",
          "2026-01-31T10:30:00.000Z",
          "2026-02-28T10:30:00.000Z",
          "2026-02-28T10:30:00.000Z",
        ]);
      }
      expect(processor.charges).toEqual([]);
      expect(events).not.toContain("subscription.active");

      t = Date.UTC(2026, 1, 10, 9);
      // (The buyer's session has expired by now: the service answers as the endpoint would.)
      const canceled = await services.subscriptions.applyUpdate(await sub(canceling.id), {
        cancelAtPeriodEnd: true,
      });
      expect([canceled.status, iso(canceled.endsAt)]).toEqual(["trialing", "2026-02-28T10:30:00.000Z"]);

      t = Date.UTC(2026, 1, 28, 10, 30);
      await Promise.all(Array.from({ length: 20 }, () => services.runDue()));
      const a = await sub(converting.id);
      expect([a.status, a.anchorDay, iso(a.currentPeriodStart), iso(a.currentPeriodEnd)]).toEqual([
        "active",
        28,
        "2026-02-28T10:30:00.000Z",
        "2026-03-28T10:30:00.000Z",
      ]);
      const b = await sub(canceling.id);
      expect([b.status, iso(b.endedAt)]).toEqual(["canceled", "2026-02-28T10:30:00.000Z"]);
      expect(processor.charges.map((c) => c.amount)).toEqual([1900]);
      expect(events.filter((e) => e === "subscription.active")).toHaveLength(1);

      t = Date.UTC(2026, 2, 28, 10, 30);
      await services.runDue();
      expect(iso((await sub(converting.id)).currentPeriodEnd)).toBe("2026-04-28T10:30:00.000Z");

      const orders = await db.findMany<Order>({
        model: "billingOrder",
        sortBy: { field: "createdAt", direction: "asc" },
      });
      const of = (id: string) =>
        orders
          .filter((o) => o.subscriptionId === id)
          .map((o) => `${o.billingReason}:${o.status}:${o.totalAmount}`);
      expect(of(converting.id)).toEqual([
        "subscription_create:paid:0",
        "subscription_cycle:paid:1900",
        "subscription_cycle:paid:1900",
      ]);
      expect(of(canceling.id)).toEqual(["subscription_create:paid:0"]);
      expect(processor.charges.map((c) => c.amount)).toEqual([1900, 1900]);
    }, 120_000);
  });
}
