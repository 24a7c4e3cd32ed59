import type { LoadedProduct } from "../catalog/load";
import type { PriceRow } from "../catalog/serialize";
import type { BillingContext } from "../context";
import type { BillingAddress } from "../customers/serialize";
import type { DiscountRow } from "../discounts/serialize";
import { BILLING_ERRORS } from "../errors";
import { MAX_AMOUNT } from "../money";
import { baseAmount, type CheckoutAmounts, computeAmounts, computeFlags } from "./amounts";

/** Checks a pay-what-you-want amount against the price's bounds (BILLING.md 1.4). */
export function assertCustomAmount(price: PriceRow, amount: number) {
  if (!Number.isInteger(amount) || amount < 0) throw BILLING_ERRORS.AMOUNT_IS_BELOW_MINIMUM();
  if (price.minimumAmount !== null && price.minimumAmount !== undefined && amount < price.minimumAmount) {
    throw BILLING_ERRORS.AMOUNT_IS_BELOW_MINIMUM();
  }
  const max = price.maximumAmount ?? MAX_AMOUNT;
  if (amount > max) throw BILLING_ERRORS.AMOUNT_IS_ABOVE_MAXIMUM();
}

/** Picks the price: the given one (of this product, not archived) or the product's first. */
export function selectPrice(product: LoadedProduct, priceId?: string | null): PriceRow {
  const price = priceId ? product.prices.find((p) => p.id === priceId) : product.prices[0];
  if (!price) throw priceId ? BILLING_ERRORS.PRICE_NOT_FOUND() : BILLING_ERRORS.PRICE_NOT_FOUND();
  if (price.isArchived) throw BILLING_ERRORS.PRICE_IS_ARCHIVED();
  return price;
}

/**
 * Every amount of a checkout from its current inputs: amount, discount (only when the product is
 * discountable), tax (the optional hook, only when a payment is needed and an address exists),
 * total.
 */
export async function priceCheckout(
  ctx: BillingContext,
  input: {
    product: LoadedProduct;
    price: PriceRow;
    amount?: number | null;
    discount: DiscountRow | null;
    address: BillingAddress | null;
    /** Seats of a seat_based price (the organization's member count, at least the minimum). */
    seats?: number | null;
  },
): Promise<CheckoutAmounts> {
  const { product, price } = input;
  if (price.amountType === "custom" && input.amount !== undefined && input.amount !== null) {
    assertCustomAmount(price, input.amount);
  }
  const amount = baseAmount(price, input.amount, input.seats);
  if (amount > MAX_AMOUNT) throw BILLING_ERRORS.AMOUNT_IS_ABOVE_MAXIMUM();
  const untaxed = computeAmounts(amount, input.discount, 0);
  const flags = computeFlags({
    product: product.product,
    prices: product.prices,
    price,
    amounts: untaxed,
    discount: input.discount,
  });
  if (!ctx.options.tax || !flags.isPaymentRequired) return untaxed;
  if (!input.address?.country) return computeAmounts(amount, input.discount, null);
  const tax = await ctx.options.tax({
    amount: untaxed.netAmount,
    currency: price.priceCurrency,
    productId: product.product.id,
    billingAddress: { ...input.address },
  });
  return computeAmounts(amount, input.discount, Math.max(0, Math.round(tax)));
}
