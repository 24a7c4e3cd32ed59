/**
 * The payment processor port: the only place that knows a vendor exists. The engine keeps the
 * state (checkouts, orders, subscriptions); a processor only moves money and reports back.
 */
export type PaymentResult =
  | { readonly status: "succeeded"; readonly intentId: string; readonly paymentMethodId?: string }
  | { readonly status: "requires_action"; readonly intentId: string; readonly clientSecret: string }
  /**
   * Accepted but not settled yet (e.g. a bank debit): the checkout stays confirmed, with
   * `intent_status: "processing"`, until the processor's success or failure webhook.
   */
  | { readonly status: "processing"; readonly intentId: string }
  | {
      readonly status: "failed";
      readonly intentId?: string;
      readonly reason: string;
      readonly declineCode?: string;
    };

export interface ConfirmInput {
  readonly checkoutId: string;
  readonly merchantId: string;
  /** Minor units; 0 with `mode: "setup"`. */
  readonly amount: number;
  readonly currency: string;
  readonly mode: "payment" | "setup";
  readonly processorCustomerId: string;
  /** What the buyer's payment form produced (Stripe: a confirmation token id). */
  readonly paymentMethod: string;
  /** Save the method for renewals (recurring products). */
  readonly setupFutureUsage: boolean;
  readonly metadata: Readonly<Record<string, string>>;
  /** Same key for a retried request: the processor must not charge twice. */
  readonly idempotencyKey: string;
}

/** Why money goes back (spec section 9, BILLING.md 5). */
export type RefundReason =
  | "duplicate"
  | "fraudulent"
  | "customer_request"
  | "service_disruption"
  | "satisfaction_guarantee"
  | "other";

export interface RefundInput {
  /** The payment that took the money (Stripe: the PaymentIntent `pi_...`). */
  readonly intentId: string;
  /** Minor units, tax included (what goes back to the card). */
  readonly amount: number;
  readonly currency?: string;
  readonly reason: RefundReason;
  readonly metadata?: Readonly<Record<string, string>>;
  /** Same key for a retried request: the processor refunds once. */
  readonly idempotencyKey?: string;
}

export interface RefundResult {
  readonly id: string;
  readonly amount: number;
  readonly status: "pending" | "succeeded" | "failed" | "canceled";
  readonly failureReason?: string;
}

/** A charge without the buyer present (renewals, plan changes) on a saved payment method. */
export interface OffSessionChargeInput {
  /** What is paid for: the order id, or `subscription_update:<subscription id>` for a plan change. */
  readonly reference: string;
  readonly merchantId: string;
  /** Minor units, > 0. */
  readonly amount: number;
  readonly currency: string;
  readonly processorCustomerId: string;
  readonly paymentMethodId: string;
  readonly metadata: Readonly<Record<string, string>>;
  /** Same key for a retried request: the processor must not charge twice. */
  readonly idempotencyKey: string;
}

/** A processor's own webhook, verified and normalised. */
export interface ProcessorEvent {
  readonly id: string;
  readonly type:
    | "payment.succeeded"
    | "payment.failed"
    | "setup.succeeded"
    | "setup.failed"
    | "refund.updated"
    | "ignored";
  readonly intentId?: string;
  readonly checkoutId?: string;
  /** `*.succeeded`: the payment method used, saved on a subscription for its renewals. */
  readonly paymentMethodId?: string;
  readonly reason?: string;
  /** Terminal: the intent can never succeed (e.g. authentication abandoned and canceled). */
  readonly terminal?: boolean;
  /** `refund.updated`: the processor's refund id and its new status. */
  readonly refundId?: string;
  readonly refundStatus?: RefundResult["status"];
  readonly payload: string;
}

/** Where a payment stands at the processor, as `paymentStatus` reports it. */
export type PaymentStatus =
  | { readonly status: "succeeded"; readonly intentId: string; readonly paymentMethodId?: string }
  /** Still under way (authentication pending, bank debit processing): the webhook will tell. */
  | { readonly status: "requires_action" | "processing"; readonly intentId: string }
  /** Declined (`terminal: false`, the buyer may retry) or canceled for good (`terminal: true`). */
  | {
      readonly status: "failed";
      readonly intentId: string;
      readonly reason: string;
      readonly terminal: boolean;
    }
  /** The processor holds no payment for this checkout: nothing was charged. */
  | { readonly status: "not_found" };

export interface PaymentStatusInput {
  readonly checkoutId: string;
  /** The intent the engine recorded; null when the process died before recording it. */
  readonly intentId: string | null;
  /** The processor-side customer the payment was made for (to find an unrecorded intent). */
  readonly processorCustomerId: string | null;
}

export interface PaymentProcessor {
  readonly id: string;
  /** Public values the checkout page needs (e.g. Stripe's publishable key). */
  clientConfig(): Readonly<Record<string, string>>;
  /** Creates or updates the processor-side customer; returns its id. */
  ensureCustomer(input: {
    customerId: string;
    email: string;
    name?: string | null;
    existingId?: string | null;
  }): Promise<string>;
  confirm(input: ConfirmInput): Promise<PaymentResult>;
  /** Charges a saved payment method off-session (subscription renewals, dunning, plan changes). */
  chargeOffSession(input: OffSessionChargeInput): Promise<PaymentResult>;
  /** Cancels a pending intent (e.g. 3-D Secure abandoned past the checkout's expiry). */
  cancelIntent(intentId: string): Promise<void>;
  /**
   * Asks where a checkout's payment stands: by the recorded intent, else by the checkout it was
   * created for (its `checkout_id` metadata). `runDue()` uses it to settle checkouts left
   * `confirmed` by a process that died between the processor's answer and the order write.
   */
  paymentStatus(input: PaymentStatusInput): Promise<PaymentStatus>;
  /** Refunds (part of) a payment; the engine records the result (refunds/service.ts). */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Verifies and normalises the processor's webhook; throws on a bad signature. */
  parseWebhook(request: Request): Promise<ProcessorEvent>;
}
