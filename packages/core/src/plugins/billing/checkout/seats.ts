import type { DBAdapter } from "../../../plugin";
import type { PriceRow } from "../catalog/serialize";
import type { BillingContext } from "../context";
import { organizationsOf } from "../identity";
import { seatsFor } from "../subscriptions/seat-rules";

/**
 * The seats a checkout of a seat price buys: the member count of the organization it is bought
 * for (`referenceId`), never below the price's minimum; the minimum without an organization.
 * Null for other prices.
 */
export async function checkoutSeats(
  ctx: BillingContext,
  db: DBAdapter,
  price: PriceRow,
  referenceId: string | null,
): Promise<number | null> {
  if (price.amountType !== "seat_based") return null;
  const org = referenceId ? organizationsOf(ctx.app) : undefined;
  const members = org && referenceId ? await org.countMembers(referenceId, db) : null;
  return seatsFor(price, members);
}
