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
 * (BILLING.md 4.2): `once` only to the first (checkout) period, `forever` always, `repeating` to
 * periods starting within `durationInMonths` months of the subscription's start. After a trial,
 * the first paid period (starting at `trialEnd`) counts as the first one.
 */
export function discountApplies(
  discount: DiscountRow | null,
  subscription: SubscriptionRow,
  periodStart: Date,
): discount is DiscountRow {
  if (!discount) return false;
  if (discount.duration === "forever") return true;
  // After a trial the discount starts with the first paid period, the one starting at trialEnd.
  const trialEnd = subscription.trialEnd ?? null;
  if (discount.duration === "once") return trialEnd !== null && periodStart.getTime() === trialEnd.getTime();
  if (discount.duration !== "repeating") return false;
  const started = trialEnd ?? subscription.startedAt ?? subscription.createdAt;
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
