import type { DBAdapter, Row, Where } from "../../../plugin";
import { listPage } from "../repository";
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
      return listPage<SubscriptionRow>(db, "billingSubscription", where, window);
    },
    /** Billable (active, trialing, past_due) subscriptions bought for one reference (organization). */
    billableOfReference: (referenceId: string) =>
      db.findMany<SubscriptionRow>({
        model: "billingSubscription",
        where: [
          { field: "referenceId", value: referenceId },
          { field: "status", operator: "in", value: [...BILLABLE_STATUSES] },
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      }),
    findById: (id: string) =>
      db.findOne<SubscriptionRow>({ model: "billingSubscription", where: [{ field: "id", value: id }] }),
    /** Newest first, of one merchant, filtered; with the total. */
    async pageForMerchant(
      merchantId: string,
      filter: { customerId?: string; productId?: string; statuses?: readonly SubscriptionStatus[] },
      window: { page: number; limit: number },
    ) {
      const where: Where = [
        { field: "merchantId", value: merchantId },
        ...(filter.customerId ? [{ field: "customerId", value: filter.customerId }] : []),
        ...(filter.productId ? [{ field: "productId", value: filter.productId }] : []),
        ...(filter.statuses
          ? [{ field: "status", operator: "in" as const, value: [...filter.statuses] }]
          : []),
      ];
      return listPage<SubscriptionRow>(db, "billingSubscription", where, window);
    },
    /** Active or trialing subscriptions of a product (its benefits changed). */
    activeOfProduct: (productId: string) =>
      db.findMany<SubscriptionRow>({
        model: "billingSubscription",
        where: [
          { field: "productId", value: productId },
          { field: "status", operator: "in", value: [...ACTIVE_STATUSES] },
        ],
      }),
    /**
     * Claims up to `limit` due subscriptions (active or trialing, period ended by `now`, held by no
     * live claim), oldest period end first, for one worker: one conditional update that sets a
     * lease and a token shared by the batch; a row is never held by two workers at once. The rows
     * come back with the token (`lockToken`).
     */
    claimDue: (now: Date, limit: number, leaseMs: number) =>
      db.claimDue<SubscriptionRow>({
        model: "billingSubscription",
        where: [
          { field: "status", operator: "in", value: [...ACTIVE_STATUSES] },
          { field: "currentPeriodEnd", operator: "lte", value: now },
        ],
        sortBy: { field: "currentPeriodEnd", direction: "asc" },
        limit,
        leaseMs,
        now,
      }),
    /** Changes a row only while it is in `status` (and matches `guard`): whether it did. */
    async patch(id: string, status: SubscriptionStatus, changes: Row, guard: Where = []) {
      const changed = await db.updateMany({
        model: "billingSubscription",
        where: [{ field: "id", value: id }, { field: "status", value: status }, ...guard],
        update: changes,
      });
      return changed > 0;
    },
    /**
     * Moves the status by compare-and-set (`WHERE id AND status = from`, plus `guard`): whether
     * this call won. A move the state table does not allow throws.
     */
    async move(
      id: string,
      from: SubscriptionStatus,
      to: SubscriptionStatus,
      changes: Row = {},
      guard: Where = [],
    ) {
      subscriptionStates.assertMove(from, to);
      const moved = await db.updateMany({
        model: "billingSubscription",
        where: [{ field: "id", value: id }, { field: "status", value: from }, ...guard],
        update: { ...changes, status: to },
      });
      return moved > 0;
    },
  };
}
