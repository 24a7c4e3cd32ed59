import type { DBAdapter } from "../../../../db/adapter";
import { invalid, unique } from "../input";

type Owned = "billingBenefit" | "billingCustomField" | "billingMeter" | "billingProduct";

/** Rows that can no longer be referenced: deleted benefits and custom fields, archived meters. */
const LIVE: Partial<Record<Owned, { field: string; value: null }>> = {
  billingBenefit: { field: "deletedAt", value: null },
  billingCustomField: { field: "deletedAt", value: null },
  billingMeter: { field: "archivedAt", value: null },
};

/**
 * Checks in one query that every referenced row exists at the merchant (and is not deleted or
 * archived); otherwise 422 on the first missing reference, at `path(index)`.
 */
export async function assertOwned(
  db: DBAdapter,
  model: Owned,
  merchantId: string,
  refs: readonly (string | null | undefined)[],
  path: (index: number) => (string | number)[],
  message: string,
): Promise<void> {
  const ids = unique(refs.filter((r): r is string => typeof r === "string"));
  if (ids.length === 0) return;
  const live = LIVE[model];
  const rows = await db.findMany<{ id: string }>({
    model,
    where: [
      { field: "id", operator: "in", value: ids },
      { field: "merchantId", value: merchantId },
      ...(live ? [live] : []),
    ],
    select: ["id"],
  });
  const found = new Set(rows.map((r) => r.id));
  const missing = refs.findIndex((r) => typeof r === "string" && !found.has(r));
  if (missing >= 0) throw invalid(path(missing), message);
}
