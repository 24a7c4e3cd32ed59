import { generateRandomString } from "../../../plugin";
import { grantsOnRefund } from "../benefit-grants/enqueue";
import type { BillingContext } from "../context";
import { BILLING_ERRORS } from "../errors";
import { merchantOf, parseInput, type Scoped } from "../input";
import type { MerchantService } from "../merchants/service";
import { orderRepository } from "../orders/repository";
import { PAID_STATUSES } from "../orders/serialize";
import type { OrderService } from "../orders/service";
import { paginated } from "../pagination";
import type { RefundResult } from "../processors/processor";
import type { OrderRow, RefundRow } from "../rows";
import { createRefundBooks } from "./book";
import { paymentIntentOf } from "./payment";
import { refundRepository } from "./repository";
import {
  type RefundCreateInput,
  type RefundListInput,
  refundCreateInput,
  refundIdInput,
  refundListInput,
} from "./schemas";
import { serializeRefund } from "./serialize";
import { refundTaxShare } from "./tax";
import { createRefundUpdates } from "./updates";

/**
 * Refunds (`auth.billing.refunds`, BILLING.md 5): a merchant gives back part or all of a paid
 * order's net amount through the processor; the tax share follows in proportion. The amount is held
 * on the order row (guarded increment) before the processor is called, so concurrent refunds never
 * give back more than was paid; a refund that fails gives its hold back.
 */
export function createRefundService(ctx: BillingContext, merchants: MerchantService, orders: OrderService) {
  const db = ctx.app.adapter;
  const books = createRefundBooks(ctx, orders);
  const updates = createRefundUpdates(ctx, books);

  /** Holds the amount, then its tax share, in one transaction (the order row stays locked). */
  const hold = (order: OrderRow, amount: number) =>
    ctx.write(async (tx) => {
      const repo = orderRepository(tx);
      const held = await repo.holdRefund(order, "refundReservedAmount", amount);
      if (!held) return null;
      const taxAmount = refundTaxShare(held, {
        amount,
        heldAfter: held.refundReservedAmount,
        taxHeldBefore: held.refundReservedTaxAmount,
      });
      if (taxAmount > 0 && !(await repo.holdRefund(held, "refundReservedTaxAmount", taxAmount)))
        throw new Error(`order ${order.id}: the tax share could not be held`);
      return { taxAmount };
    });

  /** Validation order of BILLING.md 5; nothing is written before every check passed. */
  async function checked(input: RefundCreateInput) {
    const data = parseInput(refundCreateInput, input);
    const merchant = await merchantOf(merchants, data);
    const order = await orderRepository(db).findById(data.orderId);
    if (!order || order.merchantId !== merchant.id) throw BILLING_ERRORS.ORDER_NOT_FOUND();
    if (data.amount <= 0) throw BILLING_ERRORS.REFUND_AMOUNT_MUST_BE_GREATER_THAN_ZERO();
    if (!PAID_STATUSES.includes(order.status)) throw BILLING_ERRORS.ORDER_IS_NOT_PAID();
    if (order.status === "refunded") throw BILLING_ERRORS.ORDER_IS_ALREADY_FULLY_REFUNDED();
    if (data.revokeBenefits && order.subscriptionId)
      throw BILLING_ERRORS.SUBSCRIPTION_BENEFITS_CAN_ONLY_BE_REVOKED_UPON_CANCELLATION();
    if (data.amount > order.netAmount - order.refundReservedAmount)
      throw BILLING_ERRORS.REFUND_AMOUNT_EXCEEDS_REFUNDABLE_AMOUNT();
    const intentId = await paymentIntentOf(db, order);
    if (!intentId) throw BILLING_ERRORS.ORDER_HAS_NO_PAYMENT_TO_REFUND();
    return { data, order, intentId };
  }

  /** POST /billing/refunds/create: the refund in the status the processor answered. */
  async function create(input: RefundCreateInput) {
    const { data, order, intentId } = await checked(input);
    const held = await hold(order, data.amount);
    if (!held) throw BILLING_ERRORS.REFUND_AMOUNT_EXCEEDS_REFUNDABLE_AMOUNT();
    const { taxAmount } = held;
    const amounts = { amount: data.amount, taxAmount };
    let result: RefundResult;
    try {
      result = await ctx.processor.refund({
        intentId,
        amount: data.amount + taxAmount,
        currency: order.currency,
        reason: data.reason,
        metadata: { order_id: order.id },
        idempotencyKey: `refund_${generateRandomString(24)}`,
      });
    } catch (error) {
      ctx.app.logger.warn(`The processor refused a refund of order ${order.id}`, error);
      await ctx.write((tx) => books.release(tx, order, amounts));
      throw BILLING_ERRORS.THE_PAYMENT_PROCESSOR_DID_NOT_ACCEPT_THE_REFUND();
    }
    return ctx.write(async (tx, emit) => {
      const now = ctx.now();
      // A refund is never created canceled (refunds/status.ts): the processor's cancel is a failure.
      const status = result.status === "canceled" ? "failed" : result.status;
      const row: Omit<RefundRow, "id"> = {
        merchantId: order.merchantId,
        orderId: order.id,
        customerId: order.customerId,
        subscriptionId: order.subscriptionId ?? null,
        status,
        reason: data.reason,
        ...amounts,
        currency: order.currency,
        comment: data.comment ?? null,
        revokeBenefits: data.revokeBenefits ?? false,
        metadata: data.metadata ?? {},
        processorRefundId: result.id,
        failureReason: result.failureReason ?? null,
        createdAt: now,
        modifiedAt: now,
      };
      // The order row first (locks it), then the refund row that references it.
      if (status === "failed") await books.release(tx, order, amounts);
      const booked = status === "succeeded" ? await books.book(tx, row, 1) : null;
      const refund = await refundRepository(tx).insert(row);
      await emit(order.merchantId, "refund.created", serializeRefund(refund));
      if (booked) await books.announce(tx, emit, booked, 1);
      // `revokeBenefits` (one-time orders only): the order's grants are revoked by `runDue()`.
      if (refund.revokeBenefits && status !== "failed") await grantsOnRefund(tx, order, now);
      return serializeRefund(refund);
    });
  }

  async function find(input: { id: string } & Scoped): Promise<RefundRow> {
    const data = parseInput(refundIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const refund = await refundRepository(db).findById(data.id);
    if (!refund || refund.merchantId !== merchant.id) throw BILLING_ERRORS.REFUND_NOT_FOUND();
    return refund;
  }

  /** GET /billing/refunds/get?id= */
  const get = async (input: { id: string } & Scoped) => serializeRefund(await find(input));

  /** GET /billing/refunds/list: newest first; filters orderId, customerId, subscriptionId. */
  async function list(input: RefundListInput = {}) {
    const data = parseInput(refundListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await refundRepository(db).page(merchant.id, data, data);
    return paginated(rows.map(serializeRefund), total, page, limit);
  }

  return { create, get, list, handleProcessorEvent: updates.handleProcessorEvent, move: updates.move };
}

export type RefundService = ReturnType<typeof createRefundService>;
