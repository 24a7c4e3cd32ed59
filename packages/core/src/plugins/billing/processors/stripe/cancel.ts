import type { StripeClient } from "./client";
import { isUnexpectedState } from "./errors";

/**
 * Cancels a pending PaymentIntent (`pi_...`) or SetupIntent (`seti_...`), e.g. a 3-D Secure
 * challenge abandoned past the checkout's expiry. An intent that already reached a final state
 * (canceled, succeeded) or cannot be canceled any more (processing) is left as it is: Stripe's
 * own webhook then reports what really happened.
 */
export function createCancelIntent(client: StripeClient) {
  return async function cancelIntent(intentId: string): Promise<void> {
    const stripe = await client();
    try {
      if (intentId.startsWith("seti_")) await stripe.setupIntents.cancel(intentId);
      else await stripe.paymentIntents.cancel(intentId, { cancellation_reason: "abandoned" });
    } catch (error) {
      if (!isUnexpectedState(stripe, error)) throw error;
    }
  };
}
