import type { RefundRow } from "../rows";

export type { RefundRow } from "../rows";

/** The spec's Refund shape (section 3); `organizationId` is the merchant organization. */
export function serializeRefund(r: RefundRow) {
  return {
    id: r.id,
    createdAt: r.createdAt,
    modifiedAt: r.modifiedAt,
    status: r.status,
    reason: r.reason,
    amount: r.amount,
    taxAmount: r.taxAmount,
    currency: r.currency,
    organizationId: r.merchantId,
    orderId: r.orderId,
    subscriptionId: r.subscriptionId ?? null,
    customerId: r.customerId,
    revokeBenefits: r.revokeBenefits,
    comment: r.comment ?? null,
    metadata: r.metadata ?? {},
  };
}

export type SerializedRefund = ReturnType<typeof serializeRefund>;
