import type Stripe from "stripe";
import type { PaymentResult } from "../processor";
import { reasonOf } from "./errors";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : value?.id;

/**
 * A PaymentIntent or SetupIntent right after `confirm: true`, as the engine's result:
 * succeeded settles now; requires_action hands the client secret to the page (3-D Secure,
 * redirects); processing waits for the webhook; anything else is a failure the buyer may retry.
 */
export function resultOf(intent: Stripe.PaymentIntent | Stripe.SetupIntent): PaymentResult {
  const paymentMethodId = idOf(intent.payment_method);
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", intentId: intent.id, ...(paymentMethodId ? { paymentMethodId } : {}) };
    case "requires_action":
      return intent.client_secret
        ? { status: "requires_action", intentId: intent.id, clientSecret: intent.client_secret }
        : { status: "processing", intentId: intent.id };
    case "processing":
    // Automatic capture is used, so an authorised-only intent is transient: wait for the webhook.
    case "requires_capture":
      return { status: "processing", intentId: intent.id };
    default: {
      const error = intent.object === "payment_intent" ? intent.last_payment_error : intent.last_setup_error;
      const declineCode = error?.decline_code ?? error?.code;
      return {
        status: "failed",
        intentId: intent.id,
        reason: reasonOf(error?.message, "The payment was not completed"),
        ...(declineCode ? { declineCode } : {}),
      };
    }
  }
}
