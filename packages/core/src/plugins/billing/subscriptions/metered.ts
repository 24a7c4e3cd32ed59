import type { DBAdapter, Row } from "../../../db/adapter";
import { type LoadedProduct, loadProductsById } from "../catalog/load";
import type { Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { discountRepository } from "../discounts/repository";
import { creditBalance, settle } from "../meter-credits/ledger";
import { meterCreditRepository } from "../meter-credits/repository";
import { discountAmountFor, formatMoney, meteredAmount } from "../money";
import type { CustomerRow, DiscountRow, MeterRow, PriceRow, SubscriptionRow } from "../rows";
import { meterQuery } from "../usage/balances";
import { usageRepository } from "../usage/repository";
import { discountApplies } from "./amounts";
import { createSubscriptionOrder, type OrderLine } from "./orders";
import { isoDay } from "./periods";

/** A meter value for a label: up to 12 decimals, no trailing zeros. */
const unitsText = (units: number) => String(Number(units.toFixed(12)));

/** The metered prices of a product with their meters (a price whose meter is gone is skipped). */
export function meteredPrices(loaded: LoadedProduct | null | undefined) {
  const out: { price: PriceRow; meter: MeterRow }[] = [];
  for (const price of loaded?.prices ?? []) {
    const meter = price.meterId ? loaded?.meters?.get(price.meterId) : undefined;
    if (price.amountType === "metered_unit" && meter) out.push({ price, meter });
  }
  return out;
}

export interface ClosedPeriod {
  /** One order line per metered price (none when `bill` is false). */
  readonly lines: OrderLine[];
  /** Whether any meter counted usage in the period. */
  readonly used: boolean;
}

/**
 * Closes the metered period [start, cutoff) of a subscription (BILLING.md 3.9, 7.6): each metered
 * price's meter is evaluated over the customer's events of the window (one aggregation in the
 * database per price), the meter's credits (the ledger before the cutoff, read once) are used
 * first, and the billable rest x unitAmount, rounded half up once, capped at capAmount, becomes an
 * order line. The meter is reset: the credits used, the expiring credits left over and a reset
 * marker are written to the ledger (one multi-row insert), dated at the cutoff, so no credit is
 * used twice and the meter's next window starts there. No query when the product has no metered
 * price. `bill: false` (a trial ending) resets without billing.
 */
export async function closeMeteredPeriod(
  tx: DBAdapter,
  sub: SubscriptionRow,
  loaded: LoadedProduct | null | undefined,
  window: { start: Date; cutoff: Date; bill: boolean },
): Promise<ClosedPeriod> {
  const metered = meteredPrices(loaded);
  if (metered.length === 0) return { lines: [], used: false };
  const credits = meterCreditRepository(tx);
  const ledger = await credits.ofCustomer(sub.customerId);
  const events = usageRepository(tx);
  const lines: OrderLine[] = [];
  const writes: Row[] = [];
  let used = false;
  for (const { price, meter } of metered) {
    const units = await events.evaluate(
      sub.merchantId,
      { customerId: sub.customerId, start: window.start, end: window.cutoff },
      meterQuery(meter),
    );
    used ||= units > 0;
    const settled = settle(units, creditBalance(ledger, meter.id, window.cutoff));
    for (const row of settled.rows)
      writes.push({
        merchantId: sub.merchantId,
        customerId: sub.customerId,
        meterId: meter.id,
        benefitId: null,
        ...row,
        createdAt: window.cutoff,
      });
    if (!window.bill) continue;
    const raw = meteredAmount(settled.billableUnits, price.unitAmount ?? "0");
    const capped = price.capAmount !== null && price.capAmount !== undefined && raw > price.capAmount;
    const credited = settled.creditedUnits > 0 ? `, ${unitsText(settled.creditedUnits)} credited` : "";
    lines.push({
      label:
        `${meter.name} — ${unitsText(units)} units${credited} — From ${isoDay(window.start)} to ${isoDay(window.cutoff)}` +
        (capped ? ` — Capped at ${formatMoney(price.capAmount ?? 0, price.priceCurrency)}` : ""),
      amount: capped ? (price.capAmount ?? 0) : raw,
      proration: false,
      productPriceId: price.id,
    });
  }
  await credits.insertMany(writes);
  return { lines, used };
}

/**
 * The discount of an order with metered lines: the subscription's discount, when it applies to
 * the period starting at `periodStart` (BILLING.md 4.2), on the whole subtotal (a fixed discount
 * is capped at it, a percentage rounded half away from zero), like any other line.
 */
export function orderDiscount(
  discount: DiscountRow | null,
  sub: SubscriptionRow,
  periodStart: Date,
  subtotal: number,
) {
  return discountApplies(discount, sub, periodStart) ? discountAmountFor(discount, subtotal) : 0;
}

type Deps = Parameters<typeof createSubscriptionOrder>[0];

/**
 * A subscription that just ended (cancel at period end, lapsed, revoked) settles the usage of its
 * last period [currentPeriodStart, cutoff): the meters are reset, and when any meter counted usage
 * a final `subscription_cycle` order carries the metered lines (Polar's final usage order, public
 * reason subscription_cycle). It is charged like a renewal, once: an ended subscription is not
 * dunned. Null when there was nothing to bill.
 */
export async function settleFinalUsage(
  deps: Deps,
  tx: DBAdapter,
  emit: Emit,
  ended: SubscriptionRow,
  cutoff: Date,
  known?: { product: LoadedProduct | null; discount: DiscountRow | null; customer: CustomerRow | null },
) {
  const product = known ? known.product : ((await loadProductsById(tx, [ended.productId]))[0] ?? null);
  if (meteredPrices(product).length === 0) return null;
  const discount = known
    ? known.discount
    : ended.discountId
      ? ((await discountRepository(tx).findByIds([ended.discountId]))[0] ?? null)
      : null;
  const customer = known ? known.customer : await customerRepository(tx).findAnyById(ended.customerId);
  const start = ended.currentPeriodStart;
  const closed = await closeMeteredPeriod(tx, ended, product, { start, cutoff, bill: true });
  if (!closed.used) return null;
  const subtotal = closed.lines.reduce((sum, l) => sum + l.amount, 0);
  return createSubscriptionOrder(deps, tx, emit, {
    subscription: ended,
    customer,
    reason: "subscription_cycle",
    lines: closed.lines,
    discountAmount: orderDiscount(discount, ended, start, subtotal),
    known: { product, discount },
  });
}
