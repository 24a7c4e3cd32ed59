import type { Row } from "../../../db/adapter";

export interface SubscriptionRow extends Row {
  id: string;
  merchantId: string;
  amount: number;
  currency: string;
  recurringInterval: "month" | "year";
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  anchorDay: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  startedAt: Date | null;
  endsAt: Date | null;
  endedAt: Date | null;
  customerId: string;
  productId: string;
  priceId: string;
  discountId: string | null;
  checkoutId: string | null;
  customerCancellationReason: string | null;
  customerCancellationComment: string | null;
  metadata: Record<string, string | number | boolean>;
  customFieldData: Record<string, unknown>;
  userId: string | null;
  createdAt: Date;
  modifiedAt: Date;
}

export const ACTIVE_STATUSES = ["active", "trialing"] as const;
export const BILLABLE_STATUSES = ["active", "trialing", "past_due"] as const;

/** Fields every subscription shape carries. */
export function subscriptionCore(s: SubscriptionRow) {
  return {
    id: s.id,
    createdAt: s.createdAt,
    modifiedAt: s.modifiedAt,
    amount: s.amount,
    currency: s.currency,
    recurringInterval: s.recurringInterval,
    status: s.status,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd ?? null,
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
