import type { DBAdapter } from "../../../db/adapter";
import { subscriptionRepository } from "../subscriptions/repository";
import { stateSubscription } from "../subscriptions/serialize";
import { customerMeters } from "../usage/balances";
import { type CustomerRow, serializeCustomer } from "./serialize";

/**
 * Customer state (spec section 3): the customer plus activeSubscriptions (active or trialing),
 * grantedBenefits (filled by benefits, part 2 of billing) and activeMeters (the customer's meter
 * balances, evaluated by the database: see usage/balances.ts).
 */
export async function customerState(db: DBAdapter, customer: CustomerRow) {
  const subscriptions = await subscriptionRepository(db).listActive(customer.id);
  const meters = await customerMeters(db, customer);
  return {
    ...serializeCustomer(customer),
    activeSubscriptions: subscriptions.map(stateSubscription),
    grantedBenefits: [] as unknown[],
    activeMeters: meters.map(({ meter: _meter, customerId: _customer, ...m }) => m),
  };
}

export type CustomerState = Awaited<ReturnType<typeof customerState>>;
