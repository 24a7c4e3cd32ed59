/**
 * The Stripe SDK instance (`new Stripe(key)` from the `stripe` package), described by the parts
 * the processor uses. Public types never import `stripe`, so an app without the optional peer
 * dependency still type-checks; a real `Stripe` instance fits it (cast back: `as Stripe`).
 */
export interface StripeSdk {
  readonly customers: object;
  readonly paymentIntents: object;
  readonly setupIntents: object;
  readonly refunds: object;
  readonly webhooks: object;
}

export interface StripeProcessorOptions {
  /** Secret API key (`sk_live_...` / `sk_test_...`); only used when no `client` is given. */
  readonly secretKey: string;
  /** Publishable key (`pk_...`), handed to the checkout page through `clientConfig()`. */
  readonly publishableKey: string;
  /** Signing secret of the webhook endpoint (`whsec_...`) that points at `/billing/processor/webhook`. */
  readonly webhookSecret: string;
  /** Pin an API version; default the one the installed SDK was generated for. */
  readonly apiVersion?: string;
  /**
   * A ready SDK instance (custom HTTP client, proxies, tests). Without it one is built on first
   * use with Stripe's fetch HTTP client, so the SDK is only loaded by apps that use Stripe.
   */
  readonly client?: StripeSdk;
  /**
   * Where a redirect-based payment method (bank redirects, some wallets, out-of-band 3-D Secure)
   * returns the buyer; `{CHECKOUT_ID}` is replaced. Without it the `return_url` carried by the
   * confirmation token (set by the checkout page in `stripe.createConfirmationToken`) applies.
   */
  readonly returnUrl?: string | ((checkout: { checkoutId: string; merchantId: string }) => string);
  /** Signature tolerance of processor webhooks, in seconds. Default 300 (Stripe's default). */
  readonly webhookTolerance?: number;
}

export type { RefundInput, RefundReason, RefundResult } from "../processor";
