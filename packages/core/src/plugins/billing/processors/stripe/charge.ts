import type Stripe from "stripe";
import type { OffSessionChargeInput, PaymentResult } from "../processor";
import type { StripeClient } from "./client";
import { failureOf } from "./errors";
import { resultOf } from "./results";

/**
 * An off-session PaymentIntent on the customer's saved payment method (renewals, dunning retries,
 * plan-change invoices): confirmed at once, the buyer absent. A decline (or a bank asking for
 * authentication, which nobody can give off-session) is a failed result for dunning.
 */
export function createChargeOffSession(client: StripeClient) {
  return async function chargeOffSession(input: OffSessionChargeInput): Promise<PaymentResult> {
    const stripe = await client();
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      customer: input.processorCustomerId,
      payment_method: input.paymentMethodId,
      off_session: true,
      confirm: true,
      metadata: { ...input.metadata, reference: input.reference, organization_id: input.merchantId },
    };
    try {
      const result = resultOf(
        await stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }),
      );
      if (result.status === "requires_action")
        return {
          status: "failed",
          intentId: result.intentId,
          reason: "The payment requires authentication",
          declineCode: "authentication_required",
        };
      return result;
    } catch (error) {
      return failureOf(stripe, error);
    }
  };
}
