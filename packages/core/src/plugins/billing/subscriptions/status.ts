import { defineStateTable, type StatusOf } from "../state-table";

/**
 * Subscription statuses (spec section 4) and moves (BILLING.md 3.1, 3.5, 3.8). `incomplete`,
 * `incomplete_expired` and `unpaid` are kept for compatibility (the engine never sets them itself).
 * A cancel at period end keeps the status (only flags change); revoking or the end of the period
 * moves to canceled.
 */
export const subscriptionStates = defineStateTable(
  "subscription",
  ["incomplete", "incomplete_expired", "trialing", "active", "past_due", "canceled", "unpaid"],
  {
    initial: ["incomplete", "trialing", "active"],
    moves: {
      incomplete: ["active", "incomplete_expired"],
      incomplete_expired: [],
      trialing: ["active", "past_due", "canceled"],
      active: ["past_due", "canceled"],
      past_due: ["active", "canceled", "unpaid"],
      unpaid: ["active", "canceled"],
      canceled: [],
    },
  },
);

export type SubscriptionStatus = StatusOf<typeof subscriptionStates>;

/** Active (derived): trialing or active. */
export const ACTIVE_STATUSES = ["active", "trialing"] as const satisfies readonly SubscriptionStatus[];
/** Billable: active or past due. */
export const BILLABLE_STATUSES = [
  "active",
  "trialing",
  "past_due",
] as const satisfies readonly SubscriptionStatus[];
