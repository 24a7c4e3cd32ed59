import type { DBAdapter } from "../../../plugin";
import { type LoadedProduct, loadProductsById } from "../catalog/load";
import { customerRepository } from "../customers/repository";
import { discountRepository } from "../discounts/repository";
import type { CustomerRow, DiscountRow } from "../rows";

/** Renewals and charges run at once by `runDue()` unless `subscriptions.renewalConcurrency` says otherwise. */
export const DEFAULT_RENEWAL_CONCURRENCY = 8;

/**
 * Runs `fn` over `items` with at most `limit` calls in flight (at least one; a limit that is not a
 * number means the default); resolves when all are done.
 */
export async function eachPooled<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  const width = Number.isFinite(limit) ? Math.max(1, Math.floor(limit)) : DEFAULT_RENEWAL_CONCURRENCY;
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** At most this many writes (renewals, recorded charges) share one transaction. */
export const WRITES_PER_TRANSACTION = 25;

/**
 * `items` cut into consecutive groups, one per worker when that keeps groups within
 * `WRITES_PER_TRANSACTION` (so `workers` transactions run at once with none left for a second round).
 */
export function inChunks<T>(items: readonly T[], workers: number): T[][] {
  const width = Number.isFinite(workers) ? Math.max(1, Math.floor(workers)) : DEFAULT_RENEWAL_CONCURRENCY;
  const size = Math.min(WRITES_PER_TRANSACTION, Math.max(1, Math.ceil(items.length / width)));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

const uniq = (xs: readonly (string | null | undefined)[]) => [
  ...new Set(xs.filter((x): x is string => Boolean(x))),
];
const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));

/** What a batch of renewals or charges reads once instead of once per subscription. */
export interface BatchRelations {
  readonly products: ReadonlyMap<string, LoadedProduct>;
  readonly customers: ReadonlyMap<string, CustomerRow>;
  readonly discounts: ReadonlyMap<string, DiscountRow>;
}

/**
 * The products (with prices), customers and discounts a batch refers to, in three queries. Read
 * before the batch's transactions: they are catalog and customer data the renewal snapshots, and a
 * change committed a moment later is no different from one committed just after the renewal.
 */
export async function loadBatchRelations(
  db: DBAdapter,
  rows: readonly { productId: string | null; customerId: string; discountId: string | null }[],
): Promise<BatchRelations> {
  const productIds = uniq(rows.map((r) => r.productId));
  const discountIds = uniq(rows.map((r) => r.discountId));
  const [products, customers, discounts] = await Promise.all([
    productIds.length ? loadProductsById(db, productIds) : [],
    customerRepository(db).findByIds(uniq(rows.map((r) => r.customerId))),
    discountIds.length ? discountRepository(db).findByIds(discountIds) : [],
  ]);
  return {
    products: new Map(products.map((l) => [l.product.id, l])),
    customers: byId(customers),
    discounts: byId(discounts),
  };
}
