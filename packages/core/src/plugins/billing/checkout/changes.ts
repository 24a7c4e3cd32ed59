import type { DBAdapter, Row } from "../../../plugin";
import { validateCustomFieldData } from "../catalog/custom-field-data";
import type { LoadedProduct } from "../catalog/load";
import type { BillingContext } from "../context";
import type { BillingAddress, TaxId } from "../customers/serialize";
import { validateTaxId } from "../customers/validate";
import { resolveDiscount } from "../discounts/redeem";
import type { DiscountRow } from "../discounts/serialize";
import { BILLING_ERRORS, validationFailed } from "../errors";
import { trialEndFor } from "../subscriptions/trials";
import { computeFlags } from "./amounts";
import { assertEmailChangeAllowed } from "./email-rule";
import { priceCheckout, selectPrice } from "./pricing";
import { checkoutSeats } from "./seats";
import type { CheckoutRow } from "./serialize";

/** Fields a buyer (or the merchant) may change on an open checkout. */
export interface CheckoutPatch {
  productId?: string;
  productPriceId?: string;
  amount?: number | null;
  discountId?: string | null;
  discountCode?: string | null;
  customerName?: string | null;
  customerEmail?: string | null;
  customerBillingName?: string | null;
  customerBillingAddress?: BillingAddress | null;
  customerTaxId?: TaxId | null;
  isBusinessCustomer?: boolean;
  customFieldData?: Record<string, unknown>;
  metadata?: Record<string, string | number | boolean>;
}

/** Does a preset address carry more than a country (so the full address becomes required)? */
export function hasLineLevelAddress(address: BillingAddress | null | undefined): boolean {
  if (!address) return false;
  if (address.line1 || address.line2 || address.city || address.postalCode) return true;
  return Boolean(address.state) && address.country !== "US" && address.country !== "CA";
}

/**
 * Applies a patch to a checkout's current state and recomputes everything derived from it
 * (price, amounts, discount, tax, validated custom field data). Pure apart from reading the
 * discount; nothing is written. `mode: "confirm"` replaces custom field data and enforces required
 * fields; otherwise data is merged and required-ness waits for confirm.
 */
export async function applyCheckoutPatch(
  ctx: BillingContext,
  db: DBAdapter,
  current: Pick<
    CheckoutRow,
    "merchantId" | "productId" | "productPriceId" | "productIds" | "amount" | "discountId"
  > &
    Partial<CheckoutRow>,
  products: readonly LoadedProduct[],
  patch: CheckoutPatch,
  mode: "draft" | "confirm",
): Promise<{ changes: Row; product: LoadedProduct; discount: DiscountRow | null }> {
  assertEmailChangeAllowed(current, patch);
  const productId = patch.productId ?? current.productId;
  const product = products.find((p) => p.product.id === productId);
  if (!product) throw BILLING_ERRORS.PRODUCT_NOT_FOUND();
  if (product.product.isArchived) throw BILLING_ERRORS.PRODUCT_IS_ARCHIVED();
  const switched =
    productId !== current.productId ||
    (patch.productPriceId && patch.productPriceId !== current.productPriceId);
  const price = selectPrice(
    product,
    patch.productPriceId ?? (productId === current.productId ? current.productPriceId : null),
  );

  let amount: number | null = switched ? null : (current.amount ?? null);
  if (patch.amount !== undefined) amount = patch.amount;
  if (price.amountType !== "custom") amount = null;

  const probe = computeFlags({
    product: product.product,
    prices: product.prices,
    price,
    amounts: { amount: 0, discountAmount: 0, netAmount: 0, taxAmount: 0, totalAmount: 0 },
    discount: null,
  });
  let discount: DiscountRow | null = null;
  const wantsCode =
    patch.discountCode !== undefined && patch.discountCode !== null && patch.discountCode !== "";
  // An explicit null (or empty) code removes the discount, unless codes are the merchant's alone.
  const dropsCode = patch.discountCode !== undefined && !wantsCode && current.allowDiscountCodes !== false;
  const discountId =
    patch.discountId !== undefined ? patch.discountId : wantsCode || dropsCode ? null : current.discountId;
  if (wantsCode || discountId) {
    if (!probe.isDiscountApplicable) throw BILLING_ERRORS.DISCOUNTS_ARE_NOT_APPLICABLE_TO_THIS_PRODUCT();
    if (wantsCode && current.allowDiscountCodes === false) throw BILLING_ERRORS.DISCOUNT_DOES_NOT_EXIST();
    ({ discount } = await resolveDiscount(db, {
      merchantId: current.merchantId,
      id: wantsCode ? null : discountId,
      code: wantsCode ? patch.discountCode : null,
      productId,
      currency: price.priceCurrency,
      now: ctx.now(),
    }));
  }

  const address =
    patch.customerBillingAddress !== undefined
      ? patch.customerBillingAddress
      : (current.customerBillingAddress ?? null);
  const taxId = validateTaxId(
    patch.customerTaxId !== undefined ? patch.customerTaxId : (current.customerTaxId ?? null),
    address,
  );
  const seats = await checkoutSeats(ctx, db, price, current.referenceId ?? null);
  const amounts = await priceCheckout(ctx, { product, price, amount, discount, address, seats });

  const incoming = patch.customFieldData ?? {};
  const base = mode === "confirm" ? incoming : { ...(current.customFieldData ?? {}), ...incoming };
  const fields = validateCustomFieldData(product.customFields, base, mode);
  if (fields.issues.length > 0) throw validationFailed(fields.issues);

  const changes: Row = {
    productId,
    productPriceId: price.id,
    currency: price.priceCurrency,
    ...amounts,
    discountId: discount?.id ?? null,
    customFieldData: fields.data,
    customerTaxId: taxId,
    customerBillingAddress: address,
    // Measured from this change (the confirm, at last): the trial the buyer is shown starts now.
    trialEnd: trialEndFor(
      product.product,
      price,
      { ...current, allowTrial: current.allowTrial ?? true },
      ctx.now(),
    ),
  };
  for (const key of ["customerName", "customerBillingName", "isBusinessCustomer", "metadata"] as const) {
    if (patch[key] !== undefined) changes[key] = patch[key];
  }
  if (patch.customerEmail !== undefined)
    changes.customerEmail = patch.customerEmail?.trim().toLowerCase() ?? null;
  return { changes, product, discount };
}
