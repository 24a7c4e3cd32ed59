import type { DBAdapter, Row, Where } from "../../../plugin";
import { fileRepository } from "../files/repository";
import { idIn, listPage } from "../repository";
import type {
  BenefitRow,
  CustomFieldRow,
  MeterRow,
  PriceRow,
  ProductBenefitRow,
  ProductCustomFieldRow,
  ProductRow,
} from "../rows";
import { assembleProducts, type LoadedProduct, mediaIdsOf } from "./assemble";

export type { LoadedProduct } from "./assemble";
export { mediaIdsOf } from "./assemble";

import { byIdMap, productLoads } from "./loads/repository";

/** Models a product may reference by id (ownership checks). */
export type OwnedModel =
  | "billingBenefit"
  | "billingCustomField"
  | "billingFile"
  | "billingMeter"
  | "billingProduct";

/** Rows that can no longer be referenced: deleted benefits and custom fields, archived meters. */
const LIVE: Partial<Record<OwnedModel, { field: string; value: null }>> = {
  billingBenefit: { field: "deletedAt", value: null },
  billingCustomField: { field: "deletedAt", value: null },
  billingFile: { field: "deletedAt", value: null },
  billingMeter: { field: "archivedAt", value: null },
};

/**
 * The only code that touches products, prices and their links to benefits and custom fields
 * (`billingProduct`, `billingPrice`, `billingProductBenefit`, `billingProductCustomField`).
 */
