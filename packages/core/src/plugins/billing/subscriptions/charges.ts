import { grantsOnOrderPaid } from "../benefit-grants/enqueue";
import type { BillingContext } from "../context";
import { customerRepository } from "../customers/repository";
import { orderRepository } from "../orders/repository";
import type { OrderService } from "../orders/service";
import type { PaymentResult } from "../processors/processor";
import type { OrderRow, SubscriptionRow } from "../rows";
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
 */
export function createCharges(ctx: BillingContext, orders: OrderService) {
  async function charge(order: OrderRow, sub: SubscriptionRow): Promise<PaymentResult> {
    const customer = await customerRepository(ctx.app.adapter).findAnyById(order.customerId);
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

  const paid = (order: OrderRow, intentId: string) =>
    ctx.write(async (tx, emit) => {
      const now = ctx.now();
      const changes = { nextPaymentAttemptAt: null, paymentIntentId: intentId, modifiedAt: now };
      if (!(await orderRepository(tx).move(order.id, "pending", "paid", changes))) return;
      const [serialized] = await orders.serializeMany(tx, [{ ...order, ...changes, status: "paid" }]);
      await emit(order.merchantId, "order.updated", serialized);
      await emit(order.merchantId, "order.paid", serialized);
      await grantsOnOrderPaid(tx, { ...order, ...changes, status: "paid" }, now);
      const sub = order.subscriptionId
        ? await subscriptionRepository(tx).findById(order.subscriptionId)
        : null;
      if (sub?.status !== "past_due" || (await orderRepository(tx).pendingOf(sub.id)).length > 0) return;
      const back = { pastDueAt: null, modifiedAt: now };
      if (!(await subscriptionRepository(tx).move(sub.id, "past_due", "active", back))) return;
      const active: SubscriptionRow = { ...sub, ...back, status: "active" };
      await emitSubscription(tx, emit, active, ["subscription.updated", "subscription.active"], true);
    });

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

  /** Charges one claimed order and records the outcome. */
  async function attempt(order: OrderRow) {
    const sub = order.subscriptionId
      ? await subscriptionRepository(ctx.app.adapter).findById(order.subscriptionId)
      : null;
    if (!sub || sub.status === "canceled") {
      // An ended subscription is not dunned: its pending orders are voided.
      if (sub) await ctx.write((tx, emit) => voidPendingOrders(tx, emit, orders, sub.id, ctx.now()));
      return "void" as const;
    }
    const result = await charge(order, sub);
    if (result.status === "succeeded") {
      await paid(order, result.intentId);
      return "paid" as const;
    }
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

  /** Claims and charges every pending order whose attempt is due; counts by outcome. */
  async function chargeDue(batch = 100) {
    const result = { paid: 0, failed: 0, processing: 0, void: 0 };
    const now = ctx.now();
    const due = await orderRepository(ctx.app.adapter).dueCharges(now, batch);
    for (const order of due) {
      const until = new Date(now.getTime() + CHARGE_LEASE_MS);
      if (!(await orderRepository(ctx.app.adapter).claimCharge(order.id, now, until))) continue;
      const outcome = await attempt(order).catch((error: unknown) => {
        ctx.app.logger.error(`billing: charge of order ${order.id} failed`, error);
        return null;
      });
      if (outcome) result[outcome] += 1;
    }
    return result;
  }

  /** Claims and charges one pending order now (a seat invoice, right after its change commits). */
  async function chargeNow(order: OrderRow) {
    const now = ctx.now();
    const until = new Date(now.getTime() + CHARGE_LEASE_MS);
    if (!(await orderRepository(ctx.app.adapter).claimCharge(order.id, now, until))) return null;
    return attempt(order);
  }

  return { chargeDue, chargeNow };
}
