import type { DBAdapter } from "../../../plugin";
import { loadProductsById } from "../catalog/load";
import type { BenefitGrantRow, OrderRow, SubscriptionRow } from "../rows";
import { subscriptionRepository } from "../subscriptions/repository";
import { benefitGrantRepository } from "./repository";

/**
 * The grant engine's triggers (BILLING.md 6.2). Each runs inside the transaction of the change that
 * causes it (order paid, subscription moved, refund, benefit edited or deleted) and only writes
 * grant rows with due work; `runDue()` runs the strategies afterwards, outside any payment
 * transaction, and emits the `benefit_grant.*` events. Calling a trigger twice changes nothing more.
 */

export const orderScope = (orderId: string) => `order:${orderId}`;
export const subscriptionScope = (subscriptionId: string) => `subscription:${subscriptionId}`;

/** Work that is due now: a fresh attempt count, no stale error. */
const dueNow = (now: Date) => ({ nextAttemptAt: now, attempts: 0, error: null, modifiedAt: now });

interface Scope {
  merchantId: string;
  customerId: string;
  productId: string;
  scope: string;
  subscriptionId: string | null;
  orderId: string | null;
}

/** The product's benefit ids: as the caller holds them (a checkout loaded its product), or read. */
async function benefitsOf(tx: DBAdapter, productId: string, known?: readonly string[]) {
  if (known) return new Set(known);
  const [product] = await loadProductsById(tx, [productId]);
  return new Set((product?.benefits ?? []).map((b) => b.id));
}

/** Grants every benefit of the product in the scope; revokes the scope's grants of other benefits. */
async function grantProduct(
  tx: DBAdapter,
  s: Scope,
  now: Date,
  known?: readonly string[],
  /** The scope was created in this transaction (a new order): it has no grants to look at. */
  fresh = false,
) {
  const repo = benefitGrantRepository(tx);
  const benefitIds = await benefitsOf(tx, s.productId, known);
  const grant = (benefitId: string) => ({
    merchantId: s.merchantId,
    customerId: s.customerId,
    benefitId,
    scope: s.scope,
    subscriptionId: s.subscriptionId,
    orderId: s.orderId,
    status: "granted" as const,
    isGranted: false,
    isRevoked: false,
    properties: {},
    pendingCycles: 0,
    ...dueNow(now),
    createdAt: now,
  });
  if (fresh) {
    if (benefitIds.size > 0) await repo.insertMany([...benefitIds].map(grant));
    return;
  }
  const existing = await repo.ofScope(s.scope);
  // Outdated grants first: a benefit no longer on the product (a plan change) is revoked.
  for (const row of existing)
    if (row.status === "granted" && !benefitIds.has(row.benefitId))
      await repo.move(row.id, "granted", "revoked", dueNow(now));
  const byBenefit = new Map(existing.map((g) => [g.benefitId, g]));
  for (const benefitId of benefitIds) {
    const row = byBenefit.get(benefitId);
    if (row?.status === "revoked") {
      await repo.move(row.id, "revoked", "granted", dueNow(now));
      continue;
    }
    if (row) continue;
    await repo.insert(grant(benefitId));
  }
}

/** Revokes every granted grant of the scope. */
async function revokeScope(tx: DBAdapter, scope: string, now: Date) {
  const repo = benefitGrantRepository(tx);
  for (const grant of await repo.ofScope(scope))
    if (grant.status === "granted") await repo.move(grant.id, "granted", "revoked", dueNow(now));
}

/**
 * A paid order: a one-time purchase grants the product's benefits in the order's scope; a renewal
 * (`subscription_cycle`) queues a cycle of every grant of the subscription.
 */
export async function grantsOnOrderPaid(
  tx: DBAdapter,
  order: OrderRow,
  now: Date,
  knownBenefitIds?: readonly string[],
  /** The subscription scope's grants when the caller read them for a batch (`cycleGrantsOf`). */
  knownScopeGrants?: ReadonlyMap<string, readonly BenefitGrantRow[]>,
  /** The order was created in this transaction: its scope has no grants yet. */
  freshOrder = false,
) {
  if (order.billingReason === "purchase") {
    await grantProduct(
      tx,
      {
        merchantId: order.merchantId,
        customerId: order.customerId,
        productId: order.productId,
        scope: orderScope(order.id),
        subscriptionId: null,
        orderId: order.id,
      },
      now,
      knownBenefitIds,
      freshOrder,
    );
    return;
  }
  if (order.billingReason !== "subscription_cycle" || !order.subscriptionId) return;
  const repo = benefitGrantRepository(tx);
  const scope = subscriptionScope(order.subscriptionId);
  for (const grant of knownScopeGrants?.get(scope) ?? (await repo.ofScope(scope))) {
    if (grant.status !== "granted") continue;
    if (await repo.addCycle(grant.id)) await repo.patchIn(grant.id, "granted", dueNow(now));
  }
}

