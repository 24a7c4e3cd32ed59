import type { DBAdapter } from "../../../plugin";
import { loadProductsById } from "../catalog/load";
import type { BillingContext, Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { discountRepository } from "../discounts/repository";
import { BILLING_ERRORS } from "../errors";
import { organizationsOf } from "../identity";
import type { MerchantService } from "../merchants/service";
import { MAX_AMOUNT } from "../money";
import type { OrderService } from "../orders/service";
import type { OrderRow, PendingItem, PriceRow, SubscriptionRow } from "../rows";
import { periodCharge } from "./amounts";
import type { ProrationBehavior } from "./change";
import { emitSubscription } from "./events";
import { createSubscriptionOrder } from "./orders";
import { prorate } from "./proration";
import { subscriptionRepository } from "./repository";
import { minimumSeatsOf, seatLabel, seatsFor, seatTotal } from "./seat-rules";
import { BILLABLE_STATUSES } from "./status";

const day = (d: Date) => d.toISOString().slice(0, 10);
/** Billable, not ended and not set to cancel: the only subscriptions whose seats change. */
const changeable = (sub: SubscriptionRow) =>
  (BILLABLE_STATUSES as readonly string[]).includes(sub.status) && !sub.endedAt && !sub.cancelAtPeriodEnd;

interface SeatPrice {
  readonly price: PriceRow;
  readonly name: string;
}

/** The outcome of one applied seat change: the row as stored, and an invoice to charge now. */
interface SeatChange {
  readonly updated: SubscriptionRow;
  readonly invoice: OrderRow | null;
}

/**
 * Seats (seat_based prices): the seat count of an organization's subscriptions follows its member
 * count, and the merchant may set it. A change is prorated like a plan change (proration.ts): the
 * credit for the rest of the period at the old amount and the debit at the new one, to the second.
 * `prorate` carries both lines to the next renewal; `invoice` bills the difference as a
 * `subscription_update` order charged right after the change commits (a member has already joined,
 * so the change is never refused: a declined charge is dunned like a renewal). A credit (fewer
 * seats) is always carried to the next renewal.
 */
export function createSeats(
  ctx: BillingContext,
  merchants: MerchantService,
  orders: OrderService,
  chargeNow: (order: OrderRow) => Promise<unknown>,
) {
  async function seatPriceOf(db: DBAdapter, sub: SubscriptionRow): Promise<SeatPrice | null> {
    if (sub.seats === null || sub.seats === undefined) return null;
    const [loaded] = await loadProductsById(db, [sub.productId]);
    const price = loaded?.prices.find((p) => p.id === sub.priceId);
    if (!loaded || price?.amountType !== "seat_based") return null;
    return { price, name: loaded.product.name };
  }

  /** Inside `tx`: prorates, stores the new count by compare-and-set, emits; null when it lost. */
  async function apply(
    tx: DBAdapter,
    emit: Emit,
    sub: SubscriptionRow,
    { price, name }: SeatPrice,
    seats: number,
    asked?: ProrationBehavior,
  ): Promise<SeatChange | null> {
    const merchant = await merchants.byId(sub.merchantId, tx);
    const behavior = asked ?? merchant.subscriptionSettings?.prorationBehavior ?? "prorate";
    const now = ctx.now();
    const start = sub.currentPeriodStart;
    const end = sub.currentPeriodEnd ?? now;
    const discount = sub.discountId ? await discountRepository(tx).findAnyById(sub.discountId) : null;
    const next = periodCharge(price, discount, { ...sub, seats }, start);
    const credit = prorate(sub.amount, start, end, now);
    const debit = prorate(next.net, start, end, now);
    const lines: PendingItem[] = [
      {
        label: `Remaining time on ${seatLabel(name, sub.seats)} — From ${day(now)} to ${day(end)}`,
        amount: -credit,
        productPriceId: sub.priceId,
      },
      {
        label: `${seatLabel(name, seats)} — From ${day(now)} to ${day(end)}`,
        amount: debit,
        productPriceId: sub.priceId,
      },
    ];
    const invoiceNow = behavior === "invoice" && debit - credit > 0;
    const changes = {
      seats,
      amount: next.net,
      pendingItems: [...(sub.pendingItems ?? []), ...(invoiceNow ? [] : lines)],
      modifiedAt: now,
    };
    const guard = [{ field: "seats", value: sub.seats }];
    if (!(await subscriptionRepository(tx).patch(sub.id, sub.status, changes, guard))) return null;
    const updated: SubscriptionRow = { ...sub, ...changes };
    await emitSubscription(tx, emit, updated, ["subscription.updated"], true);
    if (!invoiceNow) return { updated, invoice: null };
    const customer = await customerRepository(tx).findAnyById(sub.customerId);
    const invoice = await createSubscriptionOrder({ merchants, orders, now }, tx, emit, {
      subscription: updated,
      customer,
      reason: "subscription_update",
      lines: lines.map((l) => ({ ...l, proration: true })),
      discountAmount: 0,
    });
    return { updated, invoice: invoice.status === "pending" ? invoice : null };
  }

  async function chargeInvoice(change: SeatChange | null) {
    if (!change?.invoice) return;
    await chargeNow(change.invoice).catch((error: unknown) => {
      // The order stays pending and due: the charge sweep (runDue) retries it.
      ctx.app.logger.error(`billing: seat invoice ${change.invoice?.id} failed`, error);
    });
  }

  /**
   * Brings every changeable seat subscription of the organization to its member count (never
   * below the price minimum). Each runs in one transaction that first takes the organization's
   * membership lock and counts the members under it, so concurrent membership changes end with
   * the count of the last one, whatever order their syncs run in.
   */
  async function syncOrganization(organizationId: string): Promise<SubscriptionRow[]> {
    const org = organizationsOf(ctx.app);
    if (!org) return [];
    const candidates = await subscriptionRepository(ctx.app.adapter).billableOfReference(organizationId);
    const changed: SubscriptionRow[] = [];
    for (const candidate of candidates) {
      if (candidate.seats === null || candidate.seats === undefined || !changeable(candidate)) continue;
      const change = await ctx.write(async (tx, emit) => {
        // The lock comes first: every read below sees the memberships committed before it.
        const members = await org.countMembersLocked(organizationId, tx);
        const sub = await subscriptionRepository(tx).findById(candidate.id);
        if (members === null || !sub || !changeable(sub)) return null;
        const seatPrice = await seatPriceOf(tx, sub);
        if (!seatPrice) return null;
        const seats = affordable(seatPrice.price, seatsFor(seatPrice.price, members));
        if (seats === sub.seats) return null;
        return apply(tx, emit, sub, seatPrice, seats);
      });
      await chargeInvoice(change);
      if (change) changed.push(change.updated);
    }
    return changed;
  }

  /** The merchant sets the seat count (>= the price minimum); the next membership change re-syncs it. */
  async function setSeats(sub: SubscriptionRow, seats: number, asked?: ProrationBehavior) {
    const check = (current: SubscriptionRow, seatPrice: SeatPrice | null): seatPrice is SeatPrice => {
      if (!seatPrice) throw BILLING_ERRORS.SEATS_CAN_ONLY_BE_SET_ON_A_SEAT_BASED_SUBSCRIPTION();
      if (!changeable(current))
        throw BILLING_ERRORS.THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD();
      if (seats < minimumSeatsOf(seatPrice.price))
        throw BILLING_ERRORS.SEATS_MUST_BE_AT_LEAST_THE_MINIMUM_SEATS_OF_THE_PRICE();
      if (affordable(seatPrice.price, seats) !== seats) throw BILLING_ERRORS.TOO_MANY_SEATS_FOR_THIS_PRICE();
      return true;
    };
    check(sub, await seatPriceOf(ctx.app.adapter, sub));
    if (seats === sub.seats) return sub;
    const change = await ctx.write(async (tx, emit) => {
      const current = await subscriptionRepository(tx).findById(sub.id);
      if (!current) throw BILLING_ERRORS.SUBSCRIPTION_NOT_FOUND();
      const seatPrice = await seatPriceOf(tx, current);
      if (!check(current, seatPrice) || seats === current.seats) return { updated: current, invoice: null };
      const applied = await apply(tx, emit, current, seatPrice, seats, asked);
      if (!applied)
        throw BILLING_ERRORS.THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD();
      return applied;
    });
    await chargeInvoice(change);
    return (await subscriptionRepository(ctx.app.adapter).findById(sub.id)) ?? change.updated;
  }

  return { syncOrganization, setSeats };
}

/** `seats`, or fewer when seats x seatAmount would pass the largest amount billed. */
function affordable(price: PriceRow, seats: number): number {
  if (seatTotal(price, seats) <= MAX_AMOUNT) return seats;
  return Math.max(1, Math.floor(MAX_AMOUNT / Math.max(1, price.seatAmount ?? 1)));
}
