import type { DBAdapter, Row } from "../../../../plugin";
import { listPage } from "../../repository";
import type { MeterRow } from "../../rows";

/** The only code that touches `billingMeter`. */
export function meterRepository(db: DBAdapter) {
  return {
    find: (merchantId: string, id: string) =>
      db.findOne<MeterRow>({
        model: "billingMeter",
        where: [
          { field: "id", value: id },
          { field: "merchantId", value: merchantId },
        ],
      }),
    /** The merchant's meters that are not archived, oldest first. */
    listLive: (merchantId: string) =>
      db.findMany<MeterRow>({
        model: "billingMeter",
        where: [
          { field: "merchantId", value: merchantId },
          { field: "archivedAt", value: null },
        ],
        sortBy: [
          { field: "createdAt", direction: "asc" },
          { field: "id", direction: "asc" },
        ],
      }),
    insert: (data: Row) => db.create<MeterRow>({ model: "billingMeter", data }),
    update: (id: string, update: Row) =>
      db.update<MeterRow>({ model: "billingMeter", where: [{ field: "id", value: id }], update }),
    /** Newest first; filters `isArchived` and `query` (name contains, any case). */
    page: (
      merchantId: string,
      filter: { isArchived?: boolean; query?: string },
      window: { page?: number; limit?: number },
    ) =>
      listPage<MeterRow>(
        db,
        "billingMeter",
        [
          { field: "merchantId", value: merchantId },
          ...(filter.isArchived === true
            ? [{ field: "archivedAt", operator: "ne" as const, value: null }]
            : []),
          ...(filter.isArchived === false ? [{ field: "archivedAt", value: null }] : []),
          ...(filter.query ? [{ field: "name", operator: "contains" as const, value: filter.query }] : []),
        ],
        window,
      ),
  };
}
