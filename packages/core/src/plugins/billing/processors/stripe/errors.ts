import type Stripe from "stripe";
import type { PaymentResult } from "../processor";

/** Stripe's sentences end with a period; the engine wraps them in one of its own (BILLING.md 1.8). */
export function reasonOf(message: string | null | undefined, fallback: string): string {
  const trimmed = (message ?? "").trim().replace(/\.+$/, "");
  return trimmed || fallback;
}

/**
 * What the buyer can fix (a decline, an expired or unusable confirmation token, an amount below
 * the minimum) becomes a failed result with Stripe's message; the engine answers 400 "The payment
 * failed: ...". Anything else (keys, permissions, outages, rate limits) is the operator's problem:
 * it is rethrown with a neutral message so no account detail reaches the buyer, the cause attached.
 */
export function failureOf(stripe: Stripe, error: unknown): Extract<PaymentResult, { status: "failed" }> {
  if (
    error instanceof stripe.errors.StripeCardError ||
    error instanceof stripe.errors.StripeInvalidRequestError
  ) {
    const intentId = error.payment_intent?.id ?? error.setup_intent?.id;
    const declineCode = error.decline_code || error.code;
    return {
      status: "failed",
      ...(intentId ? { intentId } : {}),
      reason: reasonOf(error.message, "Your payment method was declined"),
      ...(declineCode ? { declineCode } : {}),
    };
  }
  throw operatorError(error);
}

/** An error the buyer cannot fix, with a message safe to show; the Stripe error is its cause. */
export function operatorError(cause: unknown): Error {
  return new Error("The payment could not be processed", { cause });
}

/** Stripe's "this intent can no longer change" answers (already canceled, succeeded, processing). */
export function isUnexpectedState(stripe: Stripe, error: unknown): boolean {
  return (
    error instanceof stripe.errors.StripeInvalidRequestError &&
    (error.code === "payment_intent_unexpected_state" || error.code === "setup_intent_unexpected_state")
  );
}

/** A customer id Stripe no longer knows (deleted in the dashboard, or from another account/mode). */
export function isMissingResource(stripe: Stripe, error: unknown): boolean {
  return error instanceof stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}
