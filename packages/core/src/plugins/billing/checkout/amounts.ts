import type { AmountType, PriceRow, ProductRow } from "../catalog/serialize";
import type { DiscountRow } from "../discounts/serialize";
import { discountAmountFor } from "../money";
import { seatsFor, seatTotal } from "../subscriptions/seat-rules";

/** Spec-era fallback when a custom price has no preset (BILLING.md 1.3). */
export const CUSTOM_PRICE_FALLBACK = 1000;

/** The amount before discount and tax for a price (custom: the chosen amount, else preset, else fallback). */
export function baseAmount(price: PriceRow, chosen?: number | null, seats?: number | null): number {
  switch (price.amountType) {
    case "fixed":
      return price.priceAmount ?? 0;
    case "seat_based":
      return seatTotal(price, seats ?? seatsFor(price, null));
    case "custom":
      return chosen ?? price.presetAmount ?? price.minimumAmount ?? CUSTOM_PRICE_FALLBACK;
    default:
      return 0;
  }
}

export interface CheckoutAmounts {
  amount: number;
  discountAmount: number;
  netAmount: number;
  taxAmount: number | null;
  totalAmount: number;
}

/** amount -> discount -> net -> tax -> total, all integers (BILLING.md 1.3). */
export function computeAmounts(
  amount: number,
  discount: DiscountRow | null,
  taxAmount: number | null,
): CheckoutAmounts {
  const discountAmount = discount ? discountAmountFor(discount, amount) : 0;
  const netAmount = amount - discountAmount;
  return { amount, discountAmount, netAmount, taxAmount, totalAmount: netAmount + (taxAmount ?? 0) };
}

const DISCOUNTABLE: readonly AmountType[] = ["fixed", "custom", "metered_unit", "seat_based"];

export interface CheckoutFlags {
  isDiscountApplicable: boolean;
  isFreeProductPrice: boolean;
  isPaymentRequired: boolean;
  isPaymentSetupRequired: boolean;
  isPaymentFormRequired: boolean;
}

/** The boolean flags, exactly as BILLING.md 1.5 (spec era, with HEAD's refinements for setups). */
export function computeFlags(input: {
  product: ProductRow;
  prices: readonly PriceRow[];
  price: PriceRow;
  amounts: CheckoutAmounts;
  discount: DiscountRow | null;
  /** The checkout's trial end: during a trial nothing is paid now, the method is only saved. */
  trialEnd?: Date | null;
}): CheckoutFlags {
  const { product, prices, price, amounts, discount } = input;
  const isDiscountApplicable = prices.some((p) => DISCOUNTABLE.includes(p.amountType));
  const isFreeProductPrice = prices.length > 0 && prices.every((p) => p.amountType === "free");
  const isPaymentRequired = amounts.totalAmount > 0 && !input.trialEnd;
  const hasMetered = prices.some((p) => p.amountType === "metered_unit");
  const freeForever =
    discount?.type === "percentage" && discount.basisPoints === 10_000 && discount.duration === "forever";
  const isPaymentSetupRequired =
    product.isRecurring &&
    !isFreeProductPrice &&
    price.amountType !== "free" &&
    !(amounts.amount === 0 && !hasMetered) &&
    !freeForever;
  return {
    isDiscountApplicable,
    isFreeProductPrice,
    isPaymentRequired,
    isPaymentSetupRequired,
    isPaymentFormRequired: isPaymentRequired || isPaymentSetupRequired,
  };
}

/** Billing address field requirements (spec: country, state, city, postalCode, line1, line2 booleans). */
export function addressFields(input: {
  requireBillingAddress: boolean;
  isBusinessCustomer: boolean;
  country?: string | null;
}) {
  const full = input.requireBillingAddress || input.isBusinessCustomer || input.country === "US";
  // Only where states are part of the address system, whatever else is required (BILLING.md 1.7).
  const stateRequired = input.country === "US" || input.country === "CA";
  return { country: true, state: stateRequired, city: full, postalCode: full, line1: full, line2: false };
}
