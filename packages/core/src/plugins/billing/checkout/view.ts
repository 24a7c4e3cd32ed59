import type { DBAdapter } from "../../../db/adapter";
import { loadProductsById } from "../catalog/load";
import type { BillingContext } from "../context";
import { discountProducts } from "../discounts/redeem";
import type { DiscountRow } from "../discounts/serialize";
import { BILLING_ERRORS } from "../errors";
import { type CheckoutRow, serializeCheckout } from "./serialize";

export const checkoutUrl = (ctx: BillingContext, clientSecret: string) =>
  `${ctx.app.baseURL}/checkout/${encodeURIComponent(clientSecret)}`;

/** Loads what a checkout's response needs (products, discount) in a constant number of queries. */
export async function checkoutView(ctx: BillingContext, db: DBAdapter, checkout: CheckoutRow) {
  const ids = checkout.productIds?.length ? checkout.productIds : [checkout.productId];
  const [products, discount] = await Promise.all([
    loadProductsById(db, ids),
    checkout.discountId
      ? db.findOne<DiscountRow>({
          model: "billingDiscount",
          where: [{ field: "id", value: checkout.discountId }],
        })
      : null,
  ]);
  return serializeCheckout({
    checkout,
    products,
    discount,
    discountProductIds: discount ? await discountProducts(db, discount.id) : [],
    url: checkoutUrl(ctx, checkout.clientSecret),
  });
}

export async function findBySecret(db: DBAdapter, clientSecret: string) {
  return db.findOne<CheckoutRow>({
    model: "billingCheckout",
    where: [{ field: "clientSecret", value: clientSecret }],
  });
}

export async function findByIdOrThrow(db: DBAdapter, id: string) {
  const row = await db.findOne<CheckoutRow>({
    model: "billingCheckout",
    where: [{ field: "id", value: id }],
  });
  if (!row) throw BILLING_ERRORS.CHECKOUT_NOT_FOUND();
  return row;
}
