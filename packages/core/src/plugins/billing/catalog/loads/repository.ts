import type { DBAdapter } from "../../../../plugin";
import { fileRepository } from "../../files/repository";
import { merchantRepository } from "../../merchants/repository";
import { idIn } from "../../repository";
import type { BenefitRow, MerchantRow, ProductRow } from "../../rows";
import { assembleProducts, type LoadedProduct, mediaIdsOf } from "../assemble";
import type { BenefitLinkRow, CatalogCache, CatalogReads, FieldLinkRow, JoinedPriceRow } from "./cache";

/** Joined rows of the one-query loads: the related row under its model name (null for a miss). */
type With<T, K extends string, R> = T & { [key in K]?: R | null };
type JoinedPrice = With<JoinedPriceRow, "billingMerchant", MerchantRow>;
/** A row without the joined rows (they are not columns of its model). */
const own = <T extends object>(row: T, keys: readonly string[]): T => {
  const out = { ...row } as Record<string, unknown>;
  for (const k of keys) delete out[k];
  return out as T;
};
export const byIdMap = <T extends { id: string }>(rows: readonly (T | null | undefined)[]) =>
  new Map(rows.filter((r): r is T => Boolean(r)).map((r) => [r.id, r]));

export interface LoadOptions {
  /** Only products of this merchant. */
  readonly merchantId?: string;
  /** The merchants of the prices, joined to the price query (default true). */
  readonly merchants?: boolean;
  /**
   * The products' benefits (default true). False: not read, every product's `benefits` is empty
   * until `withBenefits` adds them (for a caller that needs them only sometimes).
   */
  readonly benefits?: boolean;
  /**
   * Catalog rows kept per process under the merchant's `catalogVersion` (`cache.ts`; checkout
   * create and confirm). With it, kept rows are used while the merchant's version is the one they
   * were kept under: the version of `merchant` when given (a row this request read before the
   * load), otherwise of the merchant row read for the purpose (one small query instead of three).
   */
  readonly cache?: CatalogCache;
  readonly merchant?: MerchantRow | null;
}

/** Copies of catalog rows (without a joined merchant): a caller may change what it gets, never what is kept. */
const copyReads = (r: CatalogReads): CatalogReads => ({
  prices: r.prices.map((p) => ({
    ...own(p, ["billingMerchant"]),
    billingProduct: p.billingProduct && { ...p.billingProduct },
    billingMeter: p.billingMeter && { ...p.billingMeter },
  })),
  benefitLinks:
    r.benefitLinks?.map((l) => ({ ...l, billingBenefit: l.billingBenefit && { ...l.billingBenefit } })) ??
    null,
  fieldLinks: r.fieldLinks.map((l) => ({
    ...l,
    billingCustomField: l.billingCustomField && { ...l.billingCustomField },
  })),
  unpriced: r.unpriced.map((p) => ({ ...p })),
});

/**
 * Products by id with their relations, in a constant number of queries (part of
 * `catalogRepository`: it touches `billingProduct`, `billingPrice` and the product links).
 */
