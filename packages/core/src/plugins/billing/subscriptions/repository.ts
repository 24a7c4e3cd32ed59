import type { DBAdapter, Row } from "../../../db/adapter";
import type { Where } from "../../../db/where";
import type { SubscriptionRow } from "../rows";
import { ACTIVE_STATUSES, BILLABLE_STATUSES, type SubscriptionStatus, subscriptionStates } from "./status";

/** The only code that touches `billingSubscription`. */
export function subscriptionRepository(db: DBAdapter) {
  return {
    async insert(data: Row & { status: SubscriptionStatus }) {
      subscriptionStates.assertInitial(data.status);
      return db.create<SubscriptionRow>({ model: "billingSubscription", data });
    },
    /** How many billable subscriptions (active, trialing, past_due) the customer has. */
    countBillable: (customerId: string) =>
      db.count({
        model: "billingSubscription",
        where: [
          { field: "customerId", value: customerId },
          { field: "status", operator: "in", value: [...BILLABLE_STATUSES] },
        ],
      }),
    /** Active or trialing, oldest first (customer state). */
    listActive: (customerId: string) =>
      db.findMany<SubscriptionRow>({
        model: "billingSubscription",
        where: [
          { field: "customerId", value: customerId },
          { field: "status", operator: "in", value: [...ACTIVE_STATUSES] },
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      }),
    findByIds: (ids: readonly string[]) =>
      db.findMany<SubscriptionRow>({
        model: "billingSubscription",
        where: [{ field: "id", operator: "in", value: [...ids] }],
      }),
    /**
     * Newest first, of the given customers or of one reference (organization), optionally only
     * some statuses; with the total.
     */
    async page(
      scope: { customerIds: readonly string[] } | { referenceId: string },
      statuses: readonly SubscriptionStatus[] | null,
      window: { page: number; limit: number },
    ) {
      const where: Where = [
        "referenceId" in scope
          ? { field: "referenceId", value: scope.referenceId }
          : { field: "customerId", operator: "in", value: [...scope.customerIds] },
        ...(statuses ? [{ field: "status", operator: "in" as const, value: [...statuses] }] : []),
      ];
      const [rows, total] = await Promise.all([
        db.findMany<SubscriptionRow>({
          model: "billingSubscription",
          where,
          sortBy: { field: "createdAt", direction: "desc" },
          limit: window.limit,
          offset: (window.page - 1) * window.limit,
        }),
        db.count({ model: "billingSubscription", where }),
      ]);
      return { rows, total };
    },
    /**
     * Moves the status by compare-and-set (`WHERE id AND status = from`): whether this call won.
     * A move the state table does not allow throws.
     */
    async move(id: string, from: SubscriptionStatus, to: SubscriptionStatus, changes: Row = {}) {
      subscriptionStates.assertMove(from, to);
      const moved = await db.updateMany({
        model: "billingSubscription",
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
