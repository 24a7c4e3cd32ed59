import type { DiscountRow } from "../rows";

export type { DiscountRow } from "../rows";

/** The spec's Discount shape: amount and currency (fixed) or basisPoints (percentage). */
export function serializeDiscount(d: DiscountRow, productIds: readonly string[] = []) {
  const base = {
    id: d.id,
    createdAt: d.createdAt,
    modifiedAt: d.modifiedAt,
    name: d.name,
    code: d.code ?? null,
    type: d.type,
    duration: d.duration,
    durationInMonths: d.duration === "repeating" ? (d.durationInMonths ?? null) : null,
    startsAt: d.startsAt ?? null,
    endsAt: d.endsAt ?? null,
    maxRedemptions: d.maxRedemptions ?? null,
    redemptionsCount: d.redemptionsCount,
    organizationId: d.merchantId,
    metadata: d.metadata ?? {},
    products: [...productIds],
  };
  return d.type === "fixed"
    ? { ...base, amount: d.amount ?? 0, currency: d.currency ?? "usd" }
    : { ...base, basisPoints: d.basisPoints ?? 0 };
}
