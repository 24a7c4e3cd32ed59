import type Stripe from "stripe";
import type { PaymentProcessor } from "../processor";
import type { StripeClient } from "./client";
import { isMissingResource } from "./errors";

type EnsureCustomer = PaymentProcessor["ensureCustomer"];

/**
 * The Stripe customer of a billing customer: created once (tagged with `gatehouse_customer_id`,
 * with an idempotency key so two first purchases at once create one), then kept in sync (email,
 * name) on later purchases. A customer deleted on Stripe's side is created again.
 */
export function createEnsureCustomer(client: StripeClient): EnsureCustomer {
  return async ({ customerId, email, name, existingId }) => {
    const stripe = await client();
    const fields = { email, ...(name ? { name } : {}) };
    if (existingId) {
      try {
        const params: Stripe.CustomerUpdateParams = fields;
        return (await stripe.customers.update(existingId, params)).id;
      } catch (error) {
        if (!isMissingResource(stripe, error)) throw error;
      }
    }
    const params: Stripe.CustomerCreateParams = { ...fields, metadata: { gatehouse_customer_id: customerId } };
    // Same parameters under one key: Stripe answers the first customer again. After a change of
    // email or name (or a deleted customer) the key no longer fits; create without it.
    const key = `gatehouse_customer:${customerId}:${existingId ?? "new"}`;
    try {
      return (await stripe.customers.create(params, { idempotencyKey: key })).id;
    } catch (error) {
      if (!(error instanceof stripe.errors.StripeIdempotencyError)) throw error;
      return (await stripe.customers.create(params)).id;
    }
  };
}
