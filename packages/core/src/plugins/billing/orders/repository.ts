import type { DBAdapter, Row, Where } from "../../../plugin";
import { idIn, listPage } from "../repository";
import type { OrderItemRow, OrderRow } from "../rows";
import { type OrderStatus, orderStates } from "./status";

export interface OrderFilter {
  customerIds?: readonly string[] | undefined;
  productId?: string | undefined;
  billingReason?: string | undefined;
  status?: OrderStatus | undefined;
}

/** The only code that touches `billingOrder` and `billingOrderItem`. */
export function orderRepository(db: DBAdapter) {
  return {
    findByCheckout: (checkoutId: string) =>
      db.findOne<OrderRow>({ model: "billingOrder", where: [{ field: "checkoutId", value: checkoutId }] }),
    async insert(data: Row & { status: OrderStatus }) {
      orderStates.assertInitial(data.status);
      return db.create<OrderRow>({ model: "billingOrder", data });
    },
    findById: (id: string) =>
      db.findOne<OrderRow>({ model: "billingOrder", where: [{ field: "id", value: id }] }),
    /**
     * Refunds: holds (`by` > 0) or gives back (`by` < 0) part of the refundable rest (`field`
     * `refundReservedAmount`, up to `netAmount`; `refundReservedTaxAmount`, up to `taxAmount`) with a
     * guarded increment that never overshoots under concurrency: the row after, or null if refused.
     */
    holdRefund: (
      order: Pick<OrderRow, "id" | "netAmount" | "taxAmount">,
      field: "refundReservedAmount" | "refundReservedTaxAmount",
      by: number,
    ) =>
      db.incrementOne<OrderRow>({
        model: "billingOrder",
        where: [{ field: "id", value: order.id }],
        field,
        by,
        max: Math.max(0, field === "refundReservedAmount" ? order.netAmount : order.taxAmount),
        min: 0,
      }),
    /** Adds a refund's amounts to the refunded totals (negative: reverts them); the row after. */
    async addRefunded(order: Pick<OrderRow, "id" | "netAmount" | "taxAmount">, amount: number, tax: number) {
      const where = [{ field: "id", value: order.id }];
      const bump = (field: string, by: number, max: number) =>
        db.incrementOne<OrderRow>({ model: "billingOrder", where, field, by, max, min: 0 });
      const after = await bump("refundedAmount", amount, order.netAmount);
      if (tax !== 0) return bump("refundedTaxAmount", tax, Math.max(0, order.taxAmount));
      return after;
    },
    /** Several new orders in one multi-row insert (renewal batches); how many were written. */
    async insertMany(data: readonly (Row & { status: OrderStatus })[]) {
      for (const row of data) orderStates.assertInitial(row.status);
      return db.createMany({ model: "billingOrder", data });
    },
    /** A merchant's orders by invoice number (one query). */
    byInvoiceNumbers: (merchantId: string, numbers: readonly string[]) =>
      db.findMany<OrderRow>({
        model: "billingOrder",
        where: [{ field: "merchantId", value: merchantId }, ...idIn("invoiceNumber", numbers)],
      }),
    insertItem: (data: Row) => db.create<OrderItemRow>({ model: "billingOrderItem", data }),
    insertItems: (data: readonly Row[]) => db.createMany({ model: "billingOrderItem", data }),
    itemsOf: (orderIds: readonly string[]) =>
      db.findMany<OrderItemRow>({
        model: "billingOrderItem",
        where: idIn("orderId", orderIds),
        sortBy: { field: "createdAt" },
      }),
    /** Newest first, of the given customers; recurring (with a subscription) or one-time only. */
    async pageForCustomers(
      customerIds: readonly string[],
      billingType: "recurring" | "one_time" | undefined,
      window: { page: number; limit: number },
    ) {
      const where: Where = [
        { field: "customerId", operator: "in", value: [...customerIds] },
        ...(billingType === "recurring"
          ? [{ field: "subscriptionId", operator: "ne" as const, value: null }]
          : []),
        ...(billingType === "one_time" ? [{ field: "subscriptionId", value: null }] : []),
      ];
      return listPage<OrderRow>(db, "billingOrder", where, window);
    },
    /** Newest first, of one merchant (merchant read API); every filter optional. */
    pageForMerchant: (
      merchantId: string,
      filter: OrderFilter,
      window: { page?: number | undefined; limit?: number | undefined },
    ) =>
      listPage<OrderRow>(
        db,
        "billingOrder",
        [
          { field: "merchantId", value: merchantId },
          ...(filter.customerIds
            ? [{ field: "customerId", operator: "in" as const, value: [...filter.customerIds] }]
            : []),
          ...(filter.productId ? [{ field: "productId", value: filter.productId }] : []),
          ...(filter.billingReason ? [{ field: "billingReason", value: filter.billingReason }] : []),
          ...(filter.status ? [{ field: "status", value: filter.status }] : []),
        ],
        window,
      ),
    /** Pending orders of a subscription (awaiting an off-session charge), oldest first. */
    pendingOf: (subscriptionId: string) =>
      db.findMany<OrderRow>({
        model: "billingOrder",
        where: [
          { field: "subscriptionId", value: subscriptionId },
          { field: "status", value: "pending" },
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      }),
    /** Pending orders whose next charge attempt is due. */
    dueCharges: (now: Date, limit: number) =>
      db.findMany<OrderRow>({
        model: "billingOrder",
        where: [
          { field: "status", value: "pending" },
          { field: "nextPaymentAttemptAt", operator: "lte", value: now },
        ],
        sortBy: { field: "nextPaymentAttemptAt", direction: "asc" },
        limit,
      }),
    /**
     * Claims a due charge: moves its next attempt to `until` only while it is still due, so of
     * concurrent workers one charges. Whether this call won.
     */
    async claimCharge(id: string, now: Date, until: Date) {
      const claimed = await db.updateMany({
        model: "billingOrder",
        where: [
          { field: "id", value: id },
          { field: "status", value: "pending" },
          { field: "nextPaymentAttemptAt", operator: "lte", value: now },
        ],
        update: { nextPaymentAttemptAt: until },
      });
      return claimed > 0;
    },
    /** Changes a pending order (attempt bookkeeping): whether it was still pending. */
    async patchPending(id: string, changes: Row) {
      const changed = await db.updateMany({
        model: "billingOrder",
        where: [
          { field: "id", value: id },
          { field: "status", value: "pending" },
        ],
        update: changes,
      });
      return changed > 0;
    },
    /** Moves the status by compare-and-set: whether this call won. Disallowed moves throw. */
    async move(id: string, from: OrderStatus, to: OrderStatus, changes: Row = {}) {
      orderStates.assertMove(from, to);
      const moved = await db.updateMany({
        model: "billingOrder",
        where: [
          { field: "id", value: id },
          { field: "status", value: from },
        ],
        update: { ...changes, status: to },
      });
      return moved > 0;
    },
  };
}
