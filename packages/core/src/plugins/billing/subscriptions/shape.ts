import type { DBAdapter } from "../../../plugin";
import { loadProductsById } from "../catalog/load";
import type { LoadedProduct } from "../catalog/repository";
import { serializeMeter, serializePrice, serializeProduct } from "../catalog/serialize";
import { customerRepository } from "../customers/repository";
import { serializeCustomer } from "../customers/serialize";
import { meterCreditRepository } from "../meter-credits/repository";
import type { MeterRow, PriceRow, SubscriptionRow } from "../rows";
import { meterQuery } from "../usage/balances";
import { usageRepository } from "../usage/repository";
import { subscriptionCore } from "./serialize";

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * The spec's Subscription meter of one metered price over the current period: units consumed by
 * the customer's events (evaluated in the database), units credited by meter credit grants in the
 * period, and the amount they come to (units beyond the credits x unitAmount, capped at capAmount).
 */
async function periodMeter(db: DBAdapter, s: SubscriptionRow, price: PriceRow, meter: MeterRow) {
  const start = s.currentPeriodStart;
  const end = s.currentPeriodEnd ?? undefined;
  const consumedUnits = await usageRepository(db).evaluate(
    s.merchantId,
    { customerId: s.customerId, start, end },
    meterQuery(meter),
  );
  const credited = (await meterCreditRepository(db).ofCustomer(s.customerId, meter.id))
    .filter((c) => c.createdAt >= start && (!end || c.createdAt < end))
    .reduce((sum, c) => sum + c.units, 0);
  const creditedUnits = Math.max(0, credited);
  const billable = Math.max(0, consumedUnits - creditedUnits);
  const raw = Math.round(billable * Number(price.unitAmount ?? 0));
  const amount =
    price.capAmount !== null && price.capAmount !== undefined ? Math.min(raw, price.capAmount) : raw;
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
  const meters = [];
  for (const price of prices) {
    const meter = price.meterId ? loaded?.meters?.get(price.meterId) : undefined;
    if (price.amountType === "metered_unit" && meter) meters.push(await periodMeter(db, s, price, meter));
  }
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
 * customers are loaded for the whole list at once (a constant number of queries); each metered
 * price adds its meter's evaluation (one aggregate in the database) and its credit rows.
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
