import type { DBAdapter, Row, Where } from "../../../../plugin";
import { listPage } from "../../repository";
import type { CustomFieldRow } from "../../rows";

const live = (merchantId: string): Where => [
  { field: "merchantId", value: merchantId },
  { field: "deletedAt", value: null },
];

/** The only code that touches `billingCustomField`. */
export function customFieldRepository(db: DBAdapter) {
  return {
    find: (merchantId: string, id: string) =>
      db.findOne<CustomFieldRow>({
        model: "billingCustomField",
        where: [...live(merchantId), { field: "id", value: id }],
      }),
    /** The field holding a slug, deleted ones included (the unique index covers them). */
    findBySlug: (merchantId: string, slug: string) =>
      db.findOne<CustomFieldRow>({
        model: "billingCustomField",
        where: [
          { field: "merchantId", value: merchantId },
          { field: "slug", value: slug },
        ],
      }),
    insert: (data: Row) => db.create<CustomFieldRow>({ model: "billingCustomField", data }),
    update: (id: string, update: Row) =>
      db.update<CustomFieldRow>({ model: "billingCustomField", where: [{ field: "id", value: id }], update }),
    /** Newest first; filters `type` and `query` (name or slug contains, any case). */
    page: (
      merchantId: string,
      filter: { type?: string; query?: string },
      window: { page?: number; limit?: number },
    ) =>
      listPage<CustomFieldRow>(
        db,
        "billingCustomField",
        [
          ...live(merchantId),
          ...(filter.type ? [{ field: "type", value: filter.type }] : []),
          ...(filter.query
            ? [
                {
                  or: [
                    { field: "name", operator: "contains" as const, value: filter.query },
                    { field: "slug", operator: "contains" as const, value: filter.query },
                  ],
                },
              ]
            : []),
        ],
        window,
      ),
  };
}
