import type { DBAdapter, Row } from "../../../db/adapter";
import type { AggregateFunc, JsonFilter, TimeBucket } from "../../../db/aggregate";
import type { Where } from "../../../db/where";
import type { UsageEventRow } from "../rows";

export interface EventWindow {
  customerId?: string;
  externalCustomerId?: string;
  name?: string;
  /** Inclusive start, exclusive end. */
  start?: Date;
  end?: Date;
}

export interface MeterQuery {
  filter: JsonFilter;
  func: AggregateFunc;
  property?: { json: string; path: string[] };
}

const windowWhere = (merchantId: string, w: EventWindow): Where => [
  { field: "merchantId", value: merchantId },
  ...(w.customerId ? [{ field: "customerId", value: w.customerId }] : []),
  ...(w.externalCustomerId ? [{ field: "externalCustomerId", value: w.externalCustomerId }] : []),
  ...(w.name ? [{ field: "name", value: w.name }] : []),
  ...(w.start ? [{ field: "timestamp", operator: "gte" as const, value: w.start }] : []),
  ...(w.end ? [{ field: "timestamp", operator: "lt" as const, value: w.end }] : []),
];

/** The only code that touches `billingEvent` (append-only: no update, no delete). */
export function usageRepository(db: DBAdapter) {
  return {
    /** Which of these external ids the merchant already has (one query). */
    async existingExternalIds(merchantId: string, externalIds: readonly string[]): Promise<Set<string>> {
      if (externalIds.length === 0) return new Set();
      const rows = await db.findMany<{ externalId: string }>({
        model: "billingEvent",
        where: [
          { field: "merchantId", value: merchantId },
          { field: "externalId", operator: "in", value: [...externalIds] },
        ],
        select: ["externalId"],
      });
      return new Set(rows.map((r) => r.externalId));
    },
    /** One multi-row insert where the adapter has one. */
    insertMany: (rows: readonly Row[]) => db.createMany({ model: "billingEvent", data: rows }),
    /** One event of the merchant, or null. */
    find: (merchantId: string, id: string) =>
      db.findOne<UsageEventRow>({
        model: "billingEvent",
        where: [
          { field: "merchantId", value: merchantId },
          { field: "id", value: id },
        ],
      }),
    /** Newest first (timestamp, then id), and the total. */
    async page(merchantId: string, w: EventWindow, page: number, limit: number) {
      const where = windowWhere(merchantId, w);
      const [rows, total] = await Promise.all([
        db.findMany<UsageEventRow>({
          model: "billingEvent",
          where,
          sortBy: [
            { field: "timestamp", direction: "desc" },
            { field: "id", direction: "desc" },
          ],
          limit,
          offset: (page - 1) * limit,
        }),
        db.count({ model: "billingEvent", where }),
      ]);
      return { rows, total };
    },
    /** A meter over the user events of a window: one aggregation in the database. */
    async evaluate(merchantId: string, w: EventWindow, meter: MeterQuery): Promise<number> {
      const [group] = await db.aggregate({
        model: "billingEvent",
        where: [...windowWhere(merchantId, w), { field: "source", value: "user" }],
        ...meter,
      });
      return group?.value ?? 0;
    },
    /** The same per UTC time bucket (only non-empty buckets). */
    buckets: (merchantId: string, w: EventWindow, meter: MeterQuery, interval: TimeBucket) =>
      db.aggregate({
        model: "billingEvent",
        where: [...windowWhere(merchantId, w), { field: "source", value: "user" }],
        ...meter,
        groupBy: { field: "timestamp", interval },
      }),
  };
}
