import type { LoadedProduct } from "../catalog/load";
import { serializePrice, serializeProduct } from "../catalog/serialize";
import { serializeAddress } from "../customers/serialize";
import { type DiscountRow, serializeDiscount } from "../discounts/serialize";
import type { CheckoutRow } from "../rows";
import { activeTrial } from "../subscriptions/trials";
import { addressFields, computeFlags } from "./amounts";

export type { CheckoutRow } from "../rows";
export type { CheckoutStatus } from "./status";

export interface CheckoutView {
  checkout: CheckoutRow;
  /** Every offered product, the selected one included. */
  products: readonly LoadedProduct[];
  discount: DiscountRow | null;
  discountProductIds: readonly string[];
  url: string;
}

/** The spec's Checkout shape, with every amount and flag computed from the stored row. */
export function serializeCheckout(view: CheckoutView) {
  const { checkout: c, discount } = view;
  const selected = view.products.find((p) => p.product.id === c.productId);
  const price = selected?.prices.find((p) => p.id === c.productPriceId);
  const amounts = {
    amount: c.amount,
    discountAmount: c.discountAmount,
    netAmount: c.netAmount,
    taxAmount: c.taxAmount,
    totalAmount: c.totalAmount,
  };
  const flags =
    selected && price
      ? computeFlags({
          product: selected.product,
          prices: selected.prices,
          price,
          amounts,
          discount,
          trialEnd: c.trialEnd,
        })
      : {
          isDiscountApplicable: false,
          isFreeProductPrice: false,
          isPaymentRequired: c.totalAmount > 0,
          isPaymentSetupRequired: false,
          isPaymentFormRequired: c.totalAmount > 0,
        };
  return {
    id: c.id,
    createdAt: c.createdAt,
    modifiedAt: c.modifiedAt,
    status: c.status,
    paymentProcessor: c.paymentProcessor,
    clientSecret: c.clientSecret,
    url: view.url,
    expiresAt: c.expiresAt,
    successUrl: c.successUrl ?? null,
    returnUrl: c.returnUrl ?? null,
    embedOrigin: c.embedOrigin ?? null,
    ...amounts,
    currency: c.currency,
    productId: c.productId,
    productPriceId: c.productPriceId,
    discountId: c.discountId ?? null,
    allowDiscountCodes: c.allowDiscountCodes,
    requireBillingAddress: c.requireBillingAddress,
    ...flags,
    customerId: c.customerId ?? null,
    isBusinessCustomer: c.isBusinessCustomer,
    customerName: c.customerName ?? null,
    customerEmail: c.customerEmail ?? null,
    customerIpAddress: c.customerIpAddress ?? null,
    customerBillingName: c.customerBillingName ?? null,
    customerBillingAddress: serializeAddress(c.customerBillingAddress),
    customerTaxId: c.customerTaxId ?? null,
    customerExternalId: c.customerExternalId ?? null,
    customerMetadata: c.customerMetadata ?? {},
    customFieldData: c.customFieldData ?? {},
    attachedCustomFields: (selected?.customFields ?? []).map((a) => ({
      customFieldId: a.customFieldId,
      order: a.order,
      required: a.required,
      customField: {
        id: a.customField.id,
        type: a.customField.type,
        slug: a.customField.slug,
        name: a.customField.name,
        properties: a.customField.properties ?? {},
      },
    })),
    customerBillingAddressFields: addressFields({
      requireBillingAddress: c.requireBillingAddress,
      isBusinessCustomer: c.isBusinessCustomer,
      country: c.customerBillingAddress?.country,
    }),
    paymentProcessorMetadata: c.paymentProcessorMetadata ?? {},
    metadata: c.metadata ?? {},
    products: view.products.map((p) => serializeProduct(p.product, p)),
    product: selected ? serializeProduct(selected.product, selected) : null,
    productPrice: price ? serializePrice(price, selected?.meters) : null,
    discount: discount ? serializeDiscount(discount, view.discountProductIds) : null,
    subscriptionId: c.subscriptionId ?? null,
    ...checkoutTrialFields(c, selected, price),
  };
}

/** Trial fields (BILLING.md 3.7): the checkout's own options, the trial that applies and its end. */
function checkoutTrialFields(
  c: CheckoutRow,
  selected: LoadedProduct | undefined,
  price: LoadedProduct["prices"][number] | undefined,
) {
  const active = selected && c.trialEnd ? activeTrial(selected.product, price, c) : null;
  return {
    allowTrial: c.allowTrial,
    trialInterval: c.trialInterval ?? null,
    trialIntervalCount: c.trialIntervalCount ?? null,
    activeTrialInterval: active?.interval ?? null,
    activeTrialIntervalCount: active?.count ?? null,
    trialEnd: c.trialEnd ?? null,
  };
}

export type SerializedCheckout = ReturnType<typeof serializeCheckout>;
