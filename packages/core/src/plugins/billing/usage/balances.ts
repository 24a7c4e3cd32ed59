import type { DBAdapter } from "../../../db/adapter";
import { meterRepository } from "../catalog/meters/repository";
import { serializeMeter } from "../catalog/serialize";
import { creditBalance, lastReset } from "../meter-credits/ledger";
import { meterCreditRepository } from "../meter-credits/repository";
import type { CustomerRow, MeterRow } from "../rows";
import { meterAggregation, meterFilter } from "./meter-query";
import { type MeterQuery, usageRepository } from "./repository";

/** A meter's query over events (filter + aggregation), for the repository. */
export function meterQuery(meter: MeterRow): MeterQuery {
  return { filter: meterFilter(meter.filter), ...meterAggregation(meter) };
}

/**
 * The customer's meter balances (BILLING.md 7.6): one entry per live meter that has counted an
 * event, holds credits or was reset. The window is the meter's current period: events since its
 * last reset (a subscription's metered price resets its meter at each period end), all time for a
 * meter never reset. consumedUnits = the meter's aggregation over the window's user events, in the
 * database (a count, plus the aggregation itself unless it is a count). creditedUnits = the meter's
 * credits now (the ledger of `meter_credit` grants and resets, one query for all meters: the
 * non-negative running sum of expiring plus rolling credits). balance = credited - consumed.
 */
export async function customerMeters(db: DBAdapter, customer: CustomerRow) {
  const meters = await meterRepository(db).listLive(customer.merchantId);
  const ledger = await meterCreditRepository(db).ofCustomer(customer.id);
  const events = usageRepository(db);
  const entries = await Promise.all(
    meters.map(async (meter) => {
      const query = meterQuery(meter);
      const reset = lastReset(ledger, meter.id);
      const window = { customerId: customer.id, ...(reset ? { start: reset } : {}) };
      const matched = await events.evaluate(customer.merchantId, window, { ...query, func: "count" });
      const credits = creditBalance(ledger, meter.id);
      const creditedUnits = credits.expiring + credits.rolling;
      if (matched === 0 && creditedUnits === 0 && !reset) return null;
      const consumedUnits =
        query.func === "count" || matched === 0
          ? matched
          : await events.evaluate(customer.merchantId, window, query);
      return {
        id: `${customer.id}_${meter.id}`,
        customerId: customer.id,
        meterId: meter.id,
        consumedUnits,
        creditedUnits,
        balance: creditedUnits - consumedUnits,
        createdAt: meter.createdAt,
        modifiedAt: meter.modifiedAt,
        meter: serializeMeter(meter),
      };
    }),
  );
  return entries.filter((e) => e !== null);
}

export type CustomerMeter = Awaited<ReturnType<typeof customerMeters>>[number];
