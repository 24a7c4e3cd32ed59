import type { DBAdapter } from "../../../../plugin";
import { fileRepository } from "../../files/repository";
import { idIn } from "../../repository";
import type {
  BenefitRow,
  CustomFieldRow,
  MerchantRow,
  MeterRow,
  PriceRow,
  ProductBenefitRow,
  ProductCustomFieldRow,
  ProductRow,
} from "../../rows";
import { assembleProducts, type LoadedProduct, mediaIdsOf } from "../assemble";

/** Joined rows of the one-query loads: the related row under its model name (null for a miss). */
type With<T, K extends string, R> = T & { [key in K]?: R | null };
type JoinedPrice = With<
  With<With<PriceRow, "billingProduct", ProductRow>, "billingMeter", MeterRow>,
  "billingMerchant",
  MerchantRow
>;
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
}

/**
 * Products by id with their relations, in a constant number of queries (part of
 * `catalogRepository`: it touches `billingProduct`, `billingPrice` and the product links).
 */
export function productLoads(db: DBAdapter) {
  /** Benefit links of these products with their benefit (one query), in link order. */
  const benefitLinksOf = (ids: readonly string[]) =>
    db.findMany<With<ProductBenefitRow, "billingBenefit", BenefitRow>>({
      model: "billingProductBenefit",
      where: idIn("productId", ids),
      sortBy: { field: "order", direction: "asc" },
      join: { billingBenefit: true },
    });
  const liveBenefits = (links: readonly With<ProductBenefitRow, "billingBenefit", BenefitRow>[]) =>
    byIdMap(links.map((l) => l.billingBenefit).filter((b) => !b?.deletedAt));

  /**
   * Loaded products by id, in the order given (unknown ids left out); optionally of one merchant.
   * Three queries at once, whatever the number of products: the live prices with their product,
   * meter and merchant joined; the benefit links with their benefit; the custom field links with
   * their field (a product without a live price is read on its own; media files after). With
   * the products, the merchants of their prices (one for a checkout), so none is read again.
   */
  async function loadWithMerchants(ids: readonly string[], opts: LoadOptions = {}) {
    if (ids.length === 0)
      return { products: [] as LoadedProduct[], merchants: new Map<string, MerchantRow>() };
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
      opts.benefits === false ? [] : benefitLinksOf(ids),
      db.findMany<With<ProductCustomFieldRow, "billingCustomField", CustomFieldRow>>({
        model: "billingProductCustomField",
        where: idIn("productId", ids),
        sortBy: { field: "order", direction: "asc" },
        join: { billingCustomField: true },
      }),
    ]);
    const found = byIdMap(joined.map((p) => p.billingProduct));
    const unpriced = ids.filter((id) => !found.has(id));
    if (unpriced.length > 0) {
      const rows = await db.findMany<ProductRow>({ model: "billingProduct", where: idIn("id", unpriced) });
      for (const row of rows) found.set(row.id, row);
    }
    const merchantId = opts.merchantId;
    const products = [...found.values()].filter((p) => !merchantId || p.merchantId === merchantId);
    const kept = new Set(products.map((p) => p.id));
    const files = await fileRepository(db).byIdsAny([...new Set(products.flatMap((p) => mediaIdsOf(p)))]);
    const loaded = assembleProducts(products, {
      prices: joined.map((p) => own(p, ["billingProduct", "billingMeter", "billingMerchant"])),
      benefitLinks: benefitLinks.map((l) => own(l, ["billingBenefit"])),
      fieldLinks: fieldLinks.map((l) => own(l, ["billingCustomField"])),
      benefits: liveBenefits(benefitLinks),
      fields: byIdMap(fieldLinks.map((l) => l.billingCustomField).filter((f) => !f?.deletedAt)),
      meters: byIdMap(joined.filter((p) => kept.has(p.productId)).map((p) => p.billingMeter)),
      files: byIdMap(files),
    });
    const byId = new Map(loaded.map((l) => [l.product.id, l]));
    return {
      products: ids.map((id) => byId.get(id)).filter((l): l is LoadedProduct => Boolean(l)),
      merchants: byIdMap(joined.map((p) => p.billingMerchant)),
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
