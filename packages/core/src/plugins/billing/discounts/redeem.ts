import type { DBAdapter } from "../../../plugin";
import { BILLING_ERRORS } from "../errors";
import { discountRepository } from "./repository";
import { codeKey, isApplicable, isRedeemable } from "./rules";
import type { DiscountRow } from "./serialize";

export const discountProducts = (db: DBAdapter, discountId: string): Promise<string[]> =>
  discountRepository(db).productIds(discountId);

/**
 * Resolves a discount by id or code for a product: it must exist at the merchant, apply to the
 * product and be redeemable now; otherwise 422 "Discount does not exist." (BILLING.md 4.3).
 */
export async function resolveDiscount(
  db: DBAdapter,
  input: {
    merchantId: string;
    id?: string | null;
    code?: string | null;
    productId: string;
    currency: string;
    now: Date;
  },
): Promise<{ discount: DiscountRow; productIds: string[] }> {
  const discounts = discountRepository(db);
  const discount = input.id
    ? await discounts.find(input.merchantId, input.id)
    : await discounts.findByCodeKey(input.merchantId, codeKey(input.code ?? ""));
  if (!discount) throw BILLING_ERRORS.DISCOUNT_DOES_NOT_EXIST();
  const productIds = await discountProducts(db, discount.id);
  if (
    !isApplicable(discount, input.productId, productIds, input.currency) ||
    !isRedeemable(discount, input.now)
  ) {
    throw BILLING_ERRORS.DISCOUNT_DOES_NOT_EXIST();
  }
  return { discount, productIds };
}

/**
 * Redeems one use atomically: a guarded increment of `redemptionsCount` (never past
 * `maxRedemptions`, on every database), then the redemption row. 20 concurrent redemptions of a
 * discount with 5 uses left: exactly 5 succeed.
 */
export async function redeemDiscount(db: DBAdapter, discount: DiscountRow, checkoutId: string, now: Date) {
  await redeem(db, discount, { checkoutId }, now, BILLING_ERRORS.DISCOUNT_IS_NO_LONGER_REDEEMABLE);
}

/** The same for a discount a merchant sets on a subscription (refused: 400 "not redeemable"). */
export async function redeemDiscountForSubscription(
  db: DBAdapter,
  discount: DiscountRow,
  subscriptionId: string,
  now: Date,
) {
  await redeem(db, discount, { subscriptionId }, now, BILLING_ERRORS.DISCOUNT_IS_NOT_REDEEMABLE);
}

async function redeem(
  db: DBAdapter,
  discount: DiscountRow,
  link: { checkoutId: string } | { subscriptionId: string },
  now: Date,
  refused: () => Error,
) {
  const discounts = discountRepository(db);
  const updated = await discounts.bumpRedemptions(discount.id, 1, discount.maxRedemptions);
  if (!updated || !isRedeemable({ ...updated, redemptionsCount: updated.redemptionsCount - 1 }, now)) {
    if (updated) await releaseCount(db, discount.id);
    throw refused();
  }
  await discounts.insertRedemption({ discountId: discount.id, ...link, createdAt: now });
}

async function releaseCount(db: DBAdapter, discountId: string) {
  await discountRepository(db).bumpRedemptions(discountId, -1);
}

/** Gives back a checkout's redemption (payment declined): the use is available again. */
export async function releaseRedemption(db: DBAdapter, checkoutId: string) {
  const discounts = discountRepository(db);
  for (const row of await discounts.redemptionsOfCheckout(checkoutId)) {
    if (await discounts.deleteRedemption(row.id)) await releaseCount(db, row.discountId);
  }
}

export async function linkRedemption(db: DBAdapter, checkoutId: string, subscriptionId: string) {
  await discountRepository(db).linkRedemptions(checkoutId, subscriptionId);
}
