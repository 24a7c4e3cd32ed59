import type { DBAdapter, Row } from "../../../db/adapter";
import type { MeterCreditRow } from "../rows";

const MODEL = "billingMeterCredit";

/** The only code that touches `billingMeterCredit` (the meter credit ledger). */
export function meterCreditRepository(db: DBAdapter) {
  return {
    insert: (data: Row) => db.create<MeterCreditRow>({ model: MODEL, data }),
    /** One multi-row insert (a meter reset); nothing for no rows. */
    insertMany: async (data: readonly Row[]) => {
      if (data.length > 0) await db.createMany({ model: MODEL, data });
    },
    /** A customer's ledger rows (of one meter, or all), oldest first. */
    ofCustomer: (customerId: string, meterId?: string) =>
      db.findMany<MeterCreditRow>({
        model: MODEL,
        where: [
          { field: "customerId", value: customerId },
          ...(meterId ? [{ field: "meterId", value: meterId }] : []),
        ],
        sortBy: [
          { field: "createdAt", direction: "asc" },
          { field: "id", direction: "asc" },
        ],
      }),
  };
}
