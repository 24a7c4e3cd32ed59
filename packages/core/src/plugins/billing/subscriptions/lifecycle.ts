import type { BillingContext } from "../context";
import { BILLING_ERRORS } from "../errors";
import type { MerchantService } from "../merchants/service";
import type { OrderService } from "../orders/service";
import type { SubscriptionRow } from "../rows";
import { emitSubscription, endNow } from "./events";
import { settleFinalUsage } from "./metered";
import { subscriptionRepository } from "./repository";
import { BILLABLE_STATUSES, type SubscriptionStatus } from "./status";

/** Customer cancellation reasons (spec section 4). */
export const CANCELLATION_REASONS = [
  "customer_service",
  "low_quality",
  "missing_features",
  "switched_service",
  "too_complex",
  "too_expensive",
  "unused",
  "other",
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

const isBillable = (s: SubscriptionStatus) => (BILLABLE_STATUSES as readonly string[]).includes(s);

/**
 * Cancel at period end, uncancel and revoke (BILLING.md 3.5; a revoke bills the usage so far). Each is one transaction whose
 * write is a compare-and-set on the status (and the cancel flag), so a concurrent change (a
 * renewal, another cancel) makes it fail cleanly instead of overwriting.
 */
export function createLifecycle(ctx: BillingContext, merchants: MerchantService, orders: OrderService) {
  const conflict = () =>
    BILLING_ERRORS.THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD();

  /** Stays active until `currentPeriodEnd`; the renewal then ends it. */
  function cancelAtPeriodEnd(
    sub: SubscriptionRow,
    input: { reason?: CancellationReason | null; comment?: string | null },
  ) {
    return ctx.write(async (tx, emit) => {
      if (!isBillable(sub.status) || sub.endedAt || sub.cancelAtPeriodEnd || sub.endsAt) throw conflict();
      const now = ctx.now();
      const changes = {
        cancelAtPeriodEnd: true,
        canceledAt: now,
        endsAt: sub.currentPeriodEnd ?? now,
        customerCancellationReason: input.reason ?? null,
        customerCancellationComment: input.comment ?? null,
        modifiedAt: now,
      };
      const guard = [{ field: "cancelAtPeriodEnd", value: false }];
      if (!(await subscriptionRepository(tx).patch(sub.id, sub.status, changes, guard))) throw conflict();
      const updated = { ...sub, ...changes };
      await emitSubscription(tx, emit, updated, ["subscription.updated", "subscription.canceled"], true);
      return updated;
    });
  }

  /** Takes back a cancel at period end, while the subscription has not ended. */
  function uncancel(sub: SubscriptionRow) {
    return ctx.write(async (tx, emit) => {
      if (sub.endedAt || !isBillable(sub.status)) throw BILLING_ERRORS.THIS_SUBSCRIPTION_HAS_ENDED();
      if (!sub.cancelAtPeriodEnd) throw BILLING_ERRORS.THIS_SUBSCRIPTION_IS_NOT_SET_TO_CANCEL();
      const now = ctx.now();
      const changes = {
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endsAt: null,
        customerCancellationReason: null,
        customerCancellationComment: null,
        modifiedAt: now,
      };
      const guard = [{ field: "cancelAtPeriodEnd", value: true }];
      if (!(await subscriptionRepository(tx).patch(sub.id, sub.status, changes, guard)))
        throw BILLING_ERRORS.THIS_SUBSCRIPTION_IS_NOT_SET_TO_CANCEL();
      const updated = { ...sub, ...changes };
      await emitSubscription(tx, emit, updated, ["subscription.updated", "subscription.uncanceled"], true);
      return updated;
    });
  }

  /** Ends now: status canceled, pending orders voided. */
  function revoke(
    sub: SubscriptionRow,
    input: { reason?: CancellationReason | null; comment?: string | null } = {},
  ) {
    return ctx.write(async (tx, emit) => {
      if (!isBillable(sub.status) || sub.endedAt) throw conflict();
      const withReason = {
        ...sub,
        ...(input.reason !== undefined ? { customerCancellationReason: input.reason } : {}),
        ...(input.comment !== undefined ? { customerCancellationComment: input.comment } : {}),
      };
      const now = ctx.now();
      const ended = await endNow(tx, emit, orders, withReason, now, {
        customerCancellationReason: withReason.customerCancellationReason ?? null,
        customerCancellationComment: withReason.customerCancellationComment ?? null,
      });
      if (!ended) throw conflict();
      // Unbilled usage of the period so far is settled on a final order (BILLING.md 3.5).
      await settleFinalUsage({ merchants, orders, now }, tx, emit, ended, now);
      return ended;
    });
  }

  return { cancelAtPeriodEnd, uncancel, revoke };
}
