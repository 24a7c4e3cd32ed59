import type { PaymentProcessor } from "../processor";
import { createCancelIntent } from "./cancel";
import { createChargeOffSession } from "./charge";
import { stripeClient } from "./client";
import { createConfirm } from "./confirm";
import { createEnsureCustomer } from "./customers";
import type { RefundInput, RefundResult, StripeProcessorOptions, StripeSdk } from "./options";
import { createRefund } from "./refunds";
import { createPaymentStatus } from "./status";
import { createParseWebhook } from "./webhook";

export type { RefundInput, RefundReason, RefundResult, StripeProcessorOptions, StripeSdk } from "./options";

export interface StripeProcessor extends PaymentProcessor {
  readonly id: "stripe";
  /** Refunds (part of) a PaymentIntent. */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * The SDK client the processor uses (loaded on first use), for calls the port does not cover:
   * `(await processor.client()) as Stripe`.
   */
  client(): Promise<StripeSdk>;
}

/**
 * Stripe behind the payment processor port: PaymentIntents / SetupIntents confirmed on the
 * server with the Payment Element's confirmation token, customers, refunds and verified
 * webhooks. The `stripe` SDK is an optional peer dependency, imported on first use.
 *
 *   billing({
 *     processor: stripeProcessor({
 *       secretKey: process.env.STRIPE_SECRET_KEY!,
 *       publishableKey: process.env.STRIPE_PUBLISHABLE_KEY!,
 *       webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
 *     }),
 *   })
 */
export function stripeProcessor(options: StripeProcessorOptions): StripeProcessor {
  for (const key of ["secretKey", "publishableKey", "webhookSecret"] as const) {
    if (!options[key] && !(key === "secretKey" && options.client))
      throw new Error(`stripeProcessor: \`${key}\` is required`);
  }
  const client = stripeClient(options);
  return {
    id: "stripe",
    clientConfig: () => ({ processor: "stripe", publishableKey: options.publishableKey }),
    ensureCustomer: createEnsureCustomer(client),
    confirm: createConfirm(client, options),
    cancelIntent: createCancelIntent(client),
    chargeOffSession: createChargeOffSession(client),
    paymentStatus: createPaymentStatus(client),
    parseWebhook: createParseWebhook(client, options),
    refund: createRefund(client),
    client,
  };
}
