import type { DBAdapter } from "../../../plugin";
import type { ProductRow } from "../rows";
import type { LoadOptions } from "./loads/repository";
import type { LoadedProduct } from "./repository";
import { catalogRepository } from "./repository";

export type { LoadedProduct } from "./repository";

/** Products with their relations in a constant number of queries (see `catalogRepository.load`). */
export const loadProducts = (
  db: DBAdapter,
  products: readonly ProductRow[],
  opts: { includeArchivedPrices?: boolean } = {},
) => catalogRepository(db).load(products, opts);

/** Loaded products by id, in the order given (see `catalogRepository.loadById`). */
export const loadProductsById = (db: DBAdapter, ids: readonly string[], merchantId?: string) =>
  catalogRepository(db).loadById(ids, merchantId);

/**
 * Loaded products by id with the merchants of their prices, from the same queries (a checkout
 * needs its merchant with its products); see `catalogRepository.loadWithMerchants`.
 */
export const loadProductsWithMerchants = (db: DBAdapter, ids: readonly string[], opts?: LoadOptions) =>
  catalogRepository(db).loadWithMerchants(ids, opts);

/** Products loaded without their benefits (`benefits: false`), with them (one query). */
export const withBenefits = (db: DBAdapter, products: readonly LoadedProduct[]) =>
  catalogRepository(db).withBenefits(products);
