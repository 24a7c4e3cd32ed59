import { defineStateTable, type StatusOf } from "../state-table";

/**
 * Checkout statuses (spec section 4) and moves (BILLING.md 1.1). `failed` is terminal and set only
 * when a processor reports a terminal failure or an abandoned authentication is swept; a declined
 * payment goes back to `open`. A confirmed checkout with nothing under way at the processor (no
 * intent) expires like an open one.
 */
export const checkoutStates = defineStateTable(
  "checkout",
  ["open", "expired", "confirmed", "succeeded", "failed"],
  {
    initial: ["open"],
    moves: {
      open: ["open", "expired", "confirmed"],
      confirmed: ["succeeded", "open", "failed", "expired"],
      expired: [],
      succeeded: [],
      failed: [],
    },
  },
);

export type CheckoutStatus = StatusOf<typeof checkoutStates>;
