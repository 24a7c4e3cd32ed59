import type { AggregateFunc, DBAdapter, JsonFilter, Row, TimeBucket, Where } from "../../../plugin";
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
    /**
     * Inserts the events (their externalIds distinct) except those whose externalId the merchant
     * already has; returns how many were inserted. Where the adapter can, the database skips them
     * (`ON CONFLICT ("merchantId", "externalId") DO NOTHING`: one statement, no read); else the
     * batch's externalIds are read first (one query) and the rest inserted.
     */
    async insertNew(merchantId: string, rows: readonly Row[]): Promise<number> {
      if (rows.length === 0) return 0;
      if (db.createManySkippingDuplicates) {
        return db.createManySkippingDuplicates({
          model: "billingEvent",
          data: rows,
          unique: ["merchantId", "externalId"],
        });
      }
      const externalIds = rows.flatMap((r) => (typeof r.externalId === "string" ? [r.externalId] : []));
      const stored =
        externalIds.length === 0
          ? []
          : await db.findMany<{ externalId: string }>({
              model: "billingEvent",
              where: [
                { field: "merchantId", value: merchantId },
                { field: "externalId", operator: "in", value: externalIds },
              ],
              select: ["externalId"],
            });
      const seen = new Set(stored.map((r) => r.externalId));
      const fresh = seen.size === 0 ? rows : rows.filter((r) => !seen.has(r.externalId as string));
      if (fresh.length > 0) await db.createMany({ model: "billingEvent", data: fresh });
      return fresh.length;
    },
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
