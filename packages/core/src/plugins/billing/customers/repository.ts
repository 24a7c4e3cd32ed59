import type { DBAdapter, Row, Where } from "../../../plugin";
import { listPage } from "../repository";
import type { CustomerRow } from "../rows";

const live = (merchantId: string): Where => [
  { field: "merchantId", value: merchantId },
  { field: "deletedAt", value: null },
];

/** The only code that touches `billingCustomer`. Lookups skip soft-deleted rows unless named so. */
export function customerRepository(db: DBAdapter) {
  const findLive = (merchantId: string, field: string, value: string) =>
    db.findOne<CustomerRow>({
      model: "billingCustomer",
      where: [...live(merchantId), { field, value }],
    });

  return {
    findById: (merchantId: string, id: string) => findLive(merchantId, "id", id),
    findByExternalId: (merchantId: string, externalId: string) =>
      findLive(merchantId, "externalId", externalId),
    findByEmail: (merchantId: string, email: string) => findLive(merchantId, "email", email.toLowerCase()),
    /** Any customer with this external id, deleted ones included (the unique index covers them). */
    findAnyByExternalId: (merchantId: string, externalId: string) =>
      db.findOne<CustomerRow>({
        model: "billingCustomer",
        where: [
          { field: "merchantId", value: merchantId },
          { field: "externalId", value: externalId },
        ],
      }),
    /** The live customers of one user (external id) at every merchant. */
    findAllByExternalId: (externalId: string) =>
      db.findMany<CustomerRow>({
        model: "billingCustomer",
        where: [
          { field: "externalId", value: externalId },
          { field: "deletedAt", value: null },
        ],
      }),
    /** Live customers of a merchant matching any of the ids or external ids, in one query. */
    findManyByIdsOrExternalIds: (
      merchantId: string,
      ids: readonly string[],
      externalIds: readonly string[],
    ) =>
      ids.length + externalIds.length === 0
        ? Promise.resolve([] as CustomerRow[])
        : db.findMany<CustomerRow>({
            model: "billingCustomer",
            where: [
              ...live(merchantId),
              {
                or: [
                  ...(ids.length > 0 ? [{ field: "id", operator: "in" as const, value: [...ids] }] : []),
                  ...(externalIds.length > 0
                    ? [{ field: "externalId", operator: "in" as const, value: [...externalIds] }]
                    : []),
                ],
              },
            ],
          }),
    /** The live customers of an auth user (one per merchant), oldest first. */
    listForUser: (userId: string, merchantId?: string) =>
      db.findMany<CustomerRow>({
        model: "billingCustomer",
        where: [
          { field: "externalId", value: userId },
          { field: "deletedAt", value: null },
          ...(merchantId ? [{ field: "merchantId", value: merchantId }] : []),
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      }),
    /** Newest first; `externalId` exact, `query` on email or name (contains, any case). */
    page: (
      merchantId: string,
      filter: { externalId?: string; query?: string },
      window: { page?: number; limit?: number },
    ) =>
      listPage<CustomerRow>(
        db,
        "billingCustomer",
        [
          ...live(merchantId),
          ...(filter.externalId ? [{ field: "externalId", value: filter.externalId }] : []),
          ...(filter.query
            ? [
                {
                  or: [
                    { field: "email", operator: "contains" as const, value: filter.query },
                    { field: "name", operator: "contains" as const, value: filter.query },
                  ],
                },
              ]
            : []),
        ],
        window,
      ),
    findByIds: (ids: readonly string[]) =>
      db.findMany<CustomerRow>({
        model: "billingCustomer",
        where: [{ field: "id", operator: "in", value: [...ids] }],
      }),
    /** By id whatever its state (settlement of a checkout that linked it). */
    findAnyById: (id: string) =>
      db.findOne<CustomerRow>({ model: "billingCustomer", where: [{ field: "id", value: id }] }),
    insert: (data: Row) => db.create<CustomerRow>({ model: "billingCustomer", data }),
    update: (id: string, update: Row) =>
      db.update<CustomerRow>({ model: "billingCustomer", where: [{ field: "id", value: id }], update }),
  };
}
