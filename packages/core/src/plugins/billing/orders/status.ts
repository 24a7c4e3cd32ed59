import { defineStateTable, type StatusOf } from "../state-table";

/**
 * Order statuses (spec section 4) and moves (BILLING.md 2.2, 5). Checkout orders start paid,
 * renewal orders pending; a pending order is voided when its subscription is revoked. Refunds move a paid order to partially_refunded or refunded (another
 * partial refund stays partially_refunded); a succeeded refund that later fails or is canceled
 * reverts the totals, and with them the status.
 */
export const orderStates = defineStateTable(
  "order",
  ["pending", "paid", "refunded", "partially_refunded", "void"],
  {
    initial: ["paid", "pending"],
    moves: {
      pending: ["paid", "void"],
      paid: ["partially_refunded", "refunded"],
      partially_refunded: ["partially_refunded", "refunded", "paid"],
      refunded: ["partially_refunded", "paid"],
      void: [],
    },
  },
);

export type OrderStatus = StatusOf<typeof orderStates>;
