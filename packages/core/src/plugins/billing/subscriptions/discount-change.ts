import type { BillingContext } from "../context";
import { redeemDiscountForSubscription } from "../discounts/redeem";
import { discountRepository } from "../discounts/repository";
import { isApplicable, isRedeemable } from "../discounts/rules";
import { BILLING_ERRORS } from "../errors";
import type { SubscriptionRow } from "../rows";
import { emitSubscription } from "./events";
import { subscriptionRepository } from "./repository";

/**
 * A merchant sets, replaces or removes (`null`) a subscription's discount (BILLING.md 3.10, 4.2).
 * It applies from the next renewal: its duration counts from the start of the next period
 * (`discountAppliedAt`), and the current period's amount is unchanged. A new discount must be the
 * merchant's (else 404), applicable to the subscription's product and currency and redeemable now
 * (else 400); one use is redeemed atomically (never past `maxRedemptions`). An ended subscription
 * is 410. Events `subscription.updated`, `customer.state_changed`; the same discount again changes
 * nothing.
 */
export function createDiscountChange(ctx: BillingContext) {
  async function setDiscount(subscription: SubscriptionRow, discountId: string | null) {
    return ctx.write(async (tx, emit) => {
      const repo = subscriptionRepository(tx);
      const sub = await repo.findById(subscription.id);
      if (!sub || sub.endedAt || sub.status === "canceled")
        throw BILLING_ERRORS.THIS_SUBSCRIPTION_HAS_ENDED();
      if (sub.discountId === discountId) return sub;
      const now = ctx.now();
      if (discountId !== null) {
        const discounts = discountRepository(tx);
        const discount = await discounts.find(sub.merchantId, discountId);
        if (!discount) throw BILLING_ERRORS.DISCOUNT_NOT_FOUND();
        const productIds = await discounts.productIds(discount.id);
        if (!isApplicable(discount, sub.productId, productIds, sub.currency))
          throw BILLING_ERRORS.DISCOUNT_IS_NOT_APPLICABLE_TO_THIS_SUBSCRIPTION();
        if (!isRedeemable(discount, now)) throw BILLING_ERRORS.DISCOUNT_IS_NOT_REDEEMABLE();
        await redeemDiscountForSubscription(tx, discount, sub.id, now);
      }
      const changes = {
        discountId,
        discountAppliedAt: discountId === null ? null : (sub.currentPeriodEnd ?? now),
        modifiedAt: now,
      };
      // Compare-and-set on the status read above: a concurrent end or status change wins.
      if (!(await repo.patch(sub.id, sub.status, changes)))
        throw BILLING_ERRORS.THIS_SUBSCRIPTION_HAS_ENDED();
      const updated: SubscriptionRow = { ...sub, ...changes };
      await emitSubscription(tx, emit, updated, ["subscription.updated"], true);
      return updated;
    });
  }

  return { setDiscount };
}
