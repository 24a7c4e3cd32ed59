import type { DBAdapter, Row, Where } from "../../../../plugin";
import { listPage } from "../../repository";
import type { BenefitRow } from "../../rows";

const live = (merchantId: string): Where => [
  { field: "merchantId", value: merchantId },
  { field: "deletedAt", value: null },
];

/** The only code that touches `billingBenefit` (soft-deleted rows are skipped). */
export function benefitRepository(db: DBAdapter) {
  return {
    find: (merchantId: string, id: string) =>
      db.findOne<BenefitRow>({
        model: "billingBenefit",
        where: [...live(merchantId), { field: "id", value: id }],
      }),
    /** By id, deleted or not (grants outlive their benefit's deletion until revoked). */
    findAnyById: (id: string) =>
      db.findOne<BenefitRow>({ model: "billingBenefit", where: [{ field: "id", value: id }] }),
    findAnyByIds: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([] as BenefitRow[])
        : db.findMany<BenefitRow>({
            model: "billingBenefit",
            where: [{ field: "id", operator: "in", value: [...new Set(ids)] }],
          }),
    insert: (data: Row) => db.create<BenefitRow>({ model: "billingBenefit", data }),
    update: (id: string, update: Row) =>
      db.update<BenefitRow>({ model: "billingBenefit", where: [{ field: "id", value: id }], update }),
    /** Newest first; filters `type` and `query` (description contains, any case). */
    page: (
      merchantId: string,
      filter: { type?: string; query?: string },
      window: { page?: number; limit?: number },
    ) =>
      listPage<BenefitRow>(
        db,
        "billingBenefit",
        [
          ...live(merchantId),
          ...(filter.type ? [{ field: "type", value: filter.type }] : []),
          ...(filter.query
            ? [{ field: "description", operator: "contains" as const, value: filter.query }]
            : []),
        ],
        window,
      ),
  };
}
