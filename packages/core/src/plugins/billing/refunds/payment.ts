import type { DBAdapter } from "../../../plugin";
import { checkoutRepository } from "../checkout/repository";
import type { OrderRow } from "../rows";

/**
 * The processor payment that took an order's money: the intent recorded on the order's checkout.
 * Renewal orders (charged off-session, no checkout) are not covered yet: when renewals record
 * their charge's intent, look it up here. Setup intents (`seti_`, nothing charged) do not count.
 */
export async function paymentIntentOf(db: DBAdapter, order: OrderRow): Promise<string | null> {
  if (!order.checkoutId) return null;
  const checkout = await checkoutRepository(db).findById(order.checkoutId);
  const intentId = checkout?.intentId ?? null;
  return intentId && !intentId.includes("seti_") ? intentId : null;
}
