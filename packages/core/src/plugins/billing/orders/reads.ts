import { z } from "zod";
import type { BillingContext } from "../context";
import { BILLING_ERRORS } from "../errors";
import { merchantOf, pageQuery, parseInput, scoped } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import { refundRepository } from "../refunds/repository";
import type { MerchantRow, OrderRow } from "../rows";
import { buildInvoice } from "./invoice";
import { orderRepository } from "./repository";
import type { OrderService } from "./service";
import { orderStates } from "./status";

export const BILLING_REASONS = [
  "purchase",
  "subscription_create",
  "subscription_cycle",
  "subscription_update",
] as const;

export const orderListInput = z.object({
  ...pageQuery,
  customerId: z.string().min(1).max(128).optional(),
  productId: z.string().min(1).max(128).optional(),
  billingReason: z.enum(BILLING_REASONS).optional(),
  status: z.enum(orderStates.statuses as [string, ...string[]]).optional(),
});
export const orderIdInput = z.object({ ...scoped, id: z.string().min(1).max(128) });
export type OrderListInput = z.input<typeof orderListInput>;
export type OrderIdInput = z.input<typeof orderIdInput>;

/**
 * Order reads: the merchant API (`auth.billing.orders.list|get|invoice`, `GET /billing/orders/*`)
 * and the customer portal's. Every list costs a constant number of queries (`serializeMany`).
 */
export function createOrderReads(ctx: BillingContext, merchants: MerchantService, orders: OrderService) {
  const db = ctx.app.adapter;

  /** Invoices of orders of one merchant: relations and refunds read once for the whole list. */
  async function invoicesOf(merchant: MerchantRow, rows: readonly OrderRow[]) {
    const [serialized, refunds] = await Promise.all([
      orders.serializeMany(db, rows),
      rows.length ? refundRepository(db).ofOrders(rows.map((o) => o.id)) : [],
    ]);
    return serialized.map((o) => buildInvoice(o, merchant, refunds));
  }

  async function find(input: OrderIdInput) {
    const data = parseInput(orderIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const order = await orderRepository(db).findById(data.id);
    if (!order || order.merchantId !== merchant.id) throw BILLING_ERRORS.ORDER_NOT_FOUND();
    return { order, merchant };
  }

  /** GET /billing/orders/list: newest first; filters customerId, productId, billingReason, status. */
  async function list(input: OrderListInput = {}) {
    const data = parseInput(orderListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const status = data.status && orderStates.is(data.status) ? data.status : undefined;
    const { rows, total, page, limit } = await orderRepository(db).pageForMerchant(
      merchant.id,
      {
        customerIds: data.customerId ? [data.customerId] : undefined,
        productId: data.productId,
        billingReason: data.billingReason,
        status,
      },
      data,
    );
    return paginated(await orders.serializeMany(db, rows), total, page, limit);
  }

  /** GET /billing/orders/get?id= (404 for another merchant's order). */
  async function get(input: OrderIdInput) {
    const { order } = await find(input);
    const [serialized] = await orders.serializeMany(db, [order]);
    if (!serialized) throw BILLING_ERRORS.ORDER_NOT_FOUND();
    return serialized;
  }

  /** GET /billing/orders/invoice?id=: the invoice data (the HTML view renders the same data). */
  async function invoice(input: OrderIdInput) {
    const { order, merchant } = await find(input);
    const [inv] = await invoicesOf(merchant, [order]);
    if (!inv) throw BILLING_ERRORS.ORDER_NOT_FOUND();
    return inv;
  }

  /** One page of a customer's orders (the portal), newest first. */
  async function pageOfCustomer(
    merchantId: string,
    customerId: string,
    window: { page: number; limit: number },
  ) {
    const { rows, total, page, limit } = await orderRepository(db).pageForMerchant(
      merchantId,
      { customerIds: [customerId] },
      window,
    );
    return paginated(await orders.serializeMany(db, rows), total, page, limit);
  }

  /** The invoice of a customer's order (the portal): 404 for anyone else's. */
  async function invoiceOfCustomer(merchant: MerchantRow, customerId: string, orderId: string) {
    const order = orderId.length <= 128 ? await orderRepository(db).findById(orderId) : null;
    if (!order || order.merchantId !== merchant.id || order.customerId !== customerId)
      throw BILLING_ERRORS.ORDER_NOT_FOUND();
    const [inv] = await invoicesOf(merchant, [order]);
    if (!inv) throw BILLING_ERRORS.ORDER_NOT_FOUND();
    return inv;
  }

  return { list, get, invoice, pageOfCustomer, invoiceOfCustomer };
}
