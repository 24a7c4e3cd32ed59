import type Stripe from "stripe";
import type { PaymentStatus, PaymentStatusInput } from "../processor";
import type { StripeClient } from "./client";
import { isMissingResource, operatorError, reasonOf } from "./errors";

type Intent = Stripe.PaymentIntent | Stripe.SetupIntent;

/** An intent's status in the engine's words; automatic capture makes `requires_capture` transient. */
export function statusOf(intent: Intent): PaymentStatus {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", intentId: intent.id };
    case "requires_action":
      return { status: "requires_action", intentId: intent.id };
    case "processing":
    case "requires_capture":
      return { status: "processing", intentId: intent.id };
    case "canceled":
      return {
        status: "failed",
        intentId: intent.id,
        reason: `The payment was canceled (${intent.cancellation_reason ?? "canceled"})`,
        terminal: true,
      };
    default: {
      // requires_payment_method (declined) or requires_confirmation (never went through).
      const error = intent.object === "payment_intent" ? intent.last_payment_error : intent.last_setup_error;
      const reason = reasonOf(error?.message, "The payment was not completed");
      return { status: "failed", intentId: intent.id, reason, terminal: false };
    }
  }
}

/** The newest intent of the customer created for this checkout (metadata `checkout_id`), if any. */
async function findByCheckout(stripe: Stripe, customer: string, checkoutId: string): Promise<Intent | null> {
  const [payments, setups] = await Promise.all([
    stripe.paymentIntents.list({ customer, limit: 100 }),
    stripe.setupIntents.list({ customer, limit: 100 }),
  ]);
  const mine = [...payments.data, ...setups.data].filter((i) => i.metadata?.checkout_id === checkoutId);
  mine.sort((a, b) => b.created - a.created);
  return mine[0] ?? null;
}

/**
 * Where a checkout's payment stands at Stripe: the recorded PaymentIntent (`pi_...`) or
 * SetupIntent (`seti_...`) retrieved, else (the process died before recording it) the newest
 * intent of the Stripe customer carrying this checkout's `checkout_id`. None: `not_found`.
 */
export function createPaymentStatus(client: StripeClient) {
  return async function paymentStatus(input: PaymentStatusInput): Promise<PaymentStatus> {
    const stripe = await client();
    try {
      let intent: Intent | null = null;
      if (input.intentId) {
        try {
          intent = input.intentId.startsWith("seti_")
            ? await stripe.setupIntents.retrieve(input.intentId)
            : await stripe.paymentIntents.retrieve(input.intentId);
        } catch (error) {
          if (!isMissingResource(stripe, error)) throw error;
        }
      } else if (input.processorCustomerId) {
        intent = await findByCheckout(stripe, input.processorCustomerId, input.checkoutId);
      }
      return intent ? statusOf(intent) : { status: "not_found" };
    } catch (error) {
      throw operatorError(error);
    }
  };
}
