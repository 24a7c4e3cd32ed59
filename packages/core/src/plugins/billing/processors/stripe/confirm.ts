import type Stripe from "stripe";
import type { ConfirmInput, PaymentResult } from "../processor";
import type { StripeClient } from "./client";
import { failureOf } from "./errors";
import type { StripeProcessorOptions } from "./options";
import { resultOf } from "./results";

function returnUrlFor(options: StripeProcessorOptions, input: ConfirmInput): string | undefined {
  const { returnUrl } = options;
  if (!returnUrl) return undefined;
  if (typeof returnUrl === "function")
    return returnUrl({ checkoutId: input.checkoutId, merchantId: input.merchantId });
  return returnUrl.replaceAll("{CHECKOUT_ID}", encodeURIComponent(input.checkoutId));
}

/**
 * Confirms the buyer's confirmation token on the server (BILLING.md 1.8): a PaymentIntent when
 * money is due now (saved for renewals with `setup_future_usage: off_session` on recurring
 * products), a SetupIntent when nothing is due now (e.g. a 100 % first-period discount) so the
 * method is saved for the renewals. One idempotency key per attempt: a retried request never
 * creates a second intent.
 */
export function createConfirm(client: StripeClient, options: StripeProcessorOptions) {
  return async function confirm(input: ConfirmInput): Promise<PaymentResult> {
    const stripe = await client();
    const returnUrl = returnUrlFor(options, input);
    const common = {
      customer: input.processorCustomerId,
      confirm: true,
      confirmation_token: input.paymentMethod,
      automatic_payment_methods: { enabled: true },
      metadata: { ...input.metadata },
      ...(returnUrl ? { return_url: returnUrl } : {}),
    };
    const requestOptions: Stripe.RequestOptions = { idempotencyKey: input.idempotencyKey };
    try {
      if (input.mode === "setup") {
        const params: Stripe.SetupIntentCreateParams = { ...common, usage: "off_session" };
        return resultOf(await stripe.setupIntents.create(params, requestOptions));
      }
      const params: Stripe.PaymentIntentCreateParams = {
        ...common,
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        ...(input.setupFutureUsage ? { setup_future_usage: "off_session" } : {}),
      };
      return resultOf(await stripe.paymentIntents.create(params, requestOptions));
    } catch (error) {
      return failureOf(stripe, error);
    }
  };
}
