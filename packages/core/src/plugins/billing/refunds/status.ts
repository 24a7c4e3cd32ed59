import { defineStateTable, type StatusOf } from "../state-table";

/**
 * Refund statuses (spec section 4) and moves (BILLING.md 5). The first status comes from the
 * processor, so a refund may be created in any of them except canceled. A succeeded refund may
 * still fail or be canceled later (its amounts are then taken back from the order).
 */
export const refundStates = defineStateTable("refund", ["pending", "succeeded", "failed", "canceled"], {
  initial: ["pending", "succeeded", "failed"],
  moves: {
    pending: ["succeeded", "failed", "canceled"],
    succeeded: ["failed", "canceled"],
    failed: [],
    canceled: [],
  },
});

export type RefundStatus = StatusOf<typeof refundStates>;
