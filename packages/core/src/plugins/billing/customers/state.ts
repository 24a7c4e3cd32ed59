import type { DBAdapter } from "../../../plugin";
import { benefitGrantRepository } from "../benefit-grants/repository";
import { grantedBenefit } from "../benefit-grants/serialize";
import { benefitRepository } from "../catalog/benefits/repository";
import { subscriptionRepository } from "../subscriptions/repository";
import { stateSubscription } from "../subscriptions/serialize";
import { customerMeters } from "../usage/balances";
import { type CustomerRow, serializeCustomer } from "./serialize";

/**
 * Customer state (spec section 3): the customer plus activeSubscriptions (active or trialing),
 * grantedBenefits (grants carried out and not being revoked, across all scopes) and activeMeters
 * (the customer's meter balances, evaluated by the database: see usage/balances.ts).
 */
export async function customerState(db: DBAdapter, customer: CustomerRow) {
  // One after the other: `db` may be a transaction (one connection).
  const subscriptions = await subscriptionRepository(db).listActive(customer.id);
  const meters = await customerMeters(db, customer);
  const grants = await benefitGrantRepository(db).grantedOf(customer.id);
  const benefits = new Map(
    (await benefitRepository(db).findAnyByIds(grants.map((g) => g.benefitId))).map((b) => [b.id, b]),
  );
  return {
    ...serializeCustomer(customer),
    activeSubscriptions: subscriptions.map(stateSubscription),
    grantedBenefits: grants.map((g) => grantedBenefit(g, benefits.get(g.benefitId))),
    activeMeters: meters.map(({ meter: _meter, customerId: _customer, ...m }) => m),
  };
}

export type CustomerState = Awaited<ReturnType<typeof customerState>>;
