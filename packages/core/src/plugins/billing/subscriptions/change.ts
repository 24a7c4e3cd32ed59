import type { DBAdapter } from "../../../plugin";
import { loadProductsById } from "../catalog/load";
import type { BillingContext } from "../context";
import { customerRepository } from "../customers/repository";
import { discountRepository } from "../discounts/repository";
import { BILLING_ERRORS, paymentFailed } from "../errors";
import type { MerchantService } from "../merchants/service";
import type { OrderService } from "../orders/service";
import type { PendingItem, PriceRow, SubscriptionRow } from "../rows";
import { periodCharge } from "./amounts";
import { emitSubscription } from "./events";
import { createSubscriptionOrder } from "./orders";
import { nextPeriodEnd } from "./periods";
import { prorate } from "./proration";
import { subscriptionRepository } from "./repository";
import { seatsFor } from "./seat-rules";
import { BILLABLE_STATUSES } from "./status";

export type ProrationBehavior = "invoice" | "prorate";
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Product / price change (BILLING.md 3.6). The credit for the unused time of the current price and
 * the debit for the rest of the period at the new price are computed to the second. `invoice`
 * charges the difference now as a `subscription_update` order (the charge comes first: when it
 * fails nothing changes); `prorate` carries both lines to the next renewal. A change of interval
 * (month <-> year) restarts the period now, charges the full new price less the credit, and is
 * always invoiced. A negative invoice total (a downgrade) is carried to the next renewal.
 */
