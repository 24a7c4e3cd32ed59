import type { DBAdapter } from "../../../db/adapter";
import { loadProductsById } from "../catalog/load";
import type { LoadedProduct } from "../catalog/repository";
import { serializeMeter, serializePrice, serializeProduct } from "../catalog/serialize";
import { customerRepository } from "../customers/repository";
import { serializeCustomer } from "../customers/serialize";
import { creditBalance, settle } from "../meter-credits/ledger";
import { meterCreditRepository } from "../meter-credits/repository";
import { meteredAmount } from "../money";
import type { MeterCreditRow, MeterRow, PriceRow, SubscriptionRow } from "../rows";
import { meterQuery } from "../usage/balances";
import { usageRepository } from "../usage/repository";
import { meteredPrices } from "./metered";
import { subscriptionCore } from "./serialize";

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * The spec's Subscription meter of one metered price over the current period (the meter's window
 * since its last reset): units consumed by the customer's events (evaluated in the database), the
 * meter's credits now (the ledger: what rolled over plus what was credited since), and the amount
 * the period comes to so far (units beyond the credits x unitAmount, rounded once, capped at
 * capAmount): the preview of the next invoice's line.
 */
async function periodMeter(
  db: DBAdapter,
  s: SubscriptionRow,
  { price, meter }: { price: PriceRow; meter: MeterRow },
  ledger: readonly MeterCreditRow[],
) {
  const consumedUnits = await usageRepository(db).evaluate(
    s.merchantId,
    { customerId: s.customerId, start: s.currentPeriodStart, end: s.currentPeriodEnd ?? undefined },
    meterQuery(meter),
  );
  const credits = creditBalance(ledger, meter.id);
  const creditedUnits = credits.expiring + credits.rolling;
  const amount = meteredAmount(
    settle(consumedUnits, credits).billableUnits,
    price.unitAmount ?? "0",
    price.capAmount,
  );
  return { consumedUnits, creditedUnits, amount, meterId: meter.id, meter: serializeMeter(meter) };
}

/** One subscription in the spec's shape, its product and customer already loaded. */
async function shapeOne(
  db: DBAdapter,
  s: SubscriptionRow,
  loaded: LoadedProduct | undefined,
  customer: ReturnType<typeof serializeCustomer> | null,
) {
  const prices = (loaded?.prices ?? []).filter((p) => p.id === s.priceId || p.amountType === "metered_unit");
  const metered = meteredPrices(loaded);
  const ledger = metered.length > 0 ? await meterCreditRepository(db).ofCustomer(s.customerId) : [];
  const meters = [];
  for (const m of metered) meters.push(await periodMeter(db, s, m, ledger));
  return {
    ...subscriptionCore(s),
    priceId: s.priceId,
    customer,
    product: loaded ? serializeProduct(loaded.product, loaded) : null,
    prices: prices.map((p) => serializePrice(p, loaded?.meters)),
    meters,
  };
}

/**
 * Subscriptions in the spec's complete shape (customer, product, prices, meters). Products and
 * customers are loaded for the whole list at once (a constant number of queries); a subscription
 * with metered prices adds its customer's credit ledger (one read) and each metered price its
 * meter's evaluation (one aggregate in the database).
 */
export async function serializeSubscriptions(db: DBAdapter, rows: readonly SubscriptionRow[]) {
  if (rows.length === 0) return [];
  const products = new Map(
    (await loadProductsById(db, unique(rows.map((r) => r.productId)))).map((l) => [l.product.id, l]),
  );
  const customers = new Map(
    (await customerRepository(db).findByIds(unique(rows.map((r) => r.customerId)))).map((c) => [
      c.id,
      serializeCustomer(c),
    ]),
  );
  const shaped = [];
  for (const s of rows)
    shaped.push(await shapeOne(db, s, products.get(s.productId), customers.get(s.customerId) ?? null));
  return shaped;
}

export async function serializeSubscription(db: DBAdapter, row: SubscriptionRow) {
  const [shaped] = await serializeSubscriptions(db, [row]);
  return shaped!;
}

export type Subscription = Awaited<ReturnType<typeof serializeSubscription>>;
