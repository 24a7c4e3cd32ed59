import type { DBAdapter, Where } from "../../plugin";
import type { BillingModelName } from "./schema";

/**
 * Query helpers shared by the billing repositories (only repositories import this file): the
 * billing layer is endpoint -> service -> repository, and only a `repository.ts` names a table or
 * calls the adapter.
 */

export const idIn = (field: string, ids: readonly string[]) => [
  { field, operator: "in" as const, value: [...ids] },
];

/**
 * One page of rows, newest first (id breaks ties, so pages never overlap), and the total: two
 * queries whatever the page size. `page`/`limit` default to 1 and 10.
 */
export async function listPage<T>(
  db: DBAdapter,
  model: BillingModelName,
  where: Where,
  input: { page?: number; limit?: number },
) {
  const page = input.page ?? 1;
  const limit = input.limit ?? 10;
  const [rows, total] = await Promise.all([
    db.findMany<T>({
      model,
      where,
      sortBy: [
        { field: "createdAt", direction: "desc" },
        { field: "id", direction: "desc" },
      ],
      limit,
      offset: (page - 1) * limit,
    }),
    db.count({ model, where }),
  ]);
  return { rows, total, page, limit };
}
