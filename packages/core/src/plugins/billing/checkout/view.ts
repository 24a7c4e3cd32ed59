import type { DBAdapter } from "../../../plugin";
import { type LoadedProduct, loadProductsById } from "../catalog/load";
import type { BillingContext } from "../context";
import { discountRepository } from "../discounts/repository";
import { BILLING_ERRORS } from "../errors";
import type { DiscountRow } from "../rows";
import { checkoutRepository } from "./repository";
import { type CheckoutRow, serializeCheckout } from "./serialize";

export const checkoutUrl = (ctx: BillingContext, clientSecret: string) =>
  `${ctx.app.baseURL}/checkout/${encodeURIComponent(clientSecret)}`;

/** What a caller already holds for a checkout's response (so it is not read again). */
export interface KnownRelations {
  /** Every offered product of the checkout, loaded. */
  readonly products: readonly LoadedProduct[];
  /** The checkout's discount (when it has one) and its products. */
  readonly discount?: { readonly row: DiscountRow; readonly productIds: readonly string[] } | null;
}

/**
 * Loads what a checkout's response needs (products, discount) in a constant number of queries;
 * relations the caller already holds are used as they are.
 */
export async function checkoutView(
  ctx: BillingContext,
  db: DBAdapter,
  checkout: CheckoutRow,
  known?: KnownRelations,
) {
  const ids = checkout.productIds?.length ? checkout.productIds : [checkout.productId];
  const knownDiscount =
    known?.discount !== undefined && (known.discount?.row.id ?? null) === (checkout.discountId ?? null);
  const [products, discount] = await Promise.all([
    known ? known.products : loadProductsById(db, ids),
    knownDiscount
      ? (known?.discount?.row ?? null)
      : checkout.discountId
        ? discountRepository(db).findAnyById(checkout.discountId)
        : null,
  ]);
  const discountProductIds = !discount
    ? []
    : knownDiscount && known?.discount
      ? known.discount.productIds
      : await discountRepository(db).productIds(discount.id);
  return serializeCheckout({
    checkout,
    products,
    discount,
    discountProductIds,
    url: checkoutUrl(ctx, checkout.clientSecret),
  });
}

export async function findBySecret(db: DBAdapter, clientSecret: string) {
  return checkoutRepository(db).findBySecret(clientSecret);
}

export async function findByIdOrThrow(db: DBAdapter, id: string) {
  const row = await checkoutRepository(db).findById(id);
  if (!row) throw BILLING_ERRORS.CHECKOUT_NOT_FOUND();
  return row;
}