export function createPlanChange(ctx: BillingContext, merchants: MerchantService, orders: OrderService) {
  async function plan(db: DBAdapter, sub: SubscriptionRow, productId: string, asked?: ProrationBehavior) {
    if (
      !(BILLABLE_STATUSES as readonly string[]).includes(sub.status) ||
      sub.endedAt ||
      sub.cancelAtPeriodEnd
    )
      throw BILLING_ERRORS.THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD();
    if (productId === sub.productId) throw BILLING_ERRORS.THE_SUBSCRIPTION_IS_ALREADY_ON_THIS_PRODUCT();
    const [target] = await loadProductsById(db, [productId], sub.merchantId);
    if (!target || target.product.merchantId !== sub.merchantId)
      throw BILLING_ERRORS.PRODUCT_DOES_NOT_EXIST();
    if (target.product.isArchived) throw BILLING_ERRORS.PRODUCT_IS_ARCHIVED();
    if (!target.product.isRecurring) throw BILLING_ERRORS.PRODUCT_IS_NOT_RECURRING();
    const prices = target.prices.filter((p) => !p.isArchived && p.priceCurrency === sub.currency);
    if (prices.some((p) => p.amountType === "custom"))
      throw BILLING_ERRORS.CAN_T_UPDATE_TO_A_PRODUCT_WITH_CUSTOM_PRICES();
    const price: PriceRow | undefined = prices.find((p) => p.amountType !== "metered_unit");
    if (!price) throw BILLING_ERRORS.PRODUCT_HAS_NO_PRICE_IN_THE_SUBSCRIPTION_CURRENCY();
    const [current] = await loadProductsById(db, [sub.productId]);
    const merchant = await merchants.byId(sub.merchantId, db);
    const now = ctx.now();
    const start = sub.currentPeriodStart;
    const end = sub.currentPeriodEnd ?? now;
    const interval = price.recurringInterval ?? target.product.recurringInterval ?? sub.recurringInterval;
    const restart = interval !== sub.recurringInterval;
    const behavior: ProrationBehavior = restart
      ? "invoice"
      : (asked ?? merchant.subscriptionSettings?.prorationBehavior ?? "prorate");
    const discount = sub.discountId ? await discountRepository(db).findAnyById(sub.discountId) : null;
    const next = periodCharge(price, discount, sub, start);
    const newEnd = restart ? nextPeriodEnd(now, now.getUTCDate(), interval) : end;
    // During a trial nothing has been paid and nothing is owed yet (BILLING.md 3.6): the plan is
    // swapped with no proration and no charge; the trial keeps its end, then bills the new plan.
    if (sub.status === "trialing") {
      const changes = {
        productId: target.product.id,
        priceId: price.id,
        amount: next.net,
        recurringInterval: interval,
        modifiedAt: now,
      };
      return { behavior, credit: 0, debit: 0, total: 0, lines: [] as PendingItem[], changes, now };
    }
    const credit = prorate(sub.amount, start, end, now);
    const debit = restart ? next.net : prorate(next.net, start, end, now);
    const oldName = current?.product.name ?? "Subscription";
    const lines: PendingItem[] = [
      {
        label: `Remaining time on ${oldName} — From ${day(now)} to ${day(end)}`,
        amount: -credit,
        productPriceId: sub.priceId,
      },
      {
        label: `${target.product.name} — From ${day(now)} to ${day(newEnd)}`,
        amount: debit,
        productPriceId: price.id,
      },
    ];
    const changes = {
      productId: target.product.id,
      priceId: price.id,
      amount: next.net,
      // A seat price keeps the seats held (or its minimum); the next membership change re-syncs.
      seats: price.amountType === "seat_based" ? seatsFor(price, sub.seats ?? null) : null,
      ...(restart
        ? {
            recurringInterval: interval,
            currentPeriodStart: now,
            currentPeriodEnd: newEnd,
            anchorDay: now.getUTCDate(),
          }
        : {}),
      modifiedAt: now,
    };
    return { behavior, credit, debit, total: debit - credit, lines, changes, now };
  }

  /** The amounts a change would produce, without changing anything. */
  async function preview(sub: SubscriptionRow, productId: string, asked?: ProrationBehavior) {
    const p = await plan(ctx.app.adapter, sub, productId, asked);
    return {
      prorationBehavior: p.behavior,
      creditAmount: p.credit,
      debitAmount: p.debit,
      /** Charged now (`invoice`), or added to the next renewal (`prorate`). */
      prorationAmount: p.total,
      dueNow: p.behavior === "invoice" ? Math.max(0, p.total) : 0,
      newAmount: p.changes.amount,
      currency: sub.currency,
      items: p.lines.map((l) => ({ ...l, proration: true })),
    };
  }

  async function change(sub: SubscriptionRow, productId: string, asked?: ProrationBehavior) {
    const p = await plan(ctx.app.adapter, sub, productId, asked);
    const invoiceNow = p.behavior === "invoice" && p.total > 0;
    let intentId: string | undefined;
    if (invoiceNow) {
      const customer = await customerRepository(ctx.app.adapter).findAnyById(sub.customerId);
      if (!sub.paymentMethodId || !customer?.processorCustomerId)
        throw paymentFailed("No payment method on file", "no_payment_method");
      const result = await ctx.processor.chargeOffSession({
        reference: `subscription_update:${sub.id}`,
        merchantId: sub.merchantId,
        amount: p.total,
        currency: sub.currency,
        processorCustomerId: customer.processorCustomerId,
        paymentMethodId: sub.paymentMethodId,
        metadata: { subscription_id: sub.id, billing_reason: "subscription_update" },
        idempotencyKey: `subscription_update:${sub.id}:${sub.modifiedAt.getTime()}:${productId}`,
      });
      if (result.status !== "succeeded")
        throw paymentFailed(
          result.status === "failed" ? result.reason : "The payment requires authentication",
          result.status === "failed" ? result.declineCode : "authentication_required",
        );
      intentId = result.intentId;
    }
    return ctx.write(async (tx, emit) => {
      const carried = invoiceNow ? [] : p.lines;
      const changes = { ...p.changes, pendingItems: [...(sub.pendingItems ?? []), ...carried] };
      const guard = [{ field: "productId", value: sub.productId }];
      if (!(await subscriptionRepository(tx).patch(sub.id, sub.status, changes, guard)))
        throw BILLING_ERRORS.THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD();
      const updated: SubscriptionRow = { ...sub, ...changes };
      await emitSubscription(tx, emit, updated, ["subscription.updated"], true);
      if (invoiceNow && intentId) {
        const customer = await customerRepository(tx).findAnyById(sub.customerId);
        await createSubscriptionOrder({ merchants, orders, now: p.now }, tx, emit, {
          subscription: updated,
          customer,
          reason: "subscription_update",
          lines: p.lines.map((l) => ({ ...l, proration: true })),
          discountAmount: 0,
          paidWith: intentId,
        });
      }
      return updated;
    });
  }

  return { preview, change };
}
