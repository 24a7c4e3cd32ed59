import type { DBAdapter } from "../../../db/adapter";
import type { LoadedProduct } from "../catalog/load";
import type { PriceRow } from "../catalog/serialize";
import type { CheckoutRow } from "../checkout/serialize";
import type { BillingContext, Emit } from "../context";
import type { CustomerRow } from "../customers/serialize";
import { customerState } from "../customers/state";
import { BILLING_ERRORS } from "../errors";
import type { MerchantRow } from "../merchants/service";
import { nextPeriodEnd } from "./periods";
import { BILLABLE_STATUSES, type SubscriptionRow, subscriptionCore } from "./serialize";

/** Subscriptions, part 1: creation from a checkout and the uniqueness rule. */
export function createSubscriptionService(ctx: BillingContext) {
  /**
   * With `allowMultipleSubscriptions` off, a customer with a billable subscription (active,
   * trialing, past_due) at this merchant cannot start another: 403.
   */
  async function assertCanSubscribe(db: DBAdapter, merchant: MerchantRow, customerId: string | null) {
    if (!customerId || merchant.subscriptionSettings?.allowMultipleSubscriptions) return;
    const count = await db.count({
      model: "billingSubscription",
      where: [
        { field: "customerId", value: customerId },
        { field: "status", operator: "in", value: [...BILLABLE_STATUSES] },
      ],
    });
    if (count > 0) throw BILLING_ERRORS.YOU_ALREADY_HAVE_AN_ACTIVE_SUBSCRIPTION();
  }

  /** The subscription of a recurring purchase: active now, period anchored on today's UTC day. */
  async function createFromCheckout(
    tx: DBAdapter,
    emit: Emit,
    input: { checkout: CheckoutRow; product: LoadedProduct; price: PriceRow; customer: CustomerRow },
  ): Promise<SubscriptionRow> {
    const { checkout, price, customer } = input;
    const now = ctx.now();
    const interval = price.recurringInterval ?? input.product.product.recurringInterval ?? "month";
    const subscription = await tx.create<SubscriptionRow>({
      model: "billingSubscription",
      data: {
        merchantId: checkout.merchantId,
        amount: checkout.netAmount,
        currency: checkout.currency,
        recurringInterval: interval,
        status: "active",
        currentPeriodStart: now,
        currentPeriodEnd: nextPeriodEnd(now, now.getUTCDate(), interval),
        anchorDay: now.getUTCDate(),
        cancelAtPeriodEnd: false,
        startedAt: now,
        customerId: customer.id,
        productId: input.product.product.id,
        priceId: price.id,
        discountId: checkout.discountId,
        checkoutId: checkout.id,
        metadata: checkout.metadata ?? {},
        customFieldData: checkout.customFieldData ?? {},
        userId: customer.externalId ?? checkout.userId ?? null,
        referenceId: checkout.referenceId ?? null,
        createdAt: now,
        modifiedAt: now,
      },
    });
    const data = subscriptionCore(subscription);
    await emit(subscription.merchantId, "subscription.created", data);
    await emit(subscription.merchantId, "subscription.active", data);
    await emit(subscription.merchantId, "subscription.updated", data);
    await emit(subscription.merchantId, "customer.state_changed", await customerState(tx, customer));
    return subscription;
  }

  return { assertCanSubscribe, createFromCheckout };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
