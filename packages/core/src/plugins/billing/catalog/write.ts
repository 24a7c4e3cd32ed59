import { type DBAdapter, isAdapterError } from "../../../plugin";
import type { BillingContext, Emit } from "../context";
import { merchantRepository } from "../merchants/repository";

/** Attempts of a catalog write that the database rolled back to break a deadlock. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * `ctx.write` for a change to a merchant's catalog (products, prices, their links, benefits,
 * custom fields, meters): the merchant's `catalogVersion` moves forward in the same transaction,
 * so that catalog rows a process keeps (`loads/cache.ts`) are read again by its next checkout.
 * Every catalog write goes through here. First, not last: the merchant row's lock then orders the
 * merchant's catalog writes. Last, two writes that both inserted rows referring to the merchant
 * (MySQL/MariaDB hold a shared lock on the referenced row until the commit) would deadlock
 * upgrading it to the update's exclusive lock.
 */
export async function catalogWrite<T>(
  ctx: BillingContext,
  merchantId: string,
  fn: (tx: DBAdapter, emit: Emit) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.write(async (tx, emit) => {
        await merchantRepository(tx).bumpCatalogVersion(merchantId);
        return fn(tx, emit);
      });
    } catch (error) {
      // Rolled back whole (its events with it): run again. A change to a product's benefits
      // writes grant rows after taking the merchant row, a renewal takes them in the other order.
      if (attempt < DEADLOCK_ATTEMPTS && isAdapterError(error, "DEADLOCK")) continue;
      throw error;
    }
  }
}
