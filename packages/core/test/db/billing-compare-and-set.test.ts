import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseAdapter, DBAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import { checkoutRepository } from "../../src/plugins/billing/checkout/repository";
import { orderRepository } from "../../src/plugins/billing/orders/repository";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * The billing state tables' compare-and-set (`move`: `UPDATE ... WHERE id = ? AND status = from`)
 * on every SQL store: of 20 concurrent moves from one status exactly one wins, and a move from a
 * status the row no longer has changes nothing. (The memory store is covered in
 * `test/billing/compare-and-set.test.ts`.)
 */
const stores = await sqlStores();
const makeApp = (database: DatabaseAdapter) => createTestAuth({ database, plugins: [billing()] });
const address = {
  country: "US",
  line1: "1 Main St",
  city: "Springfield",
  postalCode: "12345",
  state: "US-IL",
};

for (const store of stores) {
  describe.skipIf(!store.available)(`billing compare-and-set on ${store.name}`, () => {
    let opened: OpenStore;
    let app: ReturnType<typeof makeApp>;
    let services: BillingServices;
    let merchantId: string;

    beforeAll(async () => {
      opened = store.open({ tablePrefix: randomPrefix("gc") });
      app = makeApp(opened.database);
      await migrate(app.auth);
      services = (app.auth as unknown as { billing: BillingServices }).billing;
      merchantId = (await services.merchants.defaultMerchant()).id;
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    const db = (): DBAdapter => app.auth.$context.adapter;

    async function openCheckout() {
      const product = await services.products.create({
        organizationId: merchantId,
        name: "Plan",
        prices: [{ amountType: "fixed", priceAmount: 1000 }],
      });
      return services.checkouts.create({
        products: [product.id],
        customerEmail: `buyer-${Math.random().toString(36).slice(2, 8)}@example.com`,
        customerBillingAddress: address,
      });
    }

    it("20 concurrent checkout moves from open: exactly one wins", async () => {
      const checkout = await openCheckout();
      const repo = checkoutRepository(db());
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          repo.move(checkout.id, "open", "confirmed", { modifiedAt: new Date() }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await repo.findById(checkout.id))?.status).toBe("confirmed");
      expect(await repo.move(checkout.id, "open", "expired")).toBe(false);
      expect((await repo.findById(checkout.id))?.status).toBe("confirmed");
    });

    it("20 concurrent order moves from paid: exactly one wins", async () => {
      const checkout = await openCheckout();
      await services.checkouts.confirm(checkout.clientSecret, { confirmationTokenId: "pm_card_visa" });
      const orders = orderRepository(db());
      const order = (await orders.findByCheckout(checkout.id))!;
      expect(order.status).toBe("paid");
      const results = await Promise.all(
        Array.from({ length: 20 }, () => orders.move(order.id, "paid", "refunded")),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await orders.move(order.id, "paid", "partially_refunded")).toBe(false);
    });
  });
}
