import type { DBAdapter } from "../../src/plugin";
import { billing } from "../../src/plugins/billing";
import type { MerchantRow } from "../../src/plugins/billing/rows";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { countingMemoryDatabase, type RoundTrips } from "../helpers/counting";
import { clock } from "./fixtures";

/**
 * Two auth instances with the billing plugin on one counting memory database, standing for two
 * processes of one app (what one keeps in memory, the other does not see), and the default merchant.
 */
export interface TwoProcesses {
  readonly trips: RoundTrips;
  readonly a: { readonly services: BillingServices };
  readonly b: { readonly services: BillingServices };
  readonly merchant: MerchantRow;
  /** The shared database, through process A's adapter. */
  readonly db: DBAdapter;
}

export async function twoProcesses(): Promise<TwoProcesses> {
  const { database, trips } = countingMemoryDatabase();
  const c = clock();
  const open = () => {
    const { auth } = createTestAuth({ database, advanced: { now: c.now }, plugins: [billing()] });
    return {
      adapter: auth.$context.adapter,
      services: (auth as unknown as { billing: BillingServices }).billing,
    };
  };
  const a = open();
  const b = open();
  const merchant = await a.services.merchants.defaultMerchant();
  return { trips, a, b, merchant, db: a.adapter };
}
