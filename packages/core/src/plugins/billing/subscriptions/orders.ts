import type { DBAdapter } from "../../../db/adapter";
import { grantsOnOrderPaid } from "../benefit-grants/enqueue";
import type { LoadedProduct } from "../catalog/load";
import type { Emit } from "../context";
import type { MerchantService } from "../merchants/service";
import { orderRepository } from "../orders/repository";
import { serializeOrder } from "../orders/serialize";
import type { OrderService } from "../orders/service";
import type {
  BillingReason,
  CustomerRow,
  DiscountRow,
  OrderItemRow,
  OrderRow,
  SubscriptionRow,
} from "../rows";

export interface OrderLine {
  readonly label: string;
  readonly amount: number;
  readonly proration: boolean;
  readonly productPriceId: string | null;
}

export interface SubscriptionOrderInput {
  subscription: SubscriptionRow;
  customer: CustomerRow | null;
  reason: BillingReason;
  lines: readonly OrderLine[];
  discountAmount: number;
  /** Already charged (a plan-change invoice): created paid with this processor intent. */
  paidWith?: string;
  /** Rows the caller already holds (renewals load them per batch): no reads for the event. */
  known?: { product: LoadedProduct | null; discount: DiscountRow | null };
}

type Deps = { merchants: MerchantService; orders: OrderService; now: Date };

/**
 * A subscription order (renewal or plan-change invoice) with its lines: paid at once when
 * nothing is due, otherwise pending with its first charge attempt due now (the charge sweep
 * takes it). Emits order.created, and order.updated + order.paid when already paid.
 */
export async function createSubscriptionOrder(
  deps: Deps,
  tx: DBAdapter,
  emit: Emit,
  input: SubscriptionOrderInput,
): Promise<OrderRow> {
  const merchant = await deps.merchants.byId(input.subscription.merchantId, tx);
  const invoiceNumber = await deps.merchants.nextInvoiceNumber(tx, merchant);
  const draft = await insertSubscriptionOrder(deps, tx, input, invoiceNumber);
  await announceSubscriptionOrder(deps, tx, emit, draft, input);
  return draft.order;
}

/** Writes the order and its lines (no event yet). */
export async function insertSubscriptionOrder(
  deps: Deps,
  tx: DBAdapter,
  input: SubscriptionOrderInput,
  invoiceNumber: string,
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const { subscription: sub, customer, now } = { ...input, now: deps.now };
  const subtotal = input.lines.reduce((sum, l) => sum + l.amount, 0);
  const net = subtotal - input.discountAmount;
  const paid = net <= 0 || Boolean(input.paidWith);
  const order = await orderRepository(tx).insert({
    merchantId: sub.merchantId,
    invoiceNumber,
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
  const items: OrderItemRow[] = [];
  for (const line of input.lines) {
    items.push(
      await orderRepository(tx).insertItem({ orderId: order.id, taxAmount: 0, createdAt: now, ...line }),
    );
  }
  return { order, items };
}

/** Emits order.created (and order.updated + order.paid when it is paid already). */
export async function announceSubscriptionOrder(
  deps: Deps,
  tx: DBAdapter,
  emit: Emit,
  draft: { order: OrderRow; items: readonly OrderItemRow[] },
  input: SubscriptionOrderInput,
) {
  const { order, items } = draft;
  const { known } = input;
  const [serialized] = known
    ? [
        serializeOrder(order, {
          items,
          customer: input.customer,
          product: known.product,
          subscription: input.subscription,
          discount: order.discountId ? known.discount : null,
        }),
      ]
    : await deps.orders.serializeMany(tx, [order]);
  await emit(order.merchantId, "order.created", serialized);
  if (order.status === "paid") {
    await emit(order.merchantId, "order.updated", serialized);
    await emit(order.merchantId, "order.paid", serialized);
    await grantsOnOrderPaid(tx, order, deps.now);
  }
}
