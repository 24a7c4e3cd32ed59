import type Stripe from "stripe";
import type { PaymentProcessor } from "../processor";
import type { StripeClient } from "./client";
import { isMissingResource, operatorError } from "./errors";

type EnsureCustomer = PaymentProcessor["ensureCustomer"];
type EnsureInput = Parameters<EnsureCustomer>[0];

async function ensure(stripe: Stripe, { customerId, email, name, existingId }: EnsureInput): Promise<string> {
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
  // email or name within Stripe's key lifetime the key no longer fits; create without it.
  const key = `gatehouse_customer:${customerId}:${existingId ?? "new"}`;
  try {
    return (await stripe.customers.create(params, { idempotencyKey: key })).id;
  } catch (error) {
    if (!(error instanceof stripe.errors.StripeIdempotencyError)) throw error;
    return (await stripe.customers.create(params)).id;
  }
}

/**
 * The Stripe customer of a billing customer: created once (tagged with `gatehouse_customer_id`,
 * with an idempotency key so two first purchases at once create one), then kept in sync (email,
 * name) on later purchases. A customer deleted on Stripe's side is created again. Failures are
 * the operator's (keys, outages): rethrown with a neutral message, the Stripe error as cause.
 */
export function createEnsureCustomer(client: StripeClient): EnsureCustomer {
  return async (input) => {
    const stripe = await client();
    try {
      return await ensure(stripe, input);
    } catch (error) {
      throw operatorError(error);
    }
  };
}
