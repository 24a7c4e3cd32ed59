import type { DBAdapter, Row } from "../../../db/adapter";
import type { Where } from "../../../db/where";
import { idIn } from "../repository";
import type { OrderItemRow, OrderRow } from "../rows";
import { type OrderStatus, orderStates } from "./status";

/** The only code that touches `billingOrder` and `billingOrderItem`. */
export function orderRepository(db: DBAdapter) {
  return {
    findByCheckout: (checkoutId: string) =>
      db.findOne<OrderRow>({ model: "billingOrder", where: [{ field: "checkoutId", value: checkoutId }] }),
    async insert(data: Row & { status: OrderStatus }) {
      orderStates.assertInitial(data.status);
      return db.create<OrderRow>({ model: "billingOrder", data });
    },
    insertItem: (data: Row) => db.create<OrderItemRow>({ model: "billingOrderItem", data }),
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
      const [rows, total] = await Promise.all([
        db.findMany<OrderRow>({
          model: "billingOrder",
          where,
          sortBy: { field: "createdAt", direction: "desc" },
          limit: window.limit,
          offset: (window.page - 1) * window.limit,
        }),
        db.count({ model: "billingOrder", where }),
      ]);
      return { rows, total };
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
