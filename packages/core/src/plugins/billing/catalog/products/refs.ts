import type { DBAdapter } from "../../../../plugin";
import { invalid, unique } from "../input";
import { catalogRepository, type OwnedModel } from "../repository";

/**
 * Checks in one query that every referenced row exists at the merchant (and is not deleted or
 * archived); otherwise 422 on the first missing reference, at `path(index)`.
 */
export async function assertOwned(
  db: DBAdapter,
  model: OwnedModel,
  merchantId: string,
  refs: readonly (string | null | undefined)[],
  path: (index: number) => (string | number)[],
  message: string,
): Promise<void> {
  const ids = unique(refs.filter((r): r is string => typeof r === "string"));
  if (ids.length === 0) return;
  const found = await catalogRepository(db).ownedIds(model, merchantId, ids);
  const missing = refs.findIndex((r) => typeof r === "string" && !found.has(r));
  if (missing >= 0) throw invalid(path(missing), message);
}
