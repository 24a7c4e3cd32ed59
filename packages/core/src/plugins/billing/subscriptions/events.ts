import type { BillingEventType, DBAdapter } from "../../../plugin";
import { grantsOnSubscription } from "../benefit-grants/enqueue";
import type { Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { customerState } from "../customers/state";
import { orderRepository } from "../orders/repository";
import type { OrderService } from "../orders/service";
import type { SubscriptionRow } from "../rows";
import { subscriptionRepository } from "./repository";
import { subscriptionCore } from "./serialize";

/** Emits subscription events (in order) with the row as stored, then customer.state_changed. */
export async function emitSubscription(
  tx: DBAdapter,
  emit: Emit,
  subscription: SubscriptionRow,
  types: readonly BillingEventType[],
  stateChanged: boolean,
  /**
   * The product's benefit ids when the caller has them loaded (saves reading the product), or
   * "unchanged" when neither the status nor the product changed (a renewal): nothing to grant.
   */
  benefits?: readonly string[] | "unchanged",
) {
  const data = subscriptionCore(subscription);
  for (const type of types) await emit(subscription.merchantId, type, data);
  // Its benefits follow the status (granted while active, revoked when ended); the jobs run later.
  if (benefits !== "unchanged")
    await grantsOnSubscription(tx, subscription, subscription.modifiedAt, benefits);
  if (!stateChanged) return;
  const customer = await customerRepository(tx).findAnyById(subscription.customerId);
  if (customer)
    await emit(subscription.merchantId, "customer.state_changed", await customerState(tx, customer));
}

/** Voids every pending order of a subscription (no more charges or dunning), with order.updated. */
export async function voidPendingOrders(
  tx: DBAdapter,
  emit: Emit,
  orders: OrderService,
  subscriptionId: string,
  now: Date,
) {
  const repo = orderRepository(tx);
  for (const order of await repo.pendingOf(subscriptionId)) {
    const changes = { nextPaymentAttemptAt: null, modifiedAt: now };
    if (!(await repo.move(order.id, "pending", "void", changes))) continue;
    const [serialized] = await orders.serializeMany(tx, [{ ...order, ...changes, status: "void" }]);
    await emit(order.merchantId, "order.updated", serialized);
  }
}

/**
 * Ends a billable subscription now (revoke, dunning exhausted, lapsed): status canceled,
 * `canceledAt` kept or now, `endsAt`/`endedAt` now; pending orders voided; events updated,
 * canceled, revoked and customer.state_changed. False when another writer changed it first.
 */
export async function endNow(
  tx: DBAdapter,
  emit: Emit,
  orders: OrderService,
  subscription: SubscriptionRow,
  now: Date,
  extra: Record<string, unknown> = {},
) {
  const changes = {
    ...extra,
    canceledAt: subscription.canceledAt ?? now,
    endsAt: subscription.endsAt && subscription.endsAt < now ? subscription.endsAt : now,
    endedAt: now,
    lockedUntil: null,
    lockToken: null,
    modifiedAt: now,
  };
  const repo = subscriptionRepository(tx);
  if (!(await repo.move(subscription.id, subscription.status, "canceled", changes))) return null;
  await voidPendingOrders(tx, emit, orders, subscription.id, now);
  const ended: SubscriptionRow = { ...subscription, ...changes, status: "canceled" };
  await emitSubscription(
    tx,
    emit,
    ended,
    ["subscription.updated", "subscription.canceled", "subscription.revoked"],
    true,
  );
  return ended;
}
