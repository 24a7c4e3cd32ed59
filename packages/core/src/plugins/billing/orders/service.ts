import type { DBAdapter } from "../../../plugin";
import { isAdapterError } from "../../../plugin";
import { grantsOnOrderPaid } from "../benefit-grants/enqueue";
import type { LoadedProduct } from "../catalog/load";
import { loadProductsById } from "../catalog/load";
import type { BillingContext, Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { discountRepository } from "../discounts/repository";
import type { MerchantService } from "../merchants/service";
import type {
  CheckoutRow,
  CustomerRow,
  DiscountRow,
  MerchantRow,
  OrderRow,
  PriceRow,
  SubscriptionRow,
} from "../rows";
import { subscriptionRepository } from "../subscriptions/repository";
import { seatLabel } from "../subscriptions/seat-rules";
import { trialOrder } from "../subscriptions/trials";
import { orderRepository } from "./repository";
import { serializeOrder } from "./serialize";

/** Loaded products by id: those in `known`, the rest read in one go. */
async function productsOf(db: DBAdapter, ids: readonly string[], known: readonly LoadedProduct[]) {
  const held = new Map(known.map((l) => [l.product.id, l]));
  const missing = ids.filter((id) => !held.has(id));
  const loaded = missing.length ? await loadProductsById(db, missing) : [];
  for (const l of loaded) held.set(l.product.id, l);
  return ids.map((id) => held.get(id)).filter((l): l is LoadedProduct => Boolean(l));
}

/** Orders: created paid from a successful checkout; invoice numbers per merchant. */
export function createOrderService(ctx: BillingContext, merchants: MerchantService) {
  /** Every relation of a list of orders in a constant number of queries. */
  async function serializeMany(
    db: DBAdapter,
    orders: readonly OrderRow[],
    /** Loaded products the caller already holds (the others are read). */
    known: readonly LoadedProduct[] = [],
  ) {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => Boolean(x)))];
    const [items, customers, discounts, subscriptions, products] = await Promise.all([
      orderRepository(db).itemsOf(ids),
      customerRepository(db).findByIds(uniq(orders.map((o) => o.customerId))),
      uniq(orders.map((o) => o.discountId)).length
        ? discountRepository(db).findByIds(uniq(orders.map((o) => o.discountId)))
        : [],
      uniq(orders.map((o) => o.subscriptionId)).length
        ? subscriptionRepository(db).findByIds(uniq(orders.map((o) => o.subscriptionId)))
        : [],
      productsOf(db, uniq(orders.map((o) => o.productId)), known),
    ]);
    const by = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
    const [c, d, s] = [by(customers), by(discounts), by(subscriptions)];
    const p = new Map(products.map((l) => [l.product.id, l]));
    return orders.map((o) =>
      serializeOrder(o, {
        items: items.filter((i) => i.orderId === o.id),
        customer: c.get(o.customerId) ?? null,
        product: p.get(o.productId) ?? null,
        discount: o.discountId ? (d.get(o.discountId) ?? null) : null,
        subscription: o.subscriptionId ? (s.get(o.subscriptionId) ?? null) : null,
      }),
    );
  }

  /**
   * The paid order of a successful checkout. The unique `checkoutId` makes this idempotent: a second
   * attempt (a redelivered processor event, a concurrent confirm) finds the existing order.
   */
  async function createFromCheckout(
    tx: DBAdapter,
    emit: Emit,
    input: {
      checkout: CheckoutRow;
      product: LoadedProduct;
      price: PriceRow;
      customer: CustomerRow;
      discount: DiscountRow | null;
      subscription: SubscriptionRow | null;
      /** The checkout's loaded products, when the caller holds them. */
      products?: readonly LoadedProduct[];
      /** The checkout's merchant, when the caller holds it. */
      merchant?: MerchantRow;
      /**
       * The caller has just moved the checkout to `succeeded` with a compare-and-set in this
       * transaction: no order of it can exist yet, so none is looked for first.
       */
      settling?: boolean;
    },
  ): Promise<{ order: OrderRow; created: boolean }> {
    const { checkout, product, price, customer, subscription } = input;
    if (!input.settling) {
      const existing = await orderRepository(tx).findByCheckout(checkout.id);
      if (existing) return { order: existing, created: false };
    }
    const merchant = input.merchant ?? (await merchants.byId(checkout.merchantId, tx));
    const now = ctx.now();
    // A trial's order costs nothing (BILLING.md 2.2): the first charge comes at the trial end.
    const trial = subscription?.status === "trialing" ? trialOrder(product.product.name, subscription) : null;
    let order: OrderRow;
    try {
      order = await orderRepository(tx).insert({
        merchantId: checkout.merchantId,
        invoiceNumber: await merchants.nextInvoiceNumber(tx, merchant),
        status: "paid",
        subtotalAmount: trial ? 0 : checkout.amount,
        discountAmount: trial ? 0 : checkout.discountAmount,
        netAmount: trial ? 0 : checkout.netAmount,
        taxAmount: trial ? 0 : (checkout.taxAmount ?? 0),
        totalAmount: trial ? 0 : checkout.totalAmount,
        currency: checkout.currency,
        billingReason: subscription ? "subscription_create" : "purchase",
        billingName: checkout.customerBillingName ?? customer.name ?? null,
        billingAddress: checkout.customerBillingAddress ?? customer.billingAddress ?? null,
        customerId: customer.id,
        productId: product.product.id,
        discountId: trial ? null : checkout.discountId,
        subscriptionId: subscription?.id ?? null,
        checkoutId: checkout.id,
        metadata: checkout.metadata ?? {},
        customFieldData: checkout.customFieldData ?? {},
        userId: customer.externalId ?? checkout.userId ?? null,
        referenceId: checkout.referenceId ?? null,
        createdAt: now,
        modifiedAt: now,
      });
    } catch (error) {
      // (Settling, a duplicate cannot happen: the error goes up and the transaction rolls back.)
      if (input.settling || !isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
      const raced = await orderRepository(tx).findByCheckout(checkout.id);
      if (!raced) throw error;
      return { order: raced, created: false };
    }
    // One item per static price; metered prices are billed in arrears by renewals.
    const items =
      price.amountType === "metered_unit"
        ? []
        : [
            await orderRepository(tx).insertItem({
              orderId: order.id,
              label: trial?.label ?? seatLabel(product.product.name, subscription?.seats),
              amount: trial ? 0 : checkout.amount,
              taxAmount: 0,
              proration: false,
              productPriceId: price.id,
              createdAt: now,
            }),
          ];
    // Every relation is held here: the events' payload is built without a read, and only when an
    // event goes somewhere (then once for the three).
    let serialized: ReturnType<typeof serializeOrder> | undefined;
    const payload = () => {
      serialized ??= serializeOrder(order, {
        items,
        customer,
        product,
        discount: order.discountId ? input.discount : null,
        subscription,
      });
      return serialized;
    };
    await emit(order.merchantId, "order.created", payload);
    await emit(order.merchantId, "order.updated", payload);
    await emit(order.merchantId, "order.paid", payload);
    await grantsOnOrderPaid(
      tx,
      order,
      now,
      product.benefits.map((b) => b.id),
      undefined,
      true,
    );
    return { order, created: true };
  }

  /** A page of the customers' orders (newest first), serialized; recurring or one-time only. */
  async function pageForCustomers(
    customerIds: readonly string[],
    billingType: "recurring" | "one_time" | undefined,
    window: { page: number; limit: number },
  ) {
    const db = ctx.app.adapter;
    const { rows, total } = await orderRepository(db).pageForCustomers(customerIds, billingType, window);
    return { items: await serializeMany(db, rows), total };
  }

  return { createFromCheckout, serializeMany, pageForCustomers };
}

export type OrderService = ReturnType<typeof createOrderService>;
