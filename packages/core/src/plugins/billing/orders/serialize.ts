import type { Row } from "../../../db/adapter";
import type { LoadedProduct } from "../catalog/load";
import { serializeProduct } from "../catalog/serialize";
import {
  type BillingAddress,
  type CustomerRow,
  serializeAddress,
  serializeCustomer,
} from "../customers/serialize";
import { type DiscountRow, serializeDiscount } from "../discounts/serialize";
import { type SubscriptionRow, subscriptionCore } from "../subscriptions/serialize";

export type OrderStatus = "pending" | "paid" | "refunded" | "partially_refunded";
export type BillingReason = "purchase" | "subscription_create" | "subscription_cycle" | "subscription_update";

export interface OrderRow extends Row {
  id: string;
  merchantId: string;
  invoiceNumber: string;
  status: OrderStatus;
  subtotalAmount: number;
  discountAmount: number;
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
  refundedAmount: number;
  refundedTaxAmount: number;
  currency: string;
  billingReason: BillingReason;
  billingName: string | null;
  billingAddress: BillingAddress | null;
  customerId: string;
  productId: string;
  discountId: string | null;
  subscriptionId: string | null;
  checkoutId: string | null;
  metadata: Record<string, string | number | boolean>;
  customFieldData: Record<string, unknown>;
  userId: string | null;
  referenceId: string | null;
  createdAt: Date;
  modifiedAt: Date;
}

export interface OrderItemRow extends Row {
  id: string;
  orderId: string;
  label: string;
  amount: number;
  taxAmount: number;
  proration: boolean;
  productPriceId: string | null;
  createdAt: Date;
}

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
