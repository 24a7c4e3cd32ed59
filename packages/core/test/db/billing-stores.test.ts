import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseAdapter, DBAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

const stores = await sqlStores();
const makeApp = (database: DatabaseAdapter) => createTestAuth({ database, plugins: [billing()] });
const address = {
  country: "US",
  line1: "1 Main St",
  city: "Springfield",
  postalCode: "12345",
  state: "US-IL",
};
const card = { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" };
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

for (const store of stores) {
  describe.skipIf(!store.available)(`billing on ${store.name}`, () => {
    let opened: OpenStore;
    let app: ReturnType<typeof makeApp>;
    let services: BillingServices;
    let merchantId: string;

    beforeAll(async () => {
      opened = store.open({ tablePrefix: randomPrefix("gb") });
      app = makeApp(opened.database);
      await migrate(app.auth);
      services = (app.auth as unknown as { billing: BillingServices }).billing;
      merchantId = (await services.merchants.defaultMerchant()).id;
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    const db = (): DBAdapter => app.auth.$context.adapter;
    async function product(recurring: boolean, amount: number) {
      const p = await db().create<{ id: string }>({
        model: "billingProduct",
        data: {
          merchantId,
          name: "Plan",
          isRecurring: recurring,
          recurringInterval: recurring ? "month" : null,
          metadata: {},
        },
      });
      await db().create({
        model: "billingPrice",
        data: {
          productId: p.id,
          merchantId,
          type: recurring ? "recurring" : "one_time",
          recurringInterval: recurring ? "month" : null,
          amountType: "fixed",
          priceAmount: amount,
          priceCurrency: "usd",
        },
      });
      return p.id;
    }

    it("money columns hold 64-bit integers", async () => {
      const row = await db().create<{ id: string; amount: number }>({
        model: "billingDiscount",
        data: {
          merchantId,
          name: "Big",
          type: "fixed",
          duration: "once",
          amount: 999_999_999_999,
          currency: "usd",
          metadata: {},
        },
      });
      const back = await db().findOne<{ amount: number }>({
        model: "billingDiscount",
        where: [{ field: "id", value: row.id }],
      });
      expect(back?.amount).toBe(999_999_999_999);
    });

    it("one-time purchase with a percentage discount, then a recurring one", async () => {
      const { browser } = await app.signUp();
      const oneTime = await product(false, 1999);
      await db().create({
        model: "billingDiscount",
        data: {
          merchantId,
          name: "Q",
          code: "Q",
          codeKey: "Q",
          type: "percentage",
          basisPoints: 2550,
          duration: "once",
          metadata: {},
        },
      });
      const s = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [oneTime] })).data.url,
      );
      await browser.request(`/checkouts/client/${s}`, { method: "PATCH", body: { discountCode: "q" } });
      const done = await browser.post<{ status: string; totalAmount: number }>(
        `/checkouts/client/${s}/confirm`,
        card,
      );
      expect(done.data).toMatchObject({ status: "succeeded", totalAmount: 1489 });
      const recurring = await product(true, 900);
      const s2 = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [recurring] })).data.url,
      );
      expect(
        (await browser.post<{ status: string }>(`/checkouts/client/${s2}/confirm`, card)).data.status,
      ).toBe("succeeded");
      const orders = await browser.get<{ items: { totalAmount: number; billingReason: string }[] }>(
        "/customer/orders/list",
      );
      expect(orders.data.items.map((o) => [o.billingReason, o.totalAmount]).sort()).toEqual([
        ["purchase", 1489],
        ["subscription_create", 900],
      ]);
      const state = await browser.get<{ activeSubscriptions: { amount: number }[] }>("/customer/state");
      expect(state.data.activeSubscriptions.map((s) => s.amount)).toEqual([900]);
    });

    it("20 concurrent redemptions with 5 uses left: exactly 5", async () => {
      const { browser } = await app.signUp();
      const p = await product(false, 1000);
      const d = await db().create<{ id: string }>({
        model: "billingDiscount",
        data: {
          merchantId,
          name: "F",
          code: `F${store.name}`,
          codeKey: `F${store.name}`.toUpperCase(),
          type: "fixed",
          amount: 100,
          currency: "usd",
          duration: "once",
          maxRedemptions: 5,
          metadata: {},
        },
      });
      const secrets = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const s = secretOf((await browser.post<{ url: string }>("/checkout", { products: [p] })).data.url);
          await browser.request(`/checkouts/client/${s}`, {
            method: "PATCH",
            body: { discountCode: `F${store.name}` },
          });
          return s;
        }),
      );
      const results = await Promise.all(
        secrets.map((s) => browser.post(`/checkouts/client/${s}/confirm`, card)),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      const row = await db().findOne<{ redemptionsCount: number }>({
        model: "billingDiscount",
        where: [{ field: "id", value: d.id }],
      });
      expect(row?.redemptionsCount).toBe(5);
    }, 60_000);

    it("concurrent confirms of one checkout create one order", async () => {
      const { browser } = await app.signUp();
      const p = await product(false, 700);
      const s = secretOf((await browser.post<{ url: string }>("/checkout", { products: [p] })).data.url);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => browser.post(`/checkouts/client/${s}/confirm`, card)),
      );
      for (const r of results) expect([200, 409]).toContain(r.status);
      const checkout = await db().findOne<{ id: string }>({
        model: "billingCheckout",
        where: [{ field: "clientSecret", value: s }],
      });
      expect(
        await db().count({ model: "billingOrder", where: [{ field: "checkoutId", value: checkout!.id }] }),
      ).toBe(1);
    });
  });
}
