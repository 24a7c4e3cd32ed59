import type { DBAdapter } from "../../../db/adapter";
import { checkoutRepository } from "../checkout/repository";
import type { OrderRow } from "../rows";

/**
 * The processor payment that took an order's money: the intent of the off-session charge that paid
 * it (renewals, plan changes, final usage orders: the last attempt is the one that succeeded, as
 * only paid orders are refunded), else the intent recorded on the order's checkout. Setup intents
 * (`seti_`, nothing charged) do not count.
 */
export async function paymentIntentOf(db: DBAdapter, order: OrderRow): Promise<string | null> {
  if (order.paymentIntentId) return order.paymentIntentId;
  if (!order.checkoutId) return null;
  const checkout = await checkoutRepository(db).findById(order.checkoutId);
  const intentId = checkout?.intentId ?? null;
  return intentId && !intentId.includes("seti_") ? intentId : null;
}
