import type { DBAdapter } from "../../../db/adapter";
import { grantsOnOrderPaid } from "../benefit-grants/enqueue";
import type { Emit } from "../context";
import type { MerchantService } from "../merchants/service";
import { orderRepository } from "../orders/repository";
import type { OrderService } from "../orders/service";
import type { BillingReason, CustomerRow, OrderRow, SubscriptionRow } from "../rows";

export interface OrderLine {
  readonly label: string;
  readonly amount: number;
  readonly proration: boolean;
  readonly productPriceId: string | null;
}

/**
 * A subscription order (renewal or plan-change invoice) with its lines: paid at once when
 * nothing is due, otherwise pending with its first charge attempt due now (the charge sweep
 * takes it). Emits order.created, and order.updated + order.paid when already paid.
 */
export async function createSubscriptionOrder(
  deps: { merchants: MerchantService; orders: OrderService; now: Date },
  tx: DBAdapter,
  emit: Emit,
  input: {
    subscription: SubscriptionRow;
    customer: CustomerRow | null;
    reason: BillingReason;
    lines: readonly OrderLine[];
    discountAmount: number;
    /** Already charged (a plan-change invoice): created paid with this processor intent. */
    paidWith?: string;
  },
): Promise<OrderRow> {
  const { subscription: sub, customer, now } = { ...input, now: deps.now };
  const subtotal = input.lines.reduce((sum, l) => sum + l.amount, 0);
  const net = subtotal - input.discountAmount;
  const merchant = await deps.merchants.byId(sub.merchantId, tx);
  const paid = net <= 0 || Boolean(input.paidWith);
  const order = await orderRepository(tx).insert({
    merchantId: sub.merchantId,
    invoiceNumber: await deps.merchants.nextInvoiceNumber(tx, merchant),
    status: paid ? "paid" : "pending",
    subtotalAmount: subtotal,
    discountAmount: input.discountAmount,
    netAmount: net,
    taxAmount: 0,
    totalAmount: net,
    currency: sub.currency,
    billingReason: input.reason,
    billingName: customer?.name ?? null,
    billingAddress: customer?.billingAddress ?? null,
    customerId: sub.customerId,
    productId: sub.productId,
    discountId: input.discountAmount > 0 ? sub.discountId : null,
    subscriptionId: sub.id,
    metadata: sub.metadata ?? {},
    customFieldData: {},
    userId: sub.userId ?? null,
    referenceId: sub.referenceId ?? null,
    nextPaymentAttemptAt: paid ? null : now,
    failedAttempts: 0,
    paymentIntentId: input.paidWith ?? null,
    createdAt: now,
    modifiedAt: now,
  });
  for (const line of input.lines) {
    await orderRepository(tx).insertItem({ orderId: order.id, taxAmount: 0, createdAt: now, ...line });
  }
  const [serialized] = await deps.orders.serializeMany(tx, [order]);
  await emit(order.merchantId, "order.created", serialized);
  if (paid) {
    await emit(order.merchantId, "order.updated", serialized);
    await emit(order.merchantId, "order.paid", serialized);
    await grantsOnOrderPaid(tx, order, now);
  }
  return order;
}
