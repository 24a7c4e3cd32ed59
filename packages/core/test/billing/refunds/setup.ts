import type { DatabaseAdapter } from "../../../src/db/adapter";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import type { OrderRow, RefundRow } from "../../../src/plugins/billing/rows";
import { adminShop, ok } from "../catalog/helpers";
import { address } from "../fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
export const card = { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" };

export type Refund = {
  id: string;
  status: string;
  reason: string;
  amount: number;
  taxAmount: number;
  currency: string;
  organizationId: string;
  orderId: string;
  subscriptionId: string | null;
  customerId: string;
  revokeBenefits: boolean;
  comment: string | null;
  metadata: Record<string, unknown>;
};

/**
 * A platform admin (`shop`, manages the default merchant) and a buyer; `paidOrder` buys a product
 * through the real checkout with the test processor and returns the paid order row.
 */
export async function refundShop(options: BillingOptions = {}, database?: DatabaseAdapter) {
  const app = await adminShop(options, database);
  const merchant = await app.billing.merchants.defaultMerchant();

  async function product(amount: number, recurring = false) {
    const p = await app.db.create<{ id: string }>({
      model: "billingProduct",
      data: {
        merchantId: merchant.id,
        name: recurring ? "Monthly" : "E-book",
        isRecurring: recurring,
        recurringInterval: recurring ? "month" : null,
        metadata: {},
      },
    });
    await app.db.create({
      model: "billingPrice",
      data: {
        productId: p.id,
        merchantId: merchant.id,
        type: recurring ? "recurring" : "one_time",
        recurringInterval: recurring ? "month" : null,
        amountType: "fixed",
        priceAmount: amount,
        priceCurrency: "usd",
      },
    });
    return p.id;
  }

  async function paidOrder(amount = 2000, recurring = false): Promise<OrderRow> {
    const productId = await product(amount, recurring);
    const opened = await ok<{ url: string }>(app.buyer.post("/checkout", { products: [productId] }));
    const done = await ok<{ id: string; status: string }>(
      app.buyer.post(`/checkouts/client/${secretOf(opened.url)}/confirm`, card),
    );
    if (done.status !== "succeeded") throw new Error(`checkout ${done.status}`);
    const order = await app.db.findOne<OrderRow>({
      model: "billingOrder",
      where: [{ field: "checkoutId", value: done.id }],
    });
    if (!order) throw new Error("no order");
    return order;
  }

  const order = async (id: string) =>
    (await app.db.findOne<OrderRow>({ model: "billingOrder", where: [{ field: "id", value: id }] }))!;
  const refundRows = (orderId: string) =>
    app.db.findMany<RefundRow>({ model: "billingRefund", where: [{ field: "orderId", value: orderId }] });
  const refund = (body: Record<string, unknown>) =>
    app.shop.post<Refund>("/billing/refunds/create", { reason: "customer_request", ...body });
  /** Events of one type about one id (`data.id`). */
  const eventsOf = (type: string, id: string) =>
    app.events.filter((e) => e.type === type && e.data.id === id);

  return { ...app, merchant, product, paidOrder, order, refundRows, refund, eventsOf };
}
