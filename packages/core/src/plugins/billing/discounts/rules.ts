import type { DiscountRow } from "./serialize";

/** Redeemable now: started, not ended, redemptions left, not deleted (BILLING.md 4.3). */
export function isRedeemable(d: DiscountRow, now: Date): boolean {
  if (d.deletedAt) return false;
  if (d.startsAt && d.startsAt.getTime() > now.getTime()) return false;
  if (d.endsAt && d.endsAt.getTime() < now.getTime()) return false;
  if (d.maxRedemptions !== null && d.maxRedemptions !== undefined && d.redemptionsCount >= d.maxRedemptions) {
    return false;
  }
  return true;
}

/** Applicable to a product: no restriction list, or the product is in it; fixed needs the currency. */
export function isApplicable(
  d: DiscountRow,
  productId: string,
  restrictedTo: readonly string[],
  currency: string,
): boolean {
  if (restrictedTo.length > 0 && !restrictedTo.includes(productId)) return false;
  if (d.type === "fixed" && d.currency && d.currency !== currency) return false;
  return true;
}

/** Codes are compared case-insensitively: stored and looked up by this key. */
export const codeKey = (code: string) => code.trim().toUpperCase();
