import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

/** Keys, test tokens and the Stripe object shapes (typed by the SDK) the fake API answers with. */
export const KEYS = {
  secretKey: "sk_test_gatehouse_0123456789",
  publishableKey: "pk_test_gatehouse_0123456789",
  webhookSecret: "whsec_gatehouse_test_secret",
} as const;

export const TOKENS = {
  visa: "ctoken_visa",
  declined: "ctoken_chargeDeclined",
  insufficient: "ctoken_chargeDeclinedInsufficientFunds",
  authenticate: "ctoken_authenticationRequired",
  processing: "ctoken_sepaDebitProcessing",
  expired: "ctoken_expired",
} as const;

export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | "id"
  | "object"
  | "amount"
  | "amount_received"
  | "currency"
  | "customer"
  | "status"
  | "client_secret"
  | "metadata"
  | "payment_method"
  | "setup_future_usage"
  | "next_action"
  | "last_payment_error"
  | "cancellation_reason"
  | "latest_charge"
  | "created"
  | "livemode"
  | "capture_method"
  | "confirmation_method"
  | "payment_method_types"
>;
export type FakeSetupIntent = Pick<
  Stripe.SetupIntent,
  | "id"
  | "object"
  | "customer"
  | "status"
  | "client_secret"
  | "metadata"
  | "payment_method"
  | "usage"
  | "next_action"
  | "last_setup_error"
  | "cancellation_reason"
  | "created"
  | "livemode"
  | "payment_method_types"
>;
export type FakeCustomer = Pick<
  Stripe.Customer,
  "id" | "object" | "email" | "name" | "metadata" | "created" | "livemode"
>;
export type FakeRefund = Pick<
  Stripe.Refund,
  "id" | "object" | "amount" | "currency" | "payment_intent" | "reason" | "status" | "metadata" | "created"
>;

export interface StripeCall {
  readonly method: string;
  readonly path: string;
  /** The decoded form body: `metadata[checkout_id]`, `automatic_payment_methods[enabled]`, ... */
  readonly params: Record<string, string>;
  readonly idempotencyKey: string | null;
  readonly authorization: string | null;
}

export const API = "https://api.stripe.com/v1";
export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
export const now = () => Math.floor(Date.now() / 1000);

export function metadataOf(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}
