import type { DBAdapter, Row } from "../../../plugin";
import { idIn, listPage } from "../repository";
import type { RefundRow } from "../rows";
import { type RefundStatus, refundStates } from "./status";

export interface RefundFilter {
  orderId?: string | undefined;
  customerId?: string | undefined;
  subscriptionId?: string | undefined;
}

/** The only code that touches `billingRefund`. */
export function refundRepository(db: DBAdapter) {
  return {
    async insert(data: Row & { status: RefundStatus }) {
      refundStates.assertInitial(data.status);
      return db.create<RefundRow>({ model: "billingRefund", data });
    },
    findById: (id: string) =>
      db.findOne<RefundRow>({ model: "billingRefund", where: [{ field: "id", value: id }] }),
    findByProcessorId: (processorRefundId: string) =>
      db.findOne<RefundRow>({
        model: "billingRefund",
        where: [{ field: "processorRefundId", value: processorRefundId }],
      }),
    /** Newest first, of one merchant; filters by order, customer and subscription. */
    page: (merchantId: string, filter: RefundFilter, window: { page?: number; limit?: number }) =>
      listPage<RefundRow>(
        db,
        "billingRefund",
        [
          { field: "merchantId", value: merchantId },
          ...(filter.orderId ? [{ field: "orderId", value: filter.orderId }] : []),
          ...(filter.customerId ? [{ field: "customerId", value: filter.customerId }] : []),
          ...(filter.subscriptionId ? [{ field: "subscriptionId", value: filter.subscriptionId }] : []),
        ],
        window,
      ),
    /** Every refund of these orders, oldest first (one query). */
    ofOrders: (orderIds: readonly string[]) =>
      db.findMany<RefundRow>({
        model: "billingRefund",
        where: idIn("orderId", orderIds),
        sortBy: { field: "createdAt", direction: "asc" },
      }),
    /** Moves the status by compare-and-set: whether this call won. Disallowed moves throw. */
    async move(id: string, from: RefundStatus, to: RefundStatus, changes: Row = {}) {
      refundStates.assertMove(from, to);
      const moved = await db.updateMany({
        model: "billingRefund",
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
