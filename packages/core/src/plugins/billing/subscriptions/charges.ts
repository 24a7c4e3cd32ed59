import type { DBAdapter } from "../../../db/adapter";
import { cycleGrantsOf, grantsOnOrderPaid } from "../benefit-grants/enqueue";
import type { BillingContext, Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { orderRepository } from "../orders/repository";
import { serializeOrder } from "../orders/serialize";
import type { OrderService } from "../orders/service";
import type { PaymentResult } from "../processors/processor";
import type { BenefitGrantRow, OrderItemRow, OrderRow, SubscriptionRow } from "../rows";
import {
  type BatchRelations,
  DEFAULT_RENEWAL_CONCURRENCY,
  eachPooled,
  inChunks,
  loadBatchRelations,
} from "./batch";
import { emitSubscription, endNow, voidPendingOrders } from "./events";
import { subscriptionRepository } from "./repository";

const DAY = 24 * 60 * 60 * 1000;
/** Waits after the 1st, 2nd, 3rd and 4th failed attempt (BILLING.md 3.8): T0, +2d, +7d, +14d, +21d. */
export const DUNNING_RETRY_INTERVALS = [2 * DAY, 5 * DAY, 7 * DAY, 7 * DAY] as const;
/** Past this after the first failure the subscription ends whatever the attempt count. */
export const DUNNING_DEADLINE_MS = 21 * DAY + 60 * 1000;
/** How long a worker holds a charge attempt (a crashed worker's attempt is retried after it). */
const CHARGE_LEASE_MS = 10 * 60 * 1000;
/** A processing (not yet settled) charge is looked at again after this. */
const PROCESSING_RETRY_MS = 60 * 60 * 1000;

/**
 * Off-session charges of pending subscription orders and dunning (BILLING.md 3.4 step 5, 3.8).
 * A due order is claimed (its next attempt moved past a lease), charged with the subscription's
 * saved payment method under an idempotency key per attempt, and the outcome recorded in one
 * transaction: paid (a past-due subscription with no other pending order becomes active again),
 * or failed (the subscription goes past_due; the next attempt follows the retry schedule; after
 * the last one, or past the deadline, the subscription ends and its pending orders are voided).
 * Due orders are taken a batch at a time, what the batch refers to is read once, and the orders
 * are charged `concurrency` at a time.
 */
export function createCharges(ctx: BillingContext, orders: OrderService) {
  /** A succeeded charge waiting to be recorded. */
  interface Charged {
    readonly order: OrderRow;
    readonly intentId: string;
  }
  /** What a batch of due orders refers to, read once. */
  type Batch = BatchRelations & {
    readonly subscriptions: ReadonlyMap<string, SubscriptionRow>;
    readonly items: ReadonlyMap<string, OrderItemRow[]>;
  };

  async function charge(order: OrderRow, sub: SubscriptionRow, batch: Batch): Promise<PaymentResult> {
    const customer =
      batch.customers.get(order.customerId) ??
      (await customerRepository(ctx.app.adapter).findAnyById(order.customerId));
    if (!sub.paymentMethodId || !customer?.processorCustomerId)
      return { status: "failed", reason: "No payment method on file", declineCode: "no_payment_method" };
    return ctx.processor
      .chargeOffSession({
        reference: order.id,
        merchantId: order.merchantId,
        amount: order.totalAmount,
        currency: order.currency,
        processorCustomerId: customer.processorCustomerId,
        paymentMethodId: sub.paymentMethodId,
        metadata: { subscription_id: sub.id, billing_reason: order.billingReason },
        idempotencyKey: `order_charge:${order.id}:${order.failedAttempts}`,
      })
      .catch((error: unknown) => ({
        status: "failed" as const,
        reason: error instanceof Error ? error.message : "Payment processor error",
      }));
  }

  /** One succeeded charge inside `recordPaid`'s transaction; the subscription if it changed it. */
  async function paidOne(
    tx: DBAdapter,
    emit: Emit,
    done: Charged,
    sub: SubscriptionRow | null,
    batch: Batch,
    grants?: ReadonlyMap<string, readonly BenefitGrantRow[]>,
  ) {
    const { order, intentId } = done;
    const now = ctx.now();
    const changes = { nextPaymentAttemptAt: null, paymentIntentId: intentId, modifiedAt: now };
    if (!(await orderRepository(tx).move(order.id, "pending", "paid", changes))) return null;
    const row: OrderRow = { ...order, ...changes, status: "paid" };
    const items = batch.items.get(order.id);
    const [serialized] = items
      ? [
          serializeOrder(row, {
            items,
            customer: batch.customers.get(order.customerId) ?? null,
            product: batch.products.get(order.productId) ?? null,
            discount: order.discountId ? (batch.discounts.get(order.discountId) ?? null) : null,
            subscription: sub,
          }),
        ]
      : await orders.serializeMany(tx, [row]);
    await emit(order.merchantId, "order.updated", serialized);
    await emit(order.merchantId, "order.paid", serialized);
    // A renewal paid: the subscription's benefits cycle (BILLING.md 6.2), outside this transaction.
    await grantsOnOrderPaid(tx, row, now, undefined, grants);
    if (sub?.status !== "past_due" || (await orderRepository(tx).pendingOf(sub.id)).length > 0) return null;
    const back = { pastDueAt: null, modifiedAt: now };
    if (!(await subscriptionRepository(tx).move(sub.id, "past_due", "active", back))) return null;
    const active: SubscriptionRow = { ...sub, ...back, status: "active" };
    await emitSubscription(tx, emit, active, ["subscription.updated", "subscription.active"], true);
    return active;
  }

  /**
   * Records succeeded charges in one transaction: each order paid (order.updated, order.paid); a
   * past-due subscription with no other pending order active again.
   */
  const recordPaid = (charged: readonly Charged[], batch: Batch) =>
    ctx.write(async (tx, emit) => {
      const ids = [
        ...new Set(charged.flatMap((c) => (c.order.subscriptionId ? [c.order.subscriptionId] : []))),
      ];
      const subs = new Map((await subscriptionRepository(tx).findByIds(ids)).map((s) => [s.id, s]));
      const grants = await cycleGrantsOf(
        tx,
        charged.map((c) => c.order),
      );
      for (const done of charged) {
        const id = done.order.subscriptionId;
        const sub = id ? (subs.get(id) ?? null) : null;
        const after = await paidOne(tx, emit, done, sub, batch, grants);
        // A later order of the same subscription sees it as this one left it.
        if (after) subs.set(after.id, after);
      }
    });

  /** A chunk of succeeded charges in one transaction, or, when that fails, one by one. */
  async function recordChunk(chunk: readonly Charged[], batch: Batch): Promise<number> {
    try {
      await recordPaid(chunk, batch);
      return chunk.length;
    } catch (error) {
      if (chunk.length === 1) {
        ctx.app.logger.error(`billing: charge of order ${chunk[0]?.order.id} failed`, error);
        return 0;
      }
      let recorded = 0;
      for (const done of chunk) recorded += await recordChunk([done], batch);
      return recorded;
    }
  }

  const failed = (order: OrderRow, intentId: string | null) =>
    ctx.write(async (tx, emit) => {
      const now = ctx.now();
      const attempts = order.failedAttempts + 1;
      let sub = order.subscriptionId ? await subscriptionRepository(tx).findById(order.subscriptionId) : null;
      if (sub && (sub.status === "active" || sub.status === "trialing")) {
        const due = { pastDueAt: sub.pastDueAt ?? now, modifiedAt: now };
        if (await subscriptionRepository(tx).move(sub.id, sub.status, "past_due", due)) {
          sub = { ...sub, ...due, status: "past_due" };
          await emitSubscription(tx, emit, sub, ["subscription.updated"], true);
        }
      }
      const pastDueAt = sub?.pastDueAt ?? now;
      const exhausted =
        attempts > DUNNING_RETRY_INTERVALS.length ||
        now.getTime() >= pastDueAt.getTime() + DUNNING_DEADLINE_MS;
      const wait = DUNNING_RETRY_INTERVALS[attempts - 1] ?? 0;
      await orderRepository(tx).patchPending(order.id, {
        failedAttempts: attempts,
        paymentIntentId: intentId,
        nextPaymentAttemptAt: exhausted ? null : new Date(now.getTime() + wait),
        modifiedAt: now,
      });
      if (exhausted && sub && sub.status !== "canceled") await endNow(tx, emit, orders, sub, now);
    });

  /** Charges one claimed order; records a decline or a pending answer, returns a success (recorded by `recordPaid`). */
  async function attempt(order: OrderRow, batch: Batch) {
    const sub = order.subscriptionId ? (batch.subscriptions.get(order.subscriptionId) ?? null) : null;
    // An ended subscription's final usage order (written as it ended, BILLING.md 3.4) is charged.
    const finalUsage = sub?.endedAt && order.createdAt.getTime() >= sub.endedAt.getTime();
    if (!sub || (sub.status === "canceled" && !finalUsage)) {
      // An ended subscription is not dunned: its pending orders are voided.
      if (sub) await ctx.write((tx, emit) => voidPendingOrders(tx, emit, orders, sub.id, ctx.now()));
      return "void" as const;
    }
    const result = await charge(order, sub, batch);
    // Recorded with others of the batch (recordPaid); a crash before that retries the same key.
    if (result.status === "succeeded") return { order, intentId: result.intentId } satisfies Charged;
    if (result.status === "failed") {
      await failed(order, result.intentId ?? null);
      return "failed" as const;
    }
    await orderRepository(ctx.app.adapter).patchPending(order.id, {
      paymentIntentId: result.intentId,
      nextPaymentAttemptAt: new Date(ctx.now().getTime() + PROCESSING_RETRY_MS),
    });
    return "processing" as const;
  }

  /** The subscriptions, items, products, customers and discounts of a batch of orders. */
  async function relationsOf(due: readonly OrderRow[]): Promise<Batch> {
    const db = ctx.app.adapter;
    const subIds = [...new Set(due.flatMap((o) => (o.subscriptionId ? [o.subscriptionId] : [])))];
    const [relations, subs, items] = await Promise.all([
      loadBatchRelations(db, due),
      subscriptionRepository(db).findByIds(subIds),
      orderRepository(db).itemsOf(due.map((o) => o.id)),
    ]);
    const byOrder = new Map<string, OrderItemRow[]>(due.map((o) => [o.id, []]));
    for (const item of items) byOrder.get(item.orderId)?.push(item);
    return { ...relations, subscriptions: new Map(subs.map((s) => [s.id, s])), items: byOrder };
  }

  /**
   * Claims and charges every pending order whose attempt is due, `batch` at a time, `concurrency`
   * claims and charges at once; counts by outcome.
   */
  async function chargeDue(batch = 100, concurrency = DEFAULT_RENEWAL_CONCURRENCY) {
    const result = { paid: 0, failed: 0, processing: 0, void: 0 };
    for (;;) {
      const now = ctx.now();
      const due = await orderRepository(ctx.app.adapter).dueCharges(now, batch);
      if (due.length === 0) return result;
      const until = new Date(now.getTime() + CHARGE_LEASE_MS);
      const claimed: OrderRow[] = [];
      await eachPooled(due, concurrency, async (order) => {
        if (await orderRepository(ctx.app.adapter).claimCharge(order.id, now, until)) claimed.push(order);
      });
      if (claimed.length === 0) return result;
      // Read after the claims, as a single charge reads its subscription after claiming the order.
      const relations = await relationsOf(claimed);
      const succeeded: Charged[] = [];
      await eachPooled(claimed, concurrency, async (order) => {
        const outcome = await attempt(order, relations).catch((error: unknown) => {
          ctx.app.logger.error(`billing: charge of order ${order.id} failed`, error);
          return null;
        });
        if (typeof outcome === "string") result[outcome] += 1;
        else if (outcome) succeeded.push(outcome);
      });
      await eachPooled(inChunks(succeeded, concurrency), concurrency, async (chunk) => {
        const recorded = await recordChunk(chunk, relations);
        result.paid += recorded;
      });
      // A claimed order is not due again in this run (paid, retried later, or leased).
      if (due.length < batch) return result;
    }
  }

  /** Claims and charges one pending order now (a seat invoice, right after its change commits). */
  async function chargeNow(order: OrderRow) {
    const now = ctx.now();
    const until = new Date(now.getTime() + CHARGE_LEASE_MS);
    if (!(await orderRepository(ctx.app.adapter).claimCharge(order.id, now, until))) return null;
    const relations = await relationsOf([order]);
    const outcome = await attempt(order, relations);
    if (typeof outcome === "string") return outcome;
    return (await recordChunk([outcome], relations)) > 0 ? ("paid" as const) : null;
  }

  return { chargeDue, chargeNow };
}
