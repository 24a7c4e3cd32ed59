import type { DBAdapter } from "../../../db/adapter";
import { meterRepository } from "../catalog/meters/repository";
import { serializeMeter } from "../catalog/serialize";
import type { CustomerRow, MeterRow } from "../rows";
import { meterAggregation, meterFilter } from "./meter-query";
import { type MeterQuery, usageRepository } from "./repository";

/** A meter's query over events (filter + aggregation), for the repository. */
export function meterQuery(meter: MeterRow): MeterQuery {
  return { filter: meterFilter(meter.filter), ...meterAggregation(meter) };
}

/**
 * The customer's meter balances (BILLING.md 7.6): one entry per live meter with at least one
 * matching event. consumedUnits = the meter's aggregation over the customer's user events, in the
 * database (a count, plus the aggregation itself unless it is a count). creditedUnits = 0:
 * meter_credit grants are not recorded as a ledger yet, so balance = -consumedUnits. There is no
 * reset anchor yet (metered billing at cycle end is not built): the window is all time.
 */
export async function customerMeters(db: DBAdapter, customer: CustomerRow) {
  const meters = await meterRepository(db).listLive(customer.merchantId);
  const events = usageRepository(db);
  const window = { customerId: customer.id };
  const entries = await Promise.all(
    meters.map(async (meter) => {
      const query = meterQuery(meter);
      const matched = await events.evaluate(customer.merchantId, window, { ...query, func: "count" });
      if (matched === 0) return null;
      const consumedUnits =
        query.func === "count" ? matched : await events.evaluate(customer.merchantId, window, query);
      const creditedUnits = 0;
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
