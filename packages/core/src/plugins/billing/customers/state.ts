import type { DBAdapter } from "../../../db/adapter";
import { benefitGrantRepository } from "../benefit-grants/repository";
import { grantedBenefit } from "../benefit-grants/serialize";
import { benefitRepository } from "../catalog/benefits/repository";
import { subscriptionRepository } from "../subscriptions/repository";
import { stateSubscription } from "../subscriptions/serialize";
import { type CustomerRow, serializeCustomer } from "./serialize";

/**
 * Customer state (spec section 3): the customer plus activeSubscriptions (active or trialing),
 * grantedBenefits (grants carried out and not being revoked, across all scopes) and activeMeters
 * (filled by the meters work). Three queries.
 */
export async function customerState(db: DBAdapter, customer: CustomerRow) {
  // One after the other: `db` may be a transaction (one connection).
  const subscriptions = await subscriptionRepository(db).listActive(customer.id);
  const grants = await benefitGrantRepository(db).grantedOf(customer.id);
  const benefits = new Map(
    (await benefitRepository(db).findAnyByIds(grants.map((g) => g.benefitId))).map((b) => [b.id, b]),
  );
  return {
    ...serializeCustomer(customer),
    activeSubscriptions: subscriptions.map(stateSubscription),
    grantedBenefits: grants.map((g) => grantedBenefit(g, benefits.get(g.benefitId))),
    activeMeters: [] as unknown[],
  };
}

export type CustomerState = Awaited<ReturnType<typeof customerState>>;
