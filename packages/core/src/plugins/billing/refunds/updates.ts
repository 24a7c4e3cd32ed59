import { isAdapterError } from "../../../plugin";
import { checkoutRepository } from "../checkout/repository";
import type { BillingContext } from "../context";
import { orderRepository } from "../orders/repository";
import type { ProcessorEvent } from "../processors/processor";
import type { RefundBooks } from "./book";
import { refundRepository } from "./repository";
import { serializeRefund } from "./serialize";
import { type RefundStatus, refundStates } from "./status";

/**
 * Refund status changes reported by the processor (Stripe `refund.updated` /
 * `charge.refund.updated`): a compare-and-set move of the refund; succeeded books it on the order,
 * a succeeded refund that fails or is canceled takes it back, and every failure gives the hold back.
 */
/** Thrown to roll back a move that lost its compare-and-set. */
const LOST = new Error("refund: the status moved concurrently");

export function createRefundUpdates(ctx: BillingContext, books: RefundBooks) {
  const db = ctx.app.adapter;

  /** Moves a refund to `to`; false when it already is there or the move is not allowed. */
  async function move(refundId: string, to: RefundStatus, failureReason?: string) {
    return ctx
      .write(async (tx, emit) => {
        const refund = await refundRepository(tx).findById(refundId);
        if (!refund || !refundStates.canMove(refund.status, to)) return false;
        const order = await orderRepository(tx).findById(refund.orderId);
        if (!order) return false;
        const undo = to === "failed" || to === "canceled";
        // The order row first (locks it, so two deliveries of one event queue), then the refund.
        const booked =
          to === "succeeded"
            ? await books.book(tx, refund, 1)
            : undo && refund.status === "succeeded"
              ? await books.book(tx, refund, -1)
              : null;
        if (undo) await books.release(tx, order, refund);
        const now = ctx.now();
        const changes = { modifiedAt: now, ...(failureReason ? { failureReason } : {}) };
        if (!(await refundRepository(tx).move(refund.id, refund.status, to, changes))) {
          throw LOST; // a concurrent delivery moved it first: undo this transaction
        }
        await emit(
          refund.merchantId,
          "refund.updated",
          serializeRefund({ ...refund, ...changes, status: to }),
        );
        if (booked) await books.announce(tx, emit, booked, to === "succeeded" ? 1 : -1);
        return true;
      })
      .catch((error: unknown) => {
        if (error === LOST) return false;
        throw error;
      });
  }

  /** A processor refund event through the idempotent inbox (shared with the checkout events). */
  async function handleProcessorEvent(event: ProcessorEvent): Promise<"handled" | "duplicate" | "ignored"> {
    const processor = ctx.processor.id;
    const inbox = checkoutRepository(db);
    try {
      await inbox.recordProcessorEvent({
        processor,
        externalId: event.id,
        type: event.type,
        payload: event.payload,
        createdAt: ctx.now(),
      });
    } catch (error) {
      if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
      if ((await inbox.findProcessorEvent(processor, event.id))?.handledAt) return "duplicate";
    }
    const refund = event.refundId ? await refundRepository(db).findByProcessorId(event.refundId) : null;
    const moved = refund && event.refundStatus ? await move(refund.id, event.refundStatus) : false;
    await inbox.markProcessorEventHandled(processor, event.id, ctx.now());
    return moved ? "handled" : "ignored";
  }

  return { move, handleProcessorEvent };
}
