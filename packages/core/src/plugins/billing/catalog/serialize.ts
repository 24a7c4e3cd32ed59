import { serializeFile } from "../files/serialize";
import type { BenefitRow, CustomFieldRow, FileRow, MeterRow, PriceRow, ProductRow } from "../rows";

export type { AmountType, BenefitRow, CustomFieldRow, MeterRow, PriceRow, ProductRow } from "../rows";

export interface AttachedCustomField {
  customFieldId: string;
  customField: CustomFieldRow;
  order: number;
  required: boolean;
}

export function serializeMeter(m: MeterRow) {
  return {
    id: m.id,
    createdAt: m.createdAt,
    modifiedAt: m.modifiedAt,
    name: m.name,
    filter: m.filter,
    aggregation: m.aggregation,
    organizationId: m.merchantId,
    metadata: m.metadata ?? {},
    archivedAt: m.archivedAt ?? null,
  };
}

/** A price in the spec's shape: common fields plus those of its amount type. */
export function serializePrice(p: PriceRow, meters: ReadonlyMap<string, MeterRow> = new Map()) {
  const base = {
    id: p.id,
    createdAt: p.createdAt,
    modifiedAt: p.modifiedAt,
    isArchived: p.isArchived,
    productId: p.productId,
    type: p.type,
    recurringInterval: p.recurringInterval ?? null,
    priceCurrency: p.priceCurrency,
    amountType: p.amountType,
    legacy: p.legacy ?? false,
  };
  switch (p.amountType) {
    case "fixed":
      return { ...base, priceAmount: p.priceAmount ?? 0 };
    case "custom":
      return {
        ...base,
        minimumAmount: p.minimumAmount ?? null,
        maximumAmount: p.maximumAmount ?? null,
        presetAmount: p.presetAmount ?? null,
      };
    case "metered_unit": {
      const meter = p.meterId ? meters.get(p.meterId) : undefined;
      return {
        ...base,
        unitAmount: p.unitAmount ?? "0",
        capAmount: p.capAmount ?? null,
        meterId: p.meterId,
        meter: meter ? { id: meter.id, name: meter.name } : null,
      };
    }
    case "seat_based":
      return { ...base, seatAmount: p.seatAmount ?? 0, minimumSeats: p.minimumSeats ?? 1 };
    default:
      return base;
  }
}

export function serializeBenefit(b: BenefitRow) {
  return {
    id: b.id,
    createdAt: b.createdAt,
    modifiedAt: b.modifiedAt,
    type: b.type,
    description: b.description,
    selectable: b.selectable,
    deletable: b.deletable,
    organizationId: b.merchantId,
    metadata: b.metadata ?? {},
    properties: b.properties ?? {},
  };
}

export function serializeCustomField(f: CustomFieldRow) {
  return {
    id: f.id,
    createdAt: f.createdAt,
    modifiedAt: f.modifiedAt,
    type: f.type,
    slug: f.slug,
    name: f.name,
    organizationId: f.merchantId,
    metadata: f.metadata ?? {},
    properties: f.properties ?? {},
  };
}

export interface ProductRelations {
  prices: readonly PriceRow[];
  benefits: readonly BenefitRow[];
  customFields: readonly AttachedCustomField[];
  meters?: ReadonlyMap<string, MeterRow>;
  /** Product media files in display order (public images). */
  medias?: readonly FileRow[];
}

/** The spec's Product shape; `medias` are the product's images (files with a `publicUrl`). */
export function serializeProduct(p: ProductRow, rel: ProductRelations) {
  return {
    id: p.id,
    createdAt: p.createdAt,
    modifiedAt: p.modifiedAt,
    name: p.name,
    description: p.description ?? null,
    recurringInterval: p.recurringInterval ?? null,
    trialInterval: p.trialInterval ?? null,
    trialIntervalCount: p.trialIntervalCount ?? null,
    isRecurring: p.isRecurring,
    isArchived: p.isArchived,
    organizationId: p.merchantId,
    metadata: p.metadata ?? {},
    prices: rel.prices.map((price) => serializePrice(price, rel.meters)),
    benefits: rel.benefits.map(serializeBenefit),
    medias: (rel.medias ?? []).map(serializeFile),
    attachedCustomFields: rel.customFields.map((a) => ({
      customFieldId: a.customFieldId,
      customField: serializeCustomField(a.customField),
      order: a.order,
      required: a.required,
    })),
  };
}

export type SerializedProduct = ReturnType<typeof serializeProduct>;