/** The grants of the subscriptions of some renewal orders, by scope, in one query (batched charges). */
export async function cycleGrantsOf(tx: DBAdapter, orders: readonly OrderRow[]) {
  const scopes = [
    ...new Set(
      orders.flatMap((o) =>
        o.billingReason === "subscription_cycle" && o.subscriptionId
          ? [subscriptionScope(o.subscriptionId)]
          : [],
      ),
    ),
  ];
  const byScope = new Map<string, BenefitGrantRow[]>(scopes.map((s) => [s, []]));
  for (const grant of await benefitGrantRepository(tx).ofScopes(scopes))
    byScope.get(grant.scope)?.push(grant);
  return byScope;
}

/**
 * A subscription as it now stands: active or trialing holds the product's benefits (granted, or
 * granted again after past_due; a plan change revokes the old product's); ended (canceled with
 * `endedAt`, unpaid, incomplete_expired) revokes them. past_due keeps them (dunning grace).
 */
export async function grantsOnSubscription(
  tx: DBAdapter,
  sub: SubscriptionRow,
  now: Date,
  knownBenefitIds?: readonly string[],
) {
  const scope = subscriptionScope(sub.id);
  if (sub.status === "active" || sub.status === "trialing") {
    await grantProduct(
      tx,
      {
        merchantId: sub.merchantId,
        customerId: sub.customerId,
        productId: sub.productId,
        scope,
        subscriptionId: sub.id,
        orderId: null,
      },
      now,
      knownBenefitIds,
    );
    return;
  }
  if (sub.status === "canceled" || sub.status === "unpaid" || sub.status === "incomplete_expired")
    await revokeScope(tx, scope, now);
}

/** A refund with `revokeBenefits` (one-time orders): the order's grants are revoked. */
export const grantsOnRefund = (tx: DBAdapter, order: OrderRow, now: Date) =>
  revokeScope(tx, orderScope(order.id), now);

/**
 * The merchant edited a benefit: every granted grant of it is updated with the properties it had
 * before (kept from the first edit when edits pile up before the job runs).
 */
export async function grantsOnBenefitEdited(
  tx: DBAdapter,
  benefitId: string,
  previousProperties: Record<string, unknown>,
  now: Date,
) {
  const repo = benefitGrantRepository(tx);
  for (const grant of await repo.ofBenefit(benefitId, "granted")) {
    if (!grant.isGranted) continue; // not carried out yet: the grant uses the new properties
    await repo.patchIn(grant.id, "granted", {
      previousProperties: grant.previousProperties ?? previousProperties,
      ...dueNow(now),
    });
  }
}

/** A deleted benefit is revoked from everyone who holds it. */
export async function grantsOnBenefitDeleted(tx: DBAdapter, benefitId: string, now: Date) {
  const repo = benefitGrantRepository(tx);
  for (const grant of await repo.ofBenefit(benefitId, "granted"))
    await repo.move(grant.id, "granted", "revoked", dueNow(now));
}

/** A deleted customer loses every benefit. */
export async function grantsOnCustomerDeleted(tx: DBAdapter, customerId: string, now: Date) {
  const repo = benefitGrantRepository(tx);
  for (const grant of await repo.ofCustomer(customerId, "granted"))
    await repo.move(grant.id, "granted", "revoked", dueNow(now));
}

/**
 * The merchant changed a product's benefits: its active subscriptions get the new ones and lose
 * the removed ones (one-time orders keep what they were sold).
 */
export async function grantsOnProductBenefitsChanged(
  tx: DBAdapter,
  productId: string,
  benefitIds: readonly string[],
  now: Date,
) {
  for (const sub of await subscriptionRepository(tx).activeOfProduct(productId))
    await grantsOnSubscription(tx, sub, now, benefitIds);
}
