import type Stripe from "stripe";
import type { StripeClient } from "./client";
import type { RefundInput, RefundReason, RefundResult } from "./options";

/** Stripe knows three reasons; the engine's others travel in metadata only. */
const STRIPE_REASONS: Partial<Record<RefundReason, Stripe.RefundCreateParams.Reason>> = {
  duplicate: "duplicate",
  fraudulent: "fraudulent",
  customer_request: "requested_by_customer",
};

/** A Stripe refund status in the engine's words (pending and requires_action wait). */
export function refundStatusOf(status: string | null): RefundResult["status"] {
  if (status === "succeeded" || status === "failed" || status === "canceled") return status;
  return "pending"; // pending, requires_action
}

/** Refunds (part of) a PaymentIntent; the engine's refund service records the result. */
export function createRefund(client: StripeClient) {
  return async function refund(input: RefundInput): Promise<RefundResult> {
    const stripe = await client();
    const reason = STRIPE_REASONS[input.reason];
    const params: Stripe.RefundCreateParams = {
      payment_intent: input.intentId,
      amount: input.amount,
      ...(reason ? { reason } : {}),
      metadata: { ...input.metadata, reason: input.reason },
    };
    const refund = await stripe.refunds.create(
      params,
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {},
    );
    return {
      id: refund.id,
      amount: refund.amount,
      status: refundStatusOf(refund.status),
      ...(refund.failure_reason ? { failureReason: refund.failure_reason } : {}),
    };
  };
}
