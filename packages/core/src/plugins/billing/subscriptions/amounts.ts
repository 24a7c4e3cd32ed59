import { discountAmountFor } from "../money";
import type { DiscountRow, PriceRow, SubscriptionRow } from "../rows";
import { nextPeriodEnd } from "./periods";
import { seatsFor, seatTotal } from "./seat-rules";

/**
 * The price of one period before discounts: fixed amount, 0 for free, seats x seatAmount, the
 * agreed amount otherwise.
 */
export function basePriceAmount(price: PriceRow | null, subscription: SubscriptionRow): number {
  if (!price) return subscription.amount;
  if (price.amountType === "fixed") return price.priceAmount ?? 0;
  if (price.amountType === "free" || price.amountType === "metered_unit") return 0;
  if (price.amountType === "seat_based") return seatTotal(price, seatsFor(price, subscription.seats ?? null));
  return subscription.amount;
}

/**
 * Whether a subscription's discount still applies to the period starting at `periodStart`
 * (BILLING.md 4.2), counted from the first period billed with it: `discountAppliedAt` (a
 * discount a merchant set on the subscription), else `trialEnd` (the first paid period after a
 * trial), else the subscription's start (a checkout discount, whose first period was the
 * checkout's). `once` applies only to that first period, `forever` always, `repeating` to periods
 * starting within `durationInMonths` months of it.
 */
export function discountApplies(
  discount: DiscountRow | null,
  subscription: SubscriptionRow,
  periodStart: Date,
): discount is DiscountRow {
  if (!discount) return false;
  if (discount.duration === "forever") return true;
  const first = subscription.discountAppliedAt ?? subscription.trialEnd ?? null;
  if (discount.duration === "once") return first !== null && periodStart.getTime() === first.getTime();
  if (discount.duration !== "repeating") return false;
  const started = first ?? subscription.startedAt ?? subscription.createdAt;
  const until = nextPeriodEnd(started, started.getUTCDate(), "month", discount.durationInMonths ?? 1);
  return periodStart.getTime() < until.getTime();
}

/** Base and discount of the period starting at `periodStart`. */
export function periodCharge(
  price: PriceRow | null,
  discount: DiscountRow | null,
  subscription: SubscriptionRow,
  periodStart: Date,
) {
  const base = basePriceAmount(price, subscription);
  const discountAmount = discountApplies(discount, subscription, periodStart)
    ? discountAmountFor(discount, base)
    : 0;
  return { base, discountAmount, net: base - discountAmount };
}
