import type { DBAdapter } from "../../../db/adapter";
import { BILLING_ERRORS } from "../errors";
import { codeKey, isApplicable, isRedeemable } from "./rules";
import type { DiscountRow } from "./serialize";

export async function discountProducts(db: DBAdapter, discountId: string): Promise<string[]> {
  const links = await db.findMany<{ productId: string }>({
    model: "billingDiscountProduct",
    where: [{ field: "discountId", value: discountId }],
  });
  return links.map((l) => l.productId);
}

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
  const where = input.id
    ? [{ field: "id", value: input.id }]
    : [{ field: "codeKey", value: codeKey(input.code ?? "") }];
  const discount = await db.findOne<DiscountRow>({
    model: "billingDiscount",
    where: [...where, { field: "merchantId", value: input.merchantId }, { field: "deletedAt", value: null }],
  });
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
  const updated = await db.incrementOne<DiscountRow>({
    model: "billingDiscount",
    where: [{ field: "id", value: discount.id }],
    field: "redemptionsCount",
    by: 1,
    ...(discount.maxRedemptions !== null && discount.maxRedemptions !== undefined
      ? { max: discount.maxRedemptions }
      : {}),
  });
  if (!updated || !isRedeemable({ ...updated, redemptionsCount: updated.redemptionsCount - 1 }, now)) {
    if (updated) await releaseCount(db, discount.id);
    throw BILLING_ERRORS.DISCOUNT_IS_NO_LONGER_REDEEMABLE();
  }
  await db.create({
    model: "billingDiscountRedemption",
    data: { discountId: discount.id, checkoutId, createdAt: now },
  });
}

async function releaseCount(db: DBAdapter, discountId: string) {
  await db.incrementOne({
    model: "billingDiscount",
    where: [{ field: "id", value: discountId }],
    field: "redemptionsCount",
    by: -1,
    min: 0,
  });
}

/** Gives back a checkout's redemption (payment declined): the use is available again. */
export async function releaseRedemption(db: DBAdapter, checkoutId: string) {
  const rows = await db.findMany<{ id: string; discountId: string }>({
    model: "billingDiscountRedemption",
    where: [{ field: "checkoutId", value: checkoutId }],
  });
  for (const row of rows) {
    const deleted = await db.delete({
      model: "billingDiscountRedemption",
      where: [{ field: "id", value: row.id }],
    });
    if (deleted > 0) await releaseCount(db, row.discountId);
  }
}

export async function linkRedemption(db: DBAdapter, checkoutId: string, subscriptionId: string) {
  await db.updateMany({
    model: "billingDiscountRedemption",
    where: [{ field: "checkoutId", value: checkoutId }],
    update: { subscriptionId },
  });
}
