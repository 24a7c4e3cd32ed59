import type { DBAdapter } from "../../../../db/adapter";
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
  await db.deleteMany({ model: "billingProductBenefit", where: [{ field: "productId", value: productId }] });
  for (const [order, benefitId] of [...new Set(ids)].entries())
    await db.create({ model: "billingProductBenefit", data: { productId, benefitId, order } });
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
  await db.deleteMany({
    model: "billingProductCustomField",
    where: [{ field: "productId", value: productId }],
  });
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.customFieldId)) continue;
    await db.create({
      model: "billingProductCustomField",
      data: { productId, customFieldId: f.customFieldId, order: seen.size, required: f.required },
    });
    seen.add(f.customFieldId);
  }
}
