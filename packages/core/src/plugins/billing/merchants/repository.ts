import type { DBAdapter, Row } from "../../../plugin";
import type { MerchantRow } from "../rows";

const byId = (id: string) => [{ field: "id", value: id }];

/** The only code that touches `billingMerchant`. */
export function merchantRepository(db: DBAdapter) {
  /** Adds `by` to a counter of the merchant atomically; the row after the change. */
  const increment = (id: string, field: "webhookVersion" | "catalogVersion" | "invoiceCounter", by: number) =>
    db.incrementOne<MerchantRow>({ model: "billingMerchant", where: byId(id), field, by });
  return {
    insert: (data: Row) => db.create<MerchantRow>({ model: "billingMerchant", data }),
    findById: (id: string) => db.findOne<MerchantRow>({ model: "billingMerchant", where: byId(id) }),
    findDefault: () =>
      db.findOne<MerchantRow>({ model: "billingMerchant", where: [{ field: "isDefault", value: true }] }),
    update: (id: string, update: Row) =>
      db.update<MerchantRow>({ model: "billingMerchant", where: byId(id), update }),
    /** Moves the webhook version forward (in the transaction that changes an endpoint). */
    bumpWebhookVersion: (id: string) => increment(id, "webhookVersion", 1),
    /** Moves the catalog version forward (in the transaction that changes the merchant's catalog). */
    bumpCatalogVersion: (id: string) => increment(id, "catalogVersion", 1),
    /** Adds `by` (default one) to the invoice counter atomically; the row after the change. */
    bumpInvoiceCounter: (id: string, by = 1) => increment(id, "invoiceCounter", by),
  };
}
