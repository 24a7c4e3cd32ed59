import type { DBAdapter } from "../../../db/adapter";
import { isAdapterError } from "../../../db/adapter";
import type { LoadedProduct } from "../catalog/load";
import { loadProductsById } from "../catalog/load";
import type { PriceRow } from "../catalog/serialize";
import type { CheckoutRow } from "../checkout/serialize";
import type { BillingContext, Emit } from "../context";
import type { CustomerRow } from "../customers/serialize";
import type { DiscountRow } from "../discounts/serialize";
import type { MerchantService } from "../merchants/service";
import type { SubscriptionRow } from "../subscriptions/serialize";
import { type OrderItemRow, type OrderRow, serializeOrder } from "./serialize";

const idIn = (field: string, ids: readonly string[]) => [{ field, operator: "in" as const, value: [...ids] }];

/** Orders: created paid from a successful checkout; invoice numbers per merchant. */
export function createOrderService(ctx: BillingContext, merchants: MerchantService) {
  /** Every relation of a list of orders in a constant number of queries. */
  async function serializeMany(db: DBAdapter, orders: readonly OrderRow[]) {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => Boolean(x)))];
    const [items, customers, discounts, subscriptions, products] = await Promise.all([
      db.findMany<OrderItemRow>({
        model: "billingOrderItem",
        where: idIn("orderId", ids),
        sortBy: { field: "createdAt" },
      }),
      db.findMany<CustomerRow>({
        model: "billingCustomer",
        where: idIn("id", uniq(orders.map((o) => o.customerId))),
      }),
      uniq(orders.map((o) => o.discountId)).length
        ? db.findMany<DiscountRow>({
            model: "billingDiscount",
            where: idIn("id", uniq(orders.map((o) => o.discountId))),
          })
        : [],
      uniq(orders.map((o) => o.subscriptionId)).length
        ? db.findMany<SubscriptionRow>({
            model: "billingSubscription",
            where: idIn("id", uniq(orders.map((o) => o.subscriptionId))),
          })
        : [],
      loadProductsById(db, uniq(orders.map((o) => o.productId))),
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
    },
  ): Promise<{ order: OrderRow; created: boolean }> {
    const { checkout, product, price, customer, subscription } = input;
    const existing = await tx.findOne<OrderRow>({
      model: "billingOrder",
      where: [{ field: "checkoutId", value: checkout.id }],
    });
    if (existing) return { order: existing, created: false };
    const merchant = await merchants.byId(checkout.merchantId, tx);
    const now = ctx.now();
    let order: OrderRow;
    try {
      order = await tx.create<OrderRow>({
        model: "billingOrder",
        data: {
          merchantId: checkout.merchantId,
          invoiceNumber: await merchants.nextInvoiceNumber(tx, merchant),
          status: "paid",
          subtotalAmount: checkout.amount,
          discountAmount: checkout.discountAmount,
          netAmount: checkout.netAmount,
          taxAmount: checkout.taxAmount ?? 0,
          totalAmount: checkout.totalAmount,
          currency: checkout.currency,
          billingReason: subscription ? "subscription_create" : "purchase",
          billingName: checkout.customerBillingName ?? customer.name ?? null,
          billingAddress: checkout.customerBillingAddress ?? customer.billingAddress ?? null,
          customerId: customer.id,
          productId: product.product.id,
          discountId: checkout.discountId,
          subscriptionId: subscription?.id ?? null,
          checkoutId: checkout.id,
          metadata: checkout.metadata ?? {},
          customFieldData: checkout.customFieldData ?? {},
          userId: customer.externalId ?? checkout.userId ?? null,
          referenceId: checkout.referenceId ?? null,
          createdAt: now,
          modifiedAt: now,
        },
      });
    } catch (error) {
      if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
      const raced = await tx.findOne<OrderRow>({
        model: "billingOrder",
        where: [{ field: "checkoutId", value: checkout.id }],
      });
      if (!raced) throw error;
      return { order: raced, created: false };
    }
    // One item per static price; metered prices are billed in arrears by renewals.
    if (price.amountType !== "metered_unit") {
      await tx.create({
        model: "billingOrderItem",
        data: {
          orderId: order.id,
          label: product.product.name,
          amount: checkout.amount,
          taxAmount: 0,
          proration: false,
          productPriceId: price.id,
          createdAt: now,
        },
      });
    }
    const [serialized] = await serializeMany(tx, [order]);
    await emit(order.merchantId, "order.created", serialized);
    await emit(order.merchantId, "order.updated", serialized);
    await emit(order.merchantId, "order.paid", serialized);
    return { order, created: true };
  }

  return { createFromCheckout, serializeMany };
}

export type OrderService = ReturnType<typeof createOrderService>;
