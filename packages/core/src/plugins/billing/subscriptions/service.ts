import type { DBAdapter } from "../../../plugin";
import { grantsOnSubscription } from "../benefit-grants/enqueue";
import type { LoadedProduct } from "../catalog/load";
import type { BillingContext, Emit } from "../context";
import { BILLING_ERRORS } from "../errors";
import type { CheckoutRow, CustomerRow, MerchantRow, PriceRow, SubscriptionRow } from "../rows";
import { nextPeriodEnd } from "./periods";
import { subscriptionRepository } from "./repository";
import { seatsOfCheckout } from "./seat-rules";
import { subscriptionCore } from "./serialize";
import type { SubscriptionStatus } from "./status";

/** Subscriptions, part 1: creation from a checkout and the uniqueness rule. */
export function createSubscriptionService(ctx: BillingContext) {
  /**
   * With `allowMultipleSubscriptions` off, a customer with a billable subscription (active,
   * trialing, past_due) at this merchant cannot start another: 403.
   */
  async function assertCanSubscribe(db: DBAdapter, merchant: MerchantRow, customerId: string | null) {
    if (!customerId || merchant.subscriptionSettings?.allowMultipleSubscriptions) return;
    const count = await subscriptionRepository(db).countBillable(customerId);
    if (count > 0) throw BILLING_ERRORS.YOU_ALREADY_HAVE_AN_ACTIVE_SUBSCRIPTION();
  }

  /**
   * The subscription of a recurring purchase: active now, period anchored on today's UTC day; or,
   * when the checkout carries a trial, `trialing` until its `trialEnd` (the first period is the
   * trial; `subscription.active` waits for the conversion). The caller emits
   * `customer.state_changed` next (the customer's state includes it).
   */
  async function createFromCheckout(
    tx: DBAdapter,
    emit: Emit,
    input: {
      checkout: CheckoutRow;
      product: LoadedProduct;
      price: PriceRow;
      customer: CustomerRow;
      /** The method the checkout saved for renewals (charged off-session). */
      paymentMethodId?: string | null;
    },
  ): Promise<SubscriptionRow> {
    const { checkout, price, customer } = input;
    const now = ctx.now();
    const interval = price.recurringInterval ?? input.product.product.recurringInterval ?? "month";
    // Nothing was charged for a trial checkout: even a trial already over by a late settlement
    // (a processor webhook) starts trialing, and the next runDue() converts and charges it.
    const trialEnd = checkout.trialEnd ?? null;
    const subscription = await subscriptionRepository(tx).insert({
      merchantId: checkout.merchantId,
      amount: checkout.netAmount,
      currency: checkout.currency,
      recurringInterval: interval,
      status: trialEnd ? "trialing" : "active",
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd ?? nextPeriodEnd(now, now.getUTCDate(), interval),
      anchorDay: (trialEnd ?? now).getUTCDate(),
      trialStart: trialEnd ? now : null,
      trialEnd,
      cancelAtPeriodEnd: false,
      startedAt: now,
      customerId: customer.id,
      productId: input.product.product.id,
      priceId: price.id,
      discountId: checkout.discountId,
      checkoutId: checkout.id,
      paymentMethodId: input.paymentMethodId ?? null,
      metadata: checkout.metadata ?? {},
      customFieldData: checkout.customFieldData ?? {},
      userId: customer.externalId ?? checkout.userId ?? null,
      referenceId: checkout.referenceId ?? null,
      seats: seatsOfCheckout(price, checkout.amount),
      createdAt: now,
      modifiedAt: now,
    });
    const data = subscriptionCore(subscription);
    await emit(subscription.merchantId, "subscription.created", data);
    if (!trialEnd) await emit(subscription.merchantId, "subscription.active", data);
    await emit(subscription.merchantId, "subscription.updated", data);
    await grantsOnSubscription(
      tx,
      subscription,
      now,
      input.product.benefits.map((b) => b.id),
    );
    return subscription;
  }

  /** A page of subscriptions (newest first) of some customers or of one reference (organization). */
  const page = (
    scope: { customerIds: readonly string[] } | { referenceId: string },
    statuses: readonly SubscriptionStatus[] | null,
    window: { page: number; limit: number },
  ) => subscriptionRepository(ctx.app.adapter).page(scope, statuses, window);

  return { assertCanSubscribe, createFromCheckout, page };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
