import { z } from "zod";
import type { DBAdapter } from "../../../plugin";
import { loadProductsById } from "../catalog/load";
import type { BillingContext } from "../context";
import { discountRepository } from "../discounts/repository";
import { BILLING_ERRORS } from "../errors";
import { merchantOf, pageQuery, parseInput, scoped, unique } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import { checkoutRepository } from "./repository";
import { type CheckoutRow, serializeCheckout } from "./serialize";
import { checkoutStates } from "./status";
import { checkoutUrl } from "./view";

export const checkoutListInput = z.object({
  ...pageQuery,
  customerId: z.string().min(1).max(128).optional(),
  productId: z.string().min(1).max(128).optional(),
  status: z.enum(checkoutStates.statuses as [string, ...string[]]).optional(),
});
export const checkoutIdInput = z.object({ ...scoped, id: z.string().min(1).max(128) });
export type CheckoutListInput = z.input<typeof checkoutListInput>;
export type CheckoutIdInput = z.input<typeof checkoutIdInput>;

/**
 * Merchant checkout reads (`auth.billing.checkouts.list|byId`, `GET /billing/checkouts/list|get`):
 * the spec's Checkout shape; products, discounts and discount products are read once per list.
 */
export function createCheckoutReads(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;

  async function serializeAll(tx: DBAdapter, rows: readonly CheckoutRow[]) {
    if (rows.length === 0) return [];
    const productIds = unique(rows.flatMap((c) => (c.productIds?.length ? c.productIds : [c.productId])));
    const discountIds = unique(rows.map((c) => c.discountId).filter((id): id is string => Boolean(id)));
    const [products, discounts, links] = await Promise.all([
      loadProductsById(tx, productIds),
      discountIds.length ? discountRepository(tx).findByIds(discountIds) : [],
      discountIds.length ? discountRepository(tx).productLinks(discountIds) : [],
    ]);
    return rows.map((checkout) => {
      const ids = checkout.productIds?.length ? checkout.productIds : [checkout.productId];
      const discount = discounts.find((d) => d.id === checkout.discountId) ?? null;
      return serializeCheckout({
        checkout,
        products: products.filter((p) => ids.includes(p.product.id)),
        discount,
        discountProductIds: discount
          ? links.filter((l) => l.discountId === discount.id).map((l) => l.productId)
          : [],
        url: checkoutUrl(ctx, checkout.clientSecret),
      });
    });
  }

  /** GET /billing/checkouts/list: newest first; filters customerId, productId, status. */
  async function list(input: CheckoutListInput = {}) {
    const data = parseInput(checkoutListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const status = data.status && checkoutStates.is(data.status) ? data.status : undefined;
    const { rows, total, page, limit } = await checkoutRepository(db).pageForMerchant(
      merchant.id,
      { customerId: data.customerId, productId: data.productId, status },
      data,
    );
    return paginated(await serializeAll(db, rows), total, page, limit);
  }

  /** GET /billing/checkouts/get?id= (404 for another merchant's checkout). */
  async function byId(input: CheckoutIdInput) {
    const data = parseInput(checkoutIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const row = await checkoutRepository(db).findById(data.id);
    if (!row || row.merchantId !== merchant.id) throw BILLING_ERRORS.CHECKOUT_NOT_FOUND();
    const [serialized] = await serializeAll(db, [row]);
    if (!serialized) throw BILLING_ERRORS.CHECKOUT_NOT_FOUND();
    return serialized;
  }

  return { list, byId };
}
