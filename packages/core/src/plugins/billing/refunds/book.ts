import type { DBAdapter } from "../../../plugin";
import type { BillingContext, Emit } from "../context";
import { orderRepository } from "../orders/repository";
import type { OrderService } from "../orders/service";
import { type OrderStatus, orderStates } from "../orders/status";
import type { OrderRow, RefundRow } from "../rows";

/** The order status its refunded total implies (BILLING.md 2.5). */
export function refundedStatus(order: Pick<OrderRow, "refundedAmount" | "netAmount">): OrderStatus {
  if (order.refundedAmount <= 0) return "paid";
  return order.refundedAmount >= order.netAmount ? "refunded" : "partially_refunded";
}

/**
 * The order side of refunds, inside the caller's transaction: holds and gives back refundable
 * amounts, books a succeeded refund on the order (or reverts it) and moves the order status.
 */
export function createRefundBooks(ctx: BillingContext, orders: OrderService) {
  /** Gives back what a refund held (it failed, was canceled or never reached the processor). */
  async function release(tx: DBAdapter, order: OrderRow, refund: Pick<RefundRow, "amount" | "taxAmount">) {
    const repo = orderRepository(tx);
    await repo.holdRefund(order, "refundReservedAmount", -refund.amount);
    if (refund.taxAmount > 0) await repo.holdRefund(order, "refundReservedTaxAmount", -refund.taxAmount);
  }

  /**
   * Adds (`sign` 1) or takes back (`sign` -1: a succeeded refund that later failed) a refund's
   * amounts on its order and moves the order status by compare-and-set. Call it before writing the
   * refund row: the increments lock the order row first, so concurrent refunds of one order queue
   * here instead of deadlocking on the refund's foreign key.
   */
  async function book(
    tx: DBAdapter,
    refund: Pick<RefundRow, "orderId" | "amount" | "taxAmount">,
    sign: 1 | -1,
  ) {
    const repo = orderRepository(tx);
    const order = await repo.findById(refund.orderId);
    if (!order) throw new Error(`order ${refund.orderId} is gone`);
    await repo.addRefunded(order, sign * refund.amount, sign * refund.taxAmount);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await repo.findById(order.id);
      if (!current) break;
      const target = refundedStatus(current);
      if (target === current.status && !orderStates.canMove(target, target)) return current;
      if (await repo.move(current.id, current.status, target, { modifiedAt: ctx.now() }))
        return { ...current, status: target };
    }
    throw new Error(`order ${order.id}: the refunded status could not be applied`);
  }

  /** `order.updated`, and `order.refunded` when money went back (BILLING.md 9.1). */
  async function announce(tx: DBAdapter, emit: Emit, order: OrderRow, sign: 1 | -1) {
    const [serialized] = await orders.serializeMany(tx, [order]);
    await emit(order.merchantId, "order.updated", serialized);
    if (sign === 1) await emit(order.merchantId, "order.refunded", serialized);
  }

  return { release, book, announce };
}

export type RefundBooks = ReturnType<typeof createRefundBooks>;
