import type { DBAdapter } from "../../../plugin";
import { meterRepository } from "../catalog/meters/repository";
import { serializeMeter } from "../catalog/serialize";
import { meterCreditRepository } from "../meter-credits/repository";
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
 * database (a count, plus the aggregation itself unless it is a count). creditedUnits = the sum of
 * the customer's meter credit ledger (`meter_credit` grants: + on grant and at each renewal, - on
 * revoke; one query for all meters, a handful of rows per grant). balance = credited - consumed.
 * There is no reset anchor yet (metered billing at cycle end is not built): the window is all time.
 */
export async function customerMeters(db: DBAdapter, customer: CustomerRow) {
  const meters = await meterRepository(db).listLive(customer.merchantId);
  const credits = new Map<string, number>();
  for (const row of await meterCreditRepository(db).ofCustomer(customer.id))
    credits.set(row.meterId, (credits.get(row.meterId) ?? 0) + row.units);
  const events = usageRepository(db);
  const window = { customerId: customer.id };
  const entries = await Promise.all(
    meters.map(async (meter) => {
      const query = meterQuery(meter);
      const matched = await events.evaluate(customer.merchantId, window, { ...query, func: "count" });
      const creditedUnits = Math.max(0, credits.get(meter.id) ?? 0);
      if (matched === 0 && creditedUnits === 0) return null;
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
