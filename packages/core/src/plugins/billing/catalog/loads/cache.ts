import type {
  BenefitRow,
  CustomFieldRow,
  MeterRow,
  PriceRow,
  ProductBenefitRow,
  ProductCustomFieldRow,
  ProductRow,
} from "../../rows";
import { createVersionedCache } from "../../versioned-cache";

/** Products' rows kept per process (at most this many product sets; past it, the oldest goes). */
const MAX_ENTRIES = 1_000;
/**
 * How long kept rows are used while the merchant's `catalogVersion` stays put. Every catalog change
 * of this release moves the version; the age bounds what a change that does not (a process of an
 * older release during a rolling upgrade, a row edited by hand) leaves unseen.
 */
const MAX_AGE_MS = 60_000;

type With<T, K extends string, R> = T & { [key in K]?: R | null };
export type JoinedPriceRow = With<With<PriceRow, "billingProduct", ProductRow>, "billingMeter", MeterRow>;
export type BenefitLinkRow = With<ProductBenefitRow, "billingBenefit", BenefitRow>;
export type FieldLinkRow = With<ProductCustomFieldRow, "billingCustomField", CustomFieldRow>;

/** The rows a product load reads (its three queries, and the products without a live price). */
export interface CatalogReads {
  readonly prices: readonly JoinedPriceRow[];
  /** Null when the load that kept them did not read benefits. */
  readonly benefitLinks: readonly BenefitLinkRow[] | null;
  readonly fieldLinks: readonly FieldLinkRow[];
  readonly unpriced: readonly ProductRow[];
}

/** The merchant row as a request read it: its id and `catalogVersion`. */
export interface CatalogMerchant {
  readonly id: string;
  readonly catalogVersion?: number | null;
}

interface Kept extends CatalogReads {
  readonly merchantId: string;
}

/**
 * Catalog rows kept per process under the merchant's `catalogVersion`, by the set of product ids
 * a checkout loads (`versioned-cache.ts`). The version moves forward in the transaction of every
 * catalog change (a product, its prices or links, a benefit, a custom field, a meter), so a change
 * made by any process is seen by the next load that reads the merchant. Rows are kept only under a
 * version read before them: what is kept under a version is never older than it. Rows of products
 * of another merchant are never kept.
 */
export function createCatalogCache() {
  const kept = createVersionedCache<Kept>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS });
  const key = (ids: readonly string[]) => ids.join("\u0001");
  const versionOf = (merchant: CatalogMerchant | null | undefined) =>
    typeof merchant?.catalogVersion === "number" ? merchant.catalogVersion : undefined;
  return {
    /** The merchant whose rows are kept for these products, if any (to read its row). */
    merchantOf: (ids: readonly string[]) => kept.peek(key(ids))?.merchantId,
    /** Kept rows of these products, if kept under this merchant's current version (and benefits when needed). */
    get(ids: readonly string[], merchant: CatalogMerchant, benefits: boolean): CatalogReads | undefined {
      const version = versionOf(merchant);
      const hit = version === undefined ? undefined : kept.get(key(ids), version);
      if (!hit || hit.merchantId !== merchant.id || (benefits && !hit.benefitLinks)) return;
      return hit;
    },
    /** Keeps rows read after `merchant` (its version) was read; not when any is of another merchant. */
    set(ids: readonly string[], merchant: CatalogMerchant, rows: CatalogReads) {
      const version = versionOf(merchant);
      if (version === undefined) return;
      const products = [...rows.prices.map((p) => p.billingProduct), ...rows.unpriced];
      if (products.some((p) => !p || p.merchantId !== merchant.id)) return;
      kept.set(key(ids), version, { ...rows, merchantId: merchant.id });
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
