import type { DBAdapter, Row, Where } from "../../../plugin";
import { idIn, listPage } from "../repository";
import type { DiscountProductRow, DiscountRedemptionRow, DiscountRow } from "../rows";

const live = (merchantId: string): Where => [
  { field: "merchantId", value: merchantId },
  { field: "deletedAt", value: null },
];
const byId = (id: string): Where => [{ field: "id", value: id }];

/**
 * The only code that touches discounts, their product links and redemptions (`billingDiscount`,
 * `billingDiscountProduct`, `billingDiscountRedemption`).
 */
export function discountRepository(db: DBAdapter) {
  return {
    find: (merchantId: string, id: string) =>
      db.findOne<DiscountRow>({ model: "billingDiscount", where: [...live(merchantId), ...byId(id)] }),
    findByCodeKey: (merchantId: string, codeKey: string) =>
      db.findOne<DiscountRow>({
        model: "billingDiscount",
        where: [...live(merchantId), { field: "codeKey", value: codeKey }],
      }),
    /** By id whatever its state (a checkout or order that references it). */
    findAnyById: (id: string) => db.findOne<DiscountRow>({ model: "billingDiscount", where: byId(id) }),
    findByIds: (ids: readonly string[]) =>
      db.findMany<DiscountRow>({ model: "billingDiscount", where: idIn("id", ids) }),
    insert: (data: Row) => db.create<DiscountRow>({ model: "billingDiscount", data }),
    update: (id: string, update: Row) =>
      db.update<DiscountRow>({ model: "billingDiscount", where: byId(id), update }),
    /** Newest first; `query` matches the name or the code (contains, any case). */
    page: (merchantId: string, query: string | undefined, window: { page?: number; limit?: number }) =>
      listPage<DiscountRow>(
        db,
        "billingDiscount",
        [
          ...live(merchantId),
          ...(query
            ? [
                {
                  or: [
                    { field: "name", operator: "contains" as const, value: query },
                    { field: "code", operator: "contains" as const, value: query },
                  ],
                },
              ]
            : []),
        ],
        window,
      ),

    /**
     * Adds `by` to the redemption count unless that leaves [0, maxRedemptions]: the row after the
     * change, or null when the guard refused (atomic on every database).
     */
    bumpRedemptions: (id: string, by: 1 | -1, max?: number | null) =>
      db.incrementOne<DiscountRow>({
        model: "billingDiscount",
        where: byId(id),
        field: "redemptionsCount",
        by,
        ...(by < 0 ? { min: 0 } : max !== null && max !== undefined ? { max } : {}),
      }),

    productLinks: (discountIds: readonly string[]) =>
      db.findMany<DiscountProductRow>({
        model: "billingDiscountProduct",
        where: idIn("discountId", discountIds),
      }),
    async productIds(discountId: string): Promise<string[]> {
      const links = await db.findMany<DiscountProductRow>({
        model: "billingDiscountProduct",
        where: [{ field: "discountId", value: discountId }],
      });
      return links.map((l) => l.productId);
    },
    async replaceProducts(discountId: string, productIds: readonly string[]) {
      await db.deleteMany({
        model: "billingDiscountProduct",
        where: [{ field: "discountId", value: discountId }],
      });
      for (const productId of productIds)
        await db.create({ model: "billingDiscountProduct", data: { discountId, productId } });
    },

    insertRedemption: (data: Row) => db.create({ model: "billingDiscountRedemption", data }),
    redemptionsOfCheckout: (checkoutId: string) =>
      db.findMany<DiscountRedemptionRow>({
        model: "billingDiscountRedemption",
        where: [{ field: "checkoutId", value: checkoutId }],
      }),
    /** Deletes one redemption; whether this call deleted it. */
    deleteRedemption: async (id: string) =>
      (await db.delete({ model: "billingDiscountRedemption", where: byId(id) })) > 0,
    linkRedemptions: (checkoutId: string, subscriptionId: string) =>
      db.updateMany({
        model: "billingDiscountRedemption",
        where: [{ field: "checkoutId", value: checkoutId }],
        update: { subscriptionId },
      }),
  };
}
