import type { DBAdapter } from "../../../db/adapter";
import type {
  AttachedCustomField,
  BenefitRow,
  CustomFieldRow,
  MeterRow,
  PriceRow,
  ProductRelations,
  ProductRow,
} from "./serialize";

export interface LoadedProduct extends ProductRelations {
  product: ProductRow;
}

const idIn = (field: string, ids: readonly string[]) => [{ field, operator: "in" as const, value: [...ids] }];

/**
 * Products with prices, benefits, attached custom fields and meters, in a constant number of
 * queries whatever the number of products (never one query per row). Prices: unarchived only,
 * unless `includeArchivedPrices`.
 */
export async function loadProducts(
  db: DBAdapter,
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
    db.findMany<{ productId: string; benefitId: string; order: number }>({
      model: "billingProductBenefit",
      where: idIn("productId", ids),
      sortBy: { field: "order", direction: "asc" },
    }),
    db.findMany<{ productId: string; customFieldId: string; order: number; required: boolean }>({
      model: "billingProductCustomField",
      where: idIn("productId", ids),
      sortBy: { field: "order", direction: "asc" },
    }),
  ]);
  const benefitIds = [...new Set(links.map((l) => l.benefitId))];
  const fieldIds = [...new Set(fieldLinks.map((l) => l.customFieldId))];
  const meterIds = [...new Set(prices.map((p) => p.meterId).filter((m): m is string => Boolean(m)))];
  const [benefits, fields, meters] = await Promise.all([
    benefitIds.length
      ? db.findMany<BenefitRow>({ model: "billingBenefit", where: idIn("id", benefitIds) })
      : [],
    fieldIds.length
      ? db.findMany<CustomFieldRow>({ model: "billingCustomField", where: idIn("id", fieldIds) })
      : [],
    meterIds.length ? db.findMany<MeterRow>({ model: "billingMeter", where: idIn("id", meterIds) }) : [],
  ]);
  const benefitById = new Map(benefits.filter((b) => !b.deletedAt).map((b) => [b.id, b]));
  const fieldById = new Map(fields.filter((f) => !f.deletedAt).map((f) => [f.id, f]));
  const meterById = new Map(meters.map((m) => [m.id, m]));
  return products.map((product) => ({
    product,
    prices: prices.filter((p) => p.productId === product.id),
    benefits: links
      .filter((l) => l.productId === product.id)
      .map((l) => benefitById.get(l.benefitId))
      .filter((b): b is BenefitRow => Boolean(b)),
    customFields: fieldLinks
      .filter((l) => l.productId === product.id)
      .map((l): AttachedCustomField | null => {
        const customField = fieldById.get(l.customFieldId);
        return customField
          ? { customFieldId: l.customFieldId, customField, order: l.order, required: l.required }
          : null;
      })
      .filter((a): a is AttachedCustomField => a !== null),
    meters: meterById,
  }));
}

export async function loadProductsById(db: DBAdapter, ids: readonly string[], merchantId?: string) {
  if (ids.length === 0) return [];
  const rows = await db.findMany<ProductRow>({
    model: "billingProduct",
    where: [...idIn("id", ids), ...(merchantId ? [{ field: "merchantId", value: merchantId }] : [])],
  });
  const loaded = await loadProducts(db, rows);
  const byId = new Map(loaded.map((l) => [l.product.id, l]));
  return ids.map((id) => byId.get(id)).filter((l): l is LoadedProduct => Boolean(l));
}
