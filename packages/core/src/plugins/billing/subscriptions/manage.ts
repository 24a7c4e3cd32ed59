import type { BillingContext } from "../context";
import { BILLING_ERRORS, validationFailed } from "../errors";
import type { MerchantService } from "../merchants/service";
import type { OrderService } from "../orders/service";
import type { SubscriptionRow } from "../rows";
import { createPlanChange, type ProrationBehavior } from "./change";
import { createCharges } from "./charges";
import { createDiscountChange } from "./discount-change";
import { type CancellationReason, createLifecycle } from "./lifecycle";
import { createRenewals } from "./renewal";
import { subscriptionRepository } from "./repository";
import { renewAndCharge } from "./run-due";
import { createSeats } from "./seats";
import { serializeSubscription, serializeSubscriptions } from "./shape";
import type { SubscriptionStatus } from "./status";

export interface SubscriptionUpdate {
  cancelAtPeriodEnd?: boolean | undefined;
  productId?: string | undefined;
  prorationBehavior?: ProrationBehavior | undefined;
  /** A seat subscription's new seat count (>= the price minimum). */
  seats?: number | undefined;
  cancellationReason?: CancellationReason | null | undefined;
  cancellationComment?: string | null | undefined;
  /** Merchant only: set, replace or remove (null) the discount, on its own. */
  discountId?: string | null | undefined;
}

/**
 * Subscriptions, part 2: renewals and charges (`runDue`), cancel / uncancel / revoke, and the
 * lookups of the buyer and merchant endpoints.
 */
export function createSubscriptionOps(ctx: BillingContext, merchants: MerchantService, orders: OrderService) {
  const renewals = createRenewals(ctx, merchants, orders);
  const charges = createCharges(ctx, orders);
  const lifecycle = createLifecycle(ctx, merchants, orders);
  const planChange = createPlanChange(ctx, merchants, orders);
  const seats = createSeats(ctx, merchants, orders, charges.chargeNow);
  const discountChange = createDiscountChange(ctx);
  const repo = () => subscriptionRepository(ctx.app.adapter);

  /** A subscription of this merchant, or 404. */
  async function ofMerchant(merchantId: string, id: string): Promise<SubscriptionRow> {
    const sub = await repo().findById(id);
    if (!sub || sub.merchantId !== merchantId) throw BILLING_ERRORS.SUBSCRIPTION_NOT_FOUND();
    return sub;
  }

  /**
   * Applies an update: a discount change, a product change (with its proration), a seat count
   * (prorated the same way), or a cancel-flag change (true cancels at period end, false uncancels).
   */
  async function applyUpdate(sub: SubscriptionRow, input: SubscriptionUpdate) {
    if (input.discountId !== undefined) {
      if (input.productId || input.seats !== undefined || input.cancelAtPeriodEnd !== undefined)
        throw validationFailed([{ path: ["discountId"], message: "Change the discount in its own update." }]);
      return discountChange.setDiscount(sub, input.discountId);
    }
    if (input.productId) return planChange.change(sub, input.productId, input.prorationBehavior);
    if (input.seats !== undefined) return seats.setSeats(sub, input.seats, input.prorationBehavior);
    if (input.cancelAtPeriodEnd === true)
      return lifecycle.cancelAtPeriodEnd(sub, {
        reason: input.cancellationReason ?? null,
        comment: input.cancellationComment ?? null,
      });
    if (input.cancelAtPeriodEnd === false) return lifecycle.uncancel(sub);
    return sub;
  }

  /** Renewals (they create pending orders) and every due charge (renewals and dunning). */
  const runDue = () => renewAndCharge(ctx, renewals, charges, ctx.options.subscriptions?.renewalConcurrency);

  async function list(
    merchantId: string,
    filter: { customerId?: string; productId?: string; status?: SubscriptionStatus; active?: boolean },
    window: { page: number; limit: number },
  ) {
    const statuses: readonly SubscriptionStatus[] | undefined = filter.status
      ? [filter.status]
      : filter.active === true
        ? ["active", "trialing"]
        : filter.active === false
          ? ["past_due", "canceled", "unpaid", "incomplete", "incomplete_expired"]
          : undefined;
    const { rows, total } = await repo().pageForMerchant(
      merchantId,
      {
        ...(filter.customerId ? { customerId: filter.customerId } : {}),
        ...(filter.productId ? { productId: filter.productId } : {}),
        ...(statuses ? { statuses } : {}),
      },
      window,
    );
    return { items: await serializeSubscriptions(ctx.app.adapter, rows), total };
  }

  /** A subscription in the spec's complete shape (customer, product, prices, meters). */
  const shape = (row: SubscriptionRow) => serializeSubscription(ctx.app.adapter, row);

  return {
    shape,
    ...lifecycle,
    ofMerchant,
    findById: (id: string) => repo().findById(id),
    applyUpdate,
    previewChange: planChange.preview,
    /** Seats follow membership: called on organization.member.added / removed. */
    syncSeats: seats.syncOrganization,
    list,
    runDue,
  };
}
