import type { DBAdapter, Row } from "../../../../plugin";
import { invalid } from "../input";
import { catalogRepository } from "../repository";
import type { ProductRow } from "../serialize";
import { assertOwned } from "./refs";
import type { PriceCreateInput, PriceUpdateInput } from "./schemas";

type NewPrice = PriceCreateInput;
const STATIC = new Set(["free", "fixed", "custom", "seat_based"]);
const RECURRING_ONLY: Readonly<Record<string, string>> = {
  metered_unit: "Metered prices are only supported on recurring products.",
  seat_based: "Seat-based prices are only supported on recurring products.",
};

/** The row of a new price: its type and interval follow the product (never set by the caller). */
export function priceRow(product: ProductRow, p: NewPrice, at: Date): Row {
  return {
    productId: product.id,
    merchantId: product.merchantId,
    type: product.isRecurring ? "recurring" : "one_time",
    recurringInterval: product.isRecurring ? product.recurringInterval : null,
    amountType: p.amountType,
    priceCurrency: p.priceCurrency,
    priceAmount: p.amountType === "fixed" ? p.priceAmount : null,
    minimumAmount: p.amountType === "custom" ? (p.minimumAmount ?? null) : null,
    maximumAmount: p.amountType === "custom" ? (p.maximumAmount ?? null) : null,
    presetAmount: p.amountType === "custom" ? (p.presetAmount ?? null) : null,
    unitAmount: p.amountType === "metered_unit" ? p.unitAmount : null,
    capAmount: p.amountType === "metered_unit" ? (p.capAmount ?? null) : null,
    meterId: p.amountType === "metered_unit" ? p.meterId : null,
    seatAmount: p.amountType === "seat_based" ? p.seatAmount : null,
    minimumSeats: p.amountType === "seat_based" ? p.minimumSeats : null,
    isArchived: false,
    legacy: false,
    createdAt: at,
    modifiedAt: at,
  };
}

/**
 * Rules on a product's whole price list (positions are those of the request): metered and seat
 * prices only on recurring products, at most one static price (free, fixed, custom or seat_based)
 * per currency, meters of the merchant.
 */
export async function checkPrices(
  db: DBAdapter,
  product: Pick<ProductRow, "merchantId" | "isRecurring">,
  prices: readonly { index: number; amountType: string; priceCurrency: string; meterId?: string | null }[],
  fresh: readonly { index: number; price: NewPrice }[],
) {
  const seen = new Set<string>();
  for (const p of prices) {
    const recurringOnly = RECURRING_ONLY[p.amountType];
    if (recurringOnly && !product.isRecurring)
      throw invalid(["prices", p.index, "amountType"], recurringOnly);
    if (!STATIC.has(p.amountType)) continue;
    if (seen.has(p.priceCurrency))
      throw invalid(
        ["prices", p.index],
        "A product can have only one static price (free, fixed, custom or seat_based) per currency.",
      );
    seen.add(p.priceCurrency);
  }
  const metered = fresh.filter((f) => f.price.amountType === "metered_unit");
  await assertOwned(
    db,
    "billingMeter",
    product.merchantId,
    metered.map((f) => (f.price.amountType === "metered_unit" ? f.price.meterId : null)),
    (i) => ["prices", metered[i]?.index ?? i, "meterId"],
    "This meter does not exist.",
  );
}

export async function createPrices(
  db: DBAdapter,
  product: ProductRow,
  prices: readonly NewPrice[],
  at: Date,
) {
  // One millisecond apart: the stored order (createdAt) is the order given, on every database.
  for (const [i, p] of prices.entries())
    await catalogRepository(db).insertPrice(priceRow(product, p, new Date(at.getTime() + i)));
}

/**
 * A new price list: `{ id }` keeps a current price, a price body creates one, and every current
 * price left out is archived. Prices are never mutated, so orders and subscriptions keep theirs.
 */
export async function replacePrices(
  db: DBAdapter,
  product: ProductRow,
  list: readonly PriceUpdateInput[],
  at: Date,
) {
  const current = await catalogRepository(db).livePrices(product.id);
  const byId = new Map(current.map((p) => [p.id, p]));
  const kept: { index: number; amountType: string; priceCurrency: string }[] = [];
  const fresh: { index: number; price: NewPrice }[] = [];
  for (const [index, entry] of list.entries()) {
    if (entry.amountType === undefined) {
      const price = byId.get(entry.id);
      if (!price) throw invalid(["prices", index, "id"], "Price does not exist.");
      kept.push({ index, amountType: price.amountType, priceCurrency: price.priceCurrency });
    } else fresh.push({ index, price: entry });
  }
  const all = [...kept, ...fresh.map((f) => ({ index: f.index, ...f.price }))].sort(
    (a, b) => a.index - b.index,
  );
  await checkPrices(db, product, all, fresh);
  const keptIds = new Set(list.flatMap((e) => (e.amountType === undefined ? [e.id] : [])));
  const archived = current.filter((p) => !keptIds.has(p.id)).map((p) => p.id);
  if (archived.length > 0) await catalogRepository(db).archivePrices(archived, at);
  await createPrices(
    db,
    product,
    fresh.map((f) => f.price),
    at,
  );
}
