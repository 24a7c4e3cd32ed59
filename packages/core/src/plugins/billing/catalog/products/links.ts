import type { DBAdapter } from "../../../../plugin";
import { catalogRepository } from "../repository";
import { assertOwned } from "./refs";

export interface AttachedFieldInput {
  customFieldId: string;
  required: boolean;
}

/** Replaces a product's benefits (in the order given; duplicates dropped). */
export async function setBenefits(
  db: DBAdapter,
  merchantId: string,
  productId: string,
  ids: readonly string[],
) {
  await assertOwned(db, "billingBenefit", merchantId, ids, (i) => ["benefits", i], "Benefit does not exist.");
  await catalogRepository(db).replaceBenefitLinks(productId, [...new Set(ids)]);
}

/** Replaces a product's attached custom fields (order as given; a repeated field keeps its first entry). */
export async function setCustomFields(
  db: DBAdapter,
  merchantId: string,
  productId: string,
  fields: readonly AttachedFieldInput[],
) {
  await assertOwned(
    db,
    "billingCustomField",
    merchantId,
    fields.map((f) => f.customFieldId),
    (i) => ["attachedCustomFields", i, "customFieldId"],
    "Custom field does not exist.",
  );
  const seen = new Set<string>();
  const kept = fields.filter((f) => !seen.has(f.customFieldId) && Boolean(seen.add(f.customFieldId)));
  await catalogRepository(db).replaceCustomFieldLinks(productId, kept);
}