export function productLoads(db: DBAdapter) {
  /** Benefit links of these products with their benefit (one query), in link order. */
  const benefitLinksOf = (ids: readonly string[]) =>
    db.findMany<BenefitLinkRow>({
      model: "billingProductBenefit",
      where: idIn("productId", ids),
      sortBy: { field: "order", direction: "asc" },
      join: { billingBenefit: true },
    });
  const liveBenefits = (links: readonly BenefitLinkRow[]) =>
    byIdMap(links.map((l) => l.billingBenefit).filter((b) => !b?.deletedAt));

  /**
   * The rows of these products: three queries at once (the live prices with their product,
   * meter and, unless `merchants: false`, merchant joined; the benefit links with their benefit;
   * the custom field links with their field), then the products without a live price.
   */
  async function readRows(ids: readonly string[], opts: LoadOptions) {
    const [joined, benefitLinks, fieldLinks] = await Promise.all([
      db.findMany<JoinedPrice>({
        model: "billingPrice",
        where: [...idIn("productId", ids), { field: "isArchived", value: false }],
        sortBy: { field: "createdAt", direction: "asc" },
        join:
          opts.merchants === false
            ? { billingProduct: true, billingMeter: true }
            : { billingProduct: true, billingMeter: true, billingMerchant: true },
      }),
      opts.benefits === false ? null : benefitLinksOf(ids),
      db.findMany<FieldLinkRow>({
        model: "billingProductCustomField",
        where: idIn("productId", ids),
        sortBy: { field: "order", direction: "asc" },
        join: { billingCustomField: true },
      }),
    ]);
    const priced = new Set(joined.map((p) => p.productId));
    const missing = ids.filter((id) => !priced.has(id));
    const unpriced =
      missing.length > 0
        ? await db.findMany<ProductRow>({ model: "billingProduct", where: idIn("id", missing) })
        : [];
    const reads: CatalogReads = { prices: joined, benefitLinks, fieldLinks, unpriced };
    return { reads, merchants: byIdMap(joined.map((p) => p.billingMerchant)) };
  }

  /** Kept rows of these products when the merchant's version allows (see `LoadOptions.cache`). */
  async function keptRows(ids: readonly string[], opts: LoadOptions) {
    const { cache } = opts;
    if (!cache) return { merchant: null, reads: undefined };
    let merchant = opts.merchant ?? null;
    if (!merchant) {
      const keptFor = cache.merchantOf(ids);
      if (keptFor) merchant = await merchantRepository(db).findById(keptFor);
    }
    const kept = merchant ? cache.get(ids, merchant, opts.benefits !== false) : undefined;
    return { merchant, reads: kept && copyReads(kept) };
  }

  /**
   * Loaded products by id, in the order given (unknown ids left out); optionally of one merchant.
   * The rows as `readRows` reads them (or kept, see `LoadOptions.cache`); media files after. With
   * the products, the merchants of their prices (one for a checkout), so none is read again.
   */
  async function loadWithMerchants(ids: readonly string[], opts: LoadOptions = {}) {
    if (ids.length === 0)
      return { products: [] as LoadedProduct[], merchants: new Map<string, MerchantRow>() };
    const kept = await keptRows(ids, opts);
    let reads = kept.reads;
    let merchants = new Map<string, MerchantRow>();
    if (reads) {
      if (kept.merchant && opts.merchants !== false) merchants.set(kept.merchant.id, kept.merchant);
    } else {
      const read = await readRows(ids, opts);
      merchants = read.merchants;
      reads = read.reads;
      // Kept (a copy) only under a version read before these rows were.
      if (opts.cache && kept.merchant) opts.cache.set(ids, kept.merchant, copyReads(reads));
    }
    const benefitLinks = reads.benefitLinks ?? [];
    const found = byIdMap([...reads.prices.map((p) => p.billingProduct), ...reads.unpriced]);
    const merchantId = opts.merchantId;
    const products = [...found.values()].filter((p) => !merchantId || p.merchantId === merchantId);
    const inScope = new Set(products.map((p) => p.id));
    const files = await fileRepository(db).byIdsAny([...new Set(products.flatMap((p) => mediaIdsOf(p)))]);
    const loaded = assembleProducts(products, {
      prices: reads.prices.map((p) => own(p, ["billingProduct", "billingMeter", "billingMerchant"])),
      benefitLinks: opts.benefits === false ? [] : benefitLinks.map((l) => own(l, ["billingBenefit"])),
      fieldLinks: reads.fieldLinks.map((l) => own(l, ["billingCustomField"])),
      benefits: opts.benefits === false ? new Map() : liveBenefits(benefitLinks),
      fields: byIdMap(reads.fieldLinks.map((l) => l.billingCustomField).filter((f) => !f?.deletedAt)),
      meters: byIdMap(reads.prices.filter((p) => inScope.has(p.productId)).map((p) => p.billingMeter)),
      files: byIdMap(files),
    });
    const byId = new Map(loaded.map((l) => [l.product.id, l]));
    return {
      products: ids.map((id) => byId.get(id)).filter((l): l is LoadedProduct => Boolean(l)),
      merchants,
    };
  }

  return {
    loadWithMerchants,
    /**
     * Loaded products by id, in the order given (unknown ids left out); optionally of one
     * merchant. Without their merchants (not read).
     */
    loadById: async (ids: readonly string[], merchantId?: string) =>
      (await loadWithMerchants(ids, { merchantId, merchants: false })).products,
    /** Products loaded with `benefits: false`, with their live benefits (one query). */
    async withBenefits(products: readonly LoadedProduct[]): Promise<LoadedProduct[]> {
      if (products.length === 0) return [];
      const links = await benefitLinksOf(products.map((p) => p.product.id));
      const live = liveBenefits(links);
      return products.map((p) => ({
        ...p,
        benefits: links
          .filter((l) => l.productId === p.product.id)
          .map((l) => live.get(l.benefitId))
          .filter((b): b is BenefitRow => Boolean(b)),
      }));
    },
  };
}
