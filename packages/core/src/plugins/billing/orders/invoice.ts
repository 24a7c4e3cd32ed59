import type { MerchantRow, RefundRow } from "../rows";
import type { SerializedOrder } from "./serialize";

/** Refunds that count on an invoice: given back, or on their way. */
const SHOWN_REFUNDS = new Set(["succeeded", "pending"]);

/**
 * The invoice of an order (BILLING.md 2.4): numbered, the merchant (seller) and the buyer, the
 * items, discount, tax, totals and refunds. Plain data: the JSON answer of the invoice endpoints
 * and the input of the HTML renderer (`invoice-html.ts`), so both always show the same numbers.
 */
export function buildInvoice(order: SerializedOrder, merchant: MerchantRow, refunds: readonly RefundRow[]) {
  const shown = refunds.filter((r) => r.orderId === order.id && SHOWN_REFUNDS.has(r.status));
  return {
    orderId: order.id,
    invoiceNumber: order.invoiceNumber,
    issuedAt: order.createdAt,
    status: order.status,
    billingReason: order.billingReason,
    currency: order.currency,
    seller: {
      name: merchant.name,
      email: merchant.email ?? null,
      website: merchant.website ?? null,
    },
    buyer: {
      name: order.billingName ?? order.customer?.name ?? null,
      email: order.customer?.email ?? null,
      address: order.billingAddress,
      taxId: order.customer?.taxId ?? null,
    },
    productName: order.product?.name ?? null,
    items: order.items.map((i) => ({ label: i.label, amount: i.amount, proration: i.proration })),
    subtotalAmount: order.subtotalAmount,
    discount: order.discount ? { name: order.discount.name, code: order.discount.code ?? null } : null,
    discountAmount: order.discountAmount,
    netAmount: order.netAmount,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    refunds: shown.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      status: r.status,
      reason: r.reason,
      amount: r.amount,
      taxAmount: r.taxAmount,
    })),
    refundedAmount: order.refundedAmount,
    refundedTaxAmount: order.refundedTaxAmount,
    /** What the buyer paid and kept paid: total less refunded amounts and their tax. */
    balanceAmount: order.totalAmount - order.refundedAmount - order.refundedTaxAmount,
  };
}

export type Invoice = ReturnType<typeof buildInvoice>;
