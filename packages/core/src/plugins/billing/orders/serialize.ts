import type { LoadedProduct } from "../catalog/load";
import { serializeProduct } from "../catalog/serialize";
import { type CustomerRow, serializeAddress, serializeCustomer } from "../customers/serialize";
import { type DiscountRow, serializeDiscount } from "../discounts/serialize";
import type { OrderItemRow, OrderRow } from "../rows";
import { type SubscriptionRow, subscriptionCore } from "../subscriptions/serialize";
import type { OrderStatus } from "./status";

export type { BillingReason, OrderItemRow, OrderRow } from "../rows";
export type { OrderStatus } from "./status";

export interface OrderRelations {
  items: readonly OrderItemRow[];
  customer: CustomerRow | null;
  product: LoadedProduct | null;
  discount: DiscountRow | null;
  subscription: SubscriptionRow | null;
}

export const PAID_STATUSES: readonly OrderStatus[] = ["paid", "refunded", "partially_refunded"];

/** The spec's Order shape; `amount` is the net amount (Polar's deprecated alias). */
export function serializeOrder(o: OrderRow, rel: OrderRelations) {
  return {
    id: o.id,
    createdAt: o.createdAt,
    modifiedAt: o.modifiedAt,
    status: o.status,
    paid: PAID_STATUSES.includes(o.status),
    invoiceNumber: o.invoiceNumber,
    subtotalAmount: o.subtotalAmount,
    discountAmount: o.discountAmount,
    netAmount: o.netAmount,
    amount: o.netAmount,
    taxAmount: o.taxAmount,
    totalAmount: o.totalAmount,
    refundedAmount: o.refundedAmount,
    refundedTaxAmount: o.refundedTaxAmount,
    currency: o.currency,
    billingReason: o.billingReason,
    billingName: o.billingName ?? null,
    billingAddress: serializeAddress(o.billingAddress),
    customerId: o.customerId,
    productId: o.productId,
    discountId: o.discountId ?? null,
    subscriptionId: o.subscriptionId ?? null,
    checkoutId: o.checkoutId ?? null,
    metadata: o.metadata ?? {},
    customFieldData: o.customFieldData ?? {},
    userId: o.userId ?? null,
    customer: rel.customer ? serializeCustomer(rel.customer) : null,
    product: rel.product ? serializeProduct(rel.product.product, rel.product) : null,
    discount: rel.discount ? serializeDiscount(rel.discount) : null,
    subscription: rel.subscription ? subscriptionCore(rel.subscription) : null,
    items: rel.items.map((i) => ({
      id: i.id,
      createdAt: i.createdAt,
      label: i.label,
      amount: i.amount,
      taxAmount: i.taxAmount,
      proration: i.proration,
      productPriceId: i.productPriceId ?? null,
    })),
  };
}

export type SerializedOrder = ReturnType<typeof serializeOrder>;
