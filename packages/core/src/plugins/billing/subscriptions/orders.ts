import type { DBAdapter } from "../../../plugin";
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
/** The order row of a subscription order (renewal or plan-change invoice), before it is written. */
function orderData(deps: Deps, input: SubscriptionOrderInput, invoiceNumber: string) {
  const { subscription: sub, customer } = input;
  const now = deps.now;
  const subtotal = input.lines.reduce((sum, l) => sum + l.amount, 0);
  const net = subtotal - input.discountAmount;
  const paid = net <= 0 || Boolean(input.paidWith);
  return {
    merchantId: sub.merchantId,
    invoiceNumber,
    status: paid ? ("paid" as const) : ("pending" as const),
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
  };
}

/** Writes the order and its lines (no event yet). */
export async function insertSubscriptionOrder(
  deps: Deps,
  tx: DBAdapter,
  input: SubscriptionOrderInput,
  invoiceNumber: string,
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const order = await orderRepository(tx).insert(orderData(deps, input, invoiceNumber));
  const items: OrderItemRow[] = [];
  for (const line of input.lines) {
    items.push(
      await orderRepository(tx).insertItem({ orderId: order.id, taxAmount: 0, createdAt: deps.now, ...line }),
    );
  }
  return { order, items };
}

/**
 * Writes the orders of several subscriptions of one merchant at once (renewal batches): one
 * multi-row insert for the orders, one read to get them back by invoice number, one multi-row
 * insert for their lines and one read of those, whatever the batch size. In input order.
 */
export async function insertSubscriptionOrders(
  deps: Deps,
  tx: DBAdapter,
  inputs: readonly SubscriptionOrderInput[],
  invoiceNumbers: readonly string[],
): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
  if (inputs.length === 0) return [];
  const repo = orderRepository(tx);
  const merchantId = inputs[0]!.subscription.merchantId;
  await repo.insertMany(inputs.map((input, i) => orderData(deps, input, invoiceNumbers[i] as string)));
  const byNumber = new Map(
    (await repo.byInvoiceNumbers(merchantId, invoiceNumbers)).map((o) => [o.invoiceNumber, o]),
  );
  const orders = invoiceNumbers.map((n) => {
    const order = byNumber.get(n);
    if (!order) throw new Error(`renewal order ${n} was not written`);
    return order;
  });
  await repo.insertItems(
    inputs.flatMap((input, i) =>
      input.lines.map((line, position) => ({
        orderId: orders[i]!.id,
        taxAmount: 0,
        // Lines keep their order (createdAt orders them on every database).
        createdAt: new Date(deps.now.getTime() + position),
        ...line,
      })),
    ),
  );
  const items = await repo.itemsOf(orders.map((o) => o.id));
  return orders.map((order) => ({ order, items: items.filter((it) => it.orderId === order.id) }));
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
