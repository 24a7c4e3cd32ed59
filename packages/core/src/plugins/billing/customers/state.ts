import type { DBAdapter } from "../../../db/adapter";
import { subscriptionRepository } from "../subscriptions/repository";
import { stateSubscription } from "../subscriptions/serialize";
import { type CustomerRow, serializeCustomer } from "./serialize";

/**
 * Customer state (spec section 3): the customer plus activeSubscriptions (active or trialing),
 * grantedBenefits and activeMeters (filled by benefits and meters, part 2 of billing). Two queries.
 */
export async function customerState(db: DBAdapter, customer: CustomerRow) {
  const subscriptions = await subscriptionRepository(db).listActive(customer.id);
  return {
    ...serializeCustomer(customer),
    activeSubscriptions: subscriptions.map(stateSubscription),
    grantedBenefits: [] as unknown[],
    activeMeters: [] as unknown[],
  };
}

export type CustomerState = Awaited<ReturnType<typeof customerState>>;
