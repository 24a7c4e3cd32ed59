import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { admin } from "../../src/plugins/admin";
import { billing } from "../../src/plugins/billing";
import { hashPortalToken } from "../../src/plugins/billing/portal/service";
import type { PortalSessionRow } from "../../src/plugins/billing/rows";
import { createTestAuth } from "../../src/testing";
import { ok } from "../billing/catalog/helpers";
import { HOUR, portalShop } from "../billing/portal/setup";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * The customer portal on every store: the session table (unique token hash, expiry), the merchant
 * order and checkout lists with their filters, the invoice numbers and a cancel through the token.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;
const options = { tax: ({ amount }: { amount: number }) => Math.round(amount / 10) };

for (const store of stores) {
  describe.skipIf(!store.available)(`customer portal on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: Awaited<ReturnType<typeof portalShop>>;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gp") }) : null;
      if (opened) {
        const { auth } = createTestAuth({ database: opened.database, plugins: [admin(), billing(options)] });
        await migrate(auth);
      }
      app = await portalShop(options, opened?.database);
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("sessions: stored hashed, found by hash, expire after an hour", async () => {
      const { token } = await app.session();
      const row = await app.db.findOne<PortalSessionRow>({
        model: "billingPortalSession",
        where: [{ field: "tokenHash", value: await hashPortalToken(token) }],
      });
      expect(row?.customerId).toBe(app.purchase.customerId);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(HOUR);
      const overview = await ok<{ customer: { id: string } }>(app.anon.get(`${app.api(token)}/overview`));
      expect(overview.customer.id).toBe(app.purchase.customerId);
      app.time.advance(HOUR);
      expect((await app.anon.get(`${app.api(token)}/overview`)).status).toBe(401);
    });

    it("merchant lists filter on the store; the invoice has the stored numbers", async () => {
      const ids = async (path: string, query: Record<string, string>) =>
        (await ok<{ items: { id: string }[] }>(app.shop.get(path, { query }))).items.map((o) => o.id);
      expect(await ids("/billing/orders/list", {})).toEqual([app.purchase.id, app.subscriptionOrder.id]);
      expect(await ids("/billing/orders/list", { status: "partially_refunded" })).toEqual([app.purchase.id]);
      expect(await ids("/billing/orders/list", { billingReason: "subscription_create" })).toEqual([
        app.subscriptionOrder.id,
      ]);
      expect(
        await ids("/billing/orders/list", { customerId: app.purchase.customerId, productId: app.ebook }),
      ).toEqual([app.purchase.id]);
      expect(await ids("/billing/checkouts/list", { productId: app.small })).toHaveLength(1);
      const invoice = await ok(app.shop.get("/billing/orders/invoice", { query: { id: app.purchase.id } }));
      expect(invoice).toMatchObject({
        subtotalAmount: 2000,
        discountAmount: 200,
        taxAmount: 180,
        totalAmount: 1980,
        refundedAmount: 500,
        refundedTaxAmount: 50,
        balanceAmount: 1430,
      });
    });

    it("cancel with a reason through a merchant-made session", async () => {
      const { token } = await app.billing.portal.createSession({ customerId: app.purchase.customerId });
      const canceled = await ok<{ cancelAtPeriodEnd: boolean; customerCancellationReason: string }>(
        app.anon.post(`${app.api(token)}/subscriptions/cancel`, {
          subscriptionId: app.subscriptionId,
          cancellationReason: "unused",
        }),
      );
      expect(canceled).toMatchObject({ cancelAtPeriodEnd: true, customerCancellationReason: "unused" });
      expect((await app.billing.subscriptions.findById(app.subscriptionId))?.cancelAtPeriodEnd).toBe(true);
    });
  });
}