export function catalogRepository(db: DBAdapter) {
  /**
   * Products with prices, benefits, attached custom fields and meters, in a constant number of
   * queries whatever the number of products (never one query per row). Prices: unarchived only,
   * unless `includeArchivedPrices`.
   */
  async function load(
    products: readonly ProductRow[],
    opts: { includeArchivedPrices?: boolean } = {},
  ): Promise<LoadedProduct[]> {
    if (products.length === 0) return [];
    const ids = products.map((p) => p.id);
    const [prices, links, fieldLinks] = await Promise.all([
      db.findMany<PriceRow>({
        model: "billingPrice",
        where: [
          ...idIn("productId", ids),
          ...(opts.includeArchivedPrices ? [] : [{ field: "isArchived", value: false }]),
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      }),
      db.findMany<ProductBenefitRow>({
        model: "billingProductBenefit",
        where: idIn("productId", ids),
        sortBy: { field: "order", direction: "asc" },
      }),
      db.findMany<ProductCustomFieldRow>({
        model: "billingProductCustomField",
        where: idIn("productId", ids),
        sortBy: { field: "order", direction: "asc" },
      }),
    ]);
    const benefitIds = [...new Set(links.map((l) => l.benefitId))];
    const fieldIds = [...new Set(fieldLinks.map((l) => l.customFieldId))];
    const meterIds = [...new Set(prices.map((p) => p.meterId).filter((m): m is string => Boolean(m)))];
    const mediaIds = [...new Set(products.flatMap((p) => mediaIdsOf(p)))];
    const [benefits, fields, meters, files] = await Promise.all([
      benefitIds.length
        ? db.findMany<BenefitRow>({ model: "billingBenefit", where: idIn("id", benefitIds) })
        : [],
      fieldIds.length
        ? db.findMany<CustomFieldRow>({ model: "billingCustomField", where: idIn("id", fieldIds) })
        : [],
      meterIds.length ? db.findMany<MeterRow>({ model: "billingMeter", where: idIn("id", meterIds) }) : [],
      fileRepository(db).byIdsAny(mediaIds),
    ]);
    return assembleProducts(products, {
      prices,
      benefitLinks: links,
      fieldLinks,
      benefits: byIdMap(benefits.filter((b) => !b.deletedAt)),
      fields: byIdMap(fields.filter((f) => !f.deletedAt)),
      meters: byIdMap(meters),
      files: byIdMap(files),
    });
  }

  return {
    load,
    ...productLoads(db),
    findProduct: (merchantId: string, id: string) =>
      db.findOne<ProductRow>({
        model: "billingProduct",
        where: [
          { field: "id", value: id },
          { field: "merchantId", value: merchantId },
        ],
      }),
    /** The merchants owning these products (any state). */
    async merchantIdsOfProducts(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.findMany<{ merchantId: string }>({
        model: "billingProduct",
        where: [{ field: "id", operator: "in", value: [...ids] }],
        select: ["merchantId"],
      });
      return [...new Set(rows.map((r) => r.merchantId))];
    },
    insertProduct: (data: Row) => db.create<ProductRow>({ model: "billingProduct", data }),
    updateProduct: (id: string, update: Row) =>
      db.update<ProductRow>({ model: "billingProduct", where: [{ field: "id", value: id }], update }),
    /** Newest first; filters isArchived, isRecurring and `query` (name contains, any case). */
    pageProducts: (
      merchantId: string,
      filter: { isArchived?: boolean; isRecurring?: boolean; query?: string },
      window: { page?: number; limit?: number },
    ) => {
      const where: Where = [
        { field: "merchantId", value: merchantId },
        ...(filter.isArchived !== undefined ? [{ field: "isArchived", value: filter.isArchived }] : []),
        ...(filter.isRecurring !== undefined ? [{ field: "isRecurring", value: filter.isRecurring }] : []),
        ...(filter.query ? [{ field: "name", operator: "contains" as const, value: filter.query }] : []),
      ];
      return listPage<ProductRow>(db, "billingProduct", where, window);
    },
    /** How many of these products are not archived. */
    countLiveProducts: (ids: readonly string[]) =>
      db.count({
        model: "billingProduct",
        where: [...idIn("id", ids), { field: "isArchived", value: false }],
      }),

    insertPrice: (data: Row) => db.create({ model: "billingPrice", data }),
    livePrices: (productId: string) =>
      db.findMany<PriceRow>({
        model: "billingPrice",
        where: [
          { field: "productId", value: productId },
          { field: "isArchived", value: false },
        ],
      }),
    archivePrices: (ids: readonly string[], at: Date) =>
      db.updateMany({
        model: "billingPrice",
        where: idIn("id", ids),
        update: { isArchived: true, modifiedAt: at },
      }),
    /** Products of the unarchived prices on a meter. */
    livePricesOfMeter: (meterId: string) =>
      db.findMany<{ productId: string }>({
        model: "billingPrice",
        where: [
          { field: "meterId", value: meterId },
          { field: "isArchived", value: false },
        ],
        select: ["productId"],
      }),

    /** Replaces a product's benefit links (in the order given). */
    async replaceBenefitLinks(productId: string, benefitIds: readonly string[]) {
      await db.deleteMany({
        model: "billingProductBenefit",
        where: [{ field: "productId", value: productId }],
      });
      for (const [order, benefitId] of benefitIds.entries())
        await db.create({ model: "billingProductBenefit", data: { productId, benefitId, order } });
    },
    /** Replaces a product's custom field links (in the order given). */
    async replaceCustomFieldLinks(
      productId: string,
      fields: readonly { customFieldId: string; required: boolean }[],
    ) {
      await db.deleteMany({
        model: "billingProductCustomField",
        where: [{ field: "productId", value: productId }],
      });
      for (const [order, f] of fields.entries()) {
        await db.create({
          model: "billingProductCustomField",
          data: { productId, customFieldId: f.customFieldId, order, required: f.required },
        });
      }
    },
    /** A benefit leaves every product. */
    unlinkBenefit: (benefitId: string) =>
      db.deleteMany({ model: "billingProductBenefit", where: [{ field: "benefitId", value: benefitId }] }),
    /** A custom field leaves every product. */
    unlinkCustomField: (customFieldId: string) =>
      db.deleteMany({
        model: "billingProductCustomField",
        where: [{ field: "customFieldId", value: customFieldId }],
      }),

    /** Which of these ids are live rows of the merchant (one query). */
    async ownedIds(model: OwnedModel, merchantId: string, ids: readonly string[]): Promise<Set<string>> {
      const live = LIVE[model];
      const rows = await db.findMany<{ id: string }>({
        model,
        where: [...idIn("id", ids), { field: "merchantId", value: merchantId }, ...(live ? [live] : [])],
        select: ["id"],
      });
      return new Set(rows.map((r) => r.id));
    },
  };
}
