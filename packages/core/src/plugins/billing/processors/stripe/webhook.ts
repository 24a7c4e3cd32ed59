import type Stripe from "stripe";
import type { ProcessorEvent } from "../processor";
import type { StripeClient } from "./client";
import { reasonOf } from "./errors";
import type { StripeProcessorOptions } from "./options";
import { refundStatusOf } from "./refunds";

type Normalised = Omit<ProcessorEvent, "id" | "payload">;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : value?.id;

/** The checkout an intent was created for (metadata set by `confirm`), when it was one of ours. */
function about(intentId: string | undefined, metadata: Stripe.Metadata | null): Normalised {
  const checkoutId = metadata?.checkout_id;
  return { type: "ignored", ...(intentId ? { intentId } : {}), ...(checkoutId ? { checkoutId } : {}) };
}

/** The payment method an intent used (saved for renewals when the purchase is recurring). */
function savedMethod(intent: Stripe.PaymentIntent | Stripe.SetupIntent) {
  const paymentMethodId = idOf(intent.payment_method);
  return paymentMethodId ? { paymentMethodId } : {};
}

/**
 * Stripe's event types, in the engine's words (BILLING.md 1.8): payment_intent.succeeded (or
 * charge.succeeded) and setup_intent.succeeded settle a checkout; payment_intent.payment_failed
 * and setup_intent.setup_failed send it back to open; a canceled intent is a terminal failure;
 * refund.updated and charge.refund.updated move the engine's refund (refunds/service.ts).
 * Every other type is acknowledged and ignored.
 */
export function normalise(event: Stripe.Event): Normalised {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return { ...about(intent.id, intent.metadata), ...savedMethod(intent), type: "payment.succeeded" };
    }
    case "charge.succeeded": {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      if (!intentId) return { type: "ignored" };
      return { ...about(intentId, charge.metadata), type: "payment.succeeded" };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const reason = reasonOf(intent.last_payment_error?.message, "The payment failed");
      return { ...about(intent.id, intent.metadata), type: "payment.failed", reason };
    }
    case "payment_intent.canceled": {
      const intent = event.data.object;
      const reason = `The payment was canceled (${intent.cancellation_reason ?? "canceled"})`;
      return { ...about(intent.id, intent.metadata), type: "payment.failed", reason, terminal: true };
    }
    case "setup_intent.succeeded": {
      const intent = event.data.object;
      return { ...about(intent.id, intent.metadata), ...savedMethod(intent), type: "setup.succeeded" };
    }
    case "setup_intent.setup_failed": {
      const intent = event.data.object;
      const reason = reasonOf(intent.last_setup_error?.message, "The setup failed");
      return { ...about(intent.id, intent.metadata), type: "setup.failed", reason };
    }
    case "setup_intent.canceled": {
      const intent = event.data.object;
      const reason = `The setup was canceled (${intent.cancellation_reason ?? "canceled"})`;
      return { ...about(intent.id, intent.metadata), type: "setup.failed", reason, terminal: true };
    }
    case "refund.updated":
    case "charge.refund.updated": {
      const refund = event.data.object;
      return { type: "refund.updated", refundId: refund.id, refundStatus: refundStatusOf(refund.status) };
    }
    default:
      return { type: "ignored" };
  }
}

/**
 * Verifies the `stripe-signature` header over the raw body (HMAC-SHA256, timestamp tolerance)
 * with the SDK's async check, which runs on SubtleCrypto where node:crypto is missing; throws on
 * a missing or bad signature (the endpoint answers 400 and Stripe retries).
 */
export function createParseWebhook(client: StripeClient, options: StripeProcessorOptions) {
  return async function parseWebhook(request: Request): Promise<ProcessorEvent> {
    const stripe = await client();
    const payload = await request.text();
    const signature = request.headers.get("stripe-signature");
    if (!signature) throw new Error("Missing stripe-signature header");
    const event = await stripe.webhooks.constructEventAsync(
      payload,
      signature,
      options.webhookSecret,
      options.webhookTolerance,
    );
    return { id: event.id, ...normalise(event), payload };
  };
}
