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

/** A processor's own webhook, verified and normalised. */
export interface ProcessorEvent {
  readonly id: string;
  readonly type: "payment.succeeded" | "payment.failed" | "setup.succeeded" | "setup.failed" | "ignored";
  readonly intentId?: string;
  readonly checkoutId?: string;
  readonly reason?: string;
  /** Terminal: the intent can never succeed (e.g. authentication abandoned and canceled). */
  readonly terminal?: boolean;
  readonly payload: string;
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
  /** Cancels a pending intent (e.g. 3-D Secure abandoned past the checkout's expiry). */
  cancelIntent(intentId: string): Promise<void>;
  /** Verifies and normalises the processor's webhook; throws on a bad signature. */
  parseWebhook(request: Request): Promise<ProcessorEvent>;
}
