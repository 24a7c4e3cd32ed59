import type {
  BenefitRow,
  CustomFieldRow,
  FileRow,
  MeterRow,
  PriceRow,
  ProductBenefitRow,
  ProductCustomFieldRow,
  ProductRow,
} from "../rows";
import type { AttachedCustomField, ProductRelations } from "./serialize";

export interface LoadedProduct extends ProductRelations {
  product: ProductRow;
}

/** The product's media file ids (json column; absent on rows written before product media). */
export const mediaIdsOf = (p: ProductRow): string[] =>
  Array.isArray(p.mediaIds) ? p.mediaIds.filter((id): id is string => typeof id === "string") : [];

/** What the catalog read for some products (live benefits and custom fields only, by id). */
export interface CatalogRows {
  readonly prices: readonly PriceRow[];
  readonly benefitLinks: readonly ProductBenefitRow[];
  readonly fieldLinks: readonly ProductCustomFieldRow[];
  readonly benefits: ReadonlyMap<string, BenefitRow>;
  readonly fields: ReadonlyMap<string, CustomFieldRow>;
  readonly meters: Map<string, MeterRow>;
  readonly files: ReadonlyMap<string, FileRow>;
}

/** Each product with its relations, in the order of the rows read (prices, links by `order`). */
export function assembleProducts(products: readonly ProductRow[], rows: CatalogRows): LoadedProduct[] {
  return products.map((product) => ({
    product,
    prices: rows.prices.filter((p) => p.productId === product.id),
    benefits: rows.benefitLinks
      .filter((l) => l.productId === product.id)
      .map((l) => rows.benefits.get(l.benefitId))
      .filter((b): b is BenefitRow => Boolean(b)),
    customFields: rows.fieldLinks
      .filter((l) => l.productId === product.id)
      .map((l): AttachedCustomField | null => {
        const customField = rows.fields.get(l.customFieldId);
        return customField
          ? { customFieldId: l.customFieldId, customField, order: l.order, required: l.required }
          : null;
      })
      .filter((a): a is AttachedCustomField => a !== null),
    meters: rows.meters,
    medias: mediaIdsOf(product)
      .map((id) => rows.files.get(id))
      .filter((f): f is FileRow => Boolean(f)),
  }));
}
