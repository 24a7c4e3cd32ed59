import type { SubscriptionRow } from "../rows";

export type { SubscriptionRow } from "../rows";

export { ACTIVE_STATUSES, BILLABLE_STATUSES } from "./status";

/** Fields every subscription shape carries. */
export function subscriptionCore(s: SubscriptionRow) {
  return {
    id: s.id,
    createdAt: s.createdAt,
    modifiedAt: s.modifiedAt,
    amount: s.amount,
    /** Seats billed (seat_based prices); null otherwise. */
    seats: s.seats ?? null,
    currency: s.currency,
    recurringInterval: s.recurringInterval,
    status: s.status,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd ?? null,
    trialStart: s.trialStart ?? null,
    trialEnd: s.trialEnd ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt ?? null,
    startedAt: s.startedAt ?? null,
    endsAt: s.endsAt ?? null,
    endedAt: s.endedAt ?? null,
    customerId: s.customerId,
    productId: s.productId,
    discountId: s.discountId ?? null,
    checkoutId: s.checkoutId ?? null,
    customerCancellationReason: s.customerCancellationReason ?? null,
    customerCancellationComment: s.customerCancellationComment ?? null,
    metadata: s.metadata ?? {},
    customFieldData: s.customFieldData ?? {},
  };
}

/** The shape inside customer state (spec: activeSubscriptions). */
export function stateSubscription(s: SubscriptionRow) {
  const { endedAt: _endedAt, checkoutId: _checkoutId, ...core } = subscriptionCore(s);
  return { ...core, priceId: s.priceId, meters: [] as unknown[] };
}
