import type { BillingAddress, CustomerRow } from "../rows";

export type { BillingAddress, CustomerRow, TaxId } from "../rows";

export function serializeAddress(address: BillingAddress | null | undefined) {
  if (!address) return null;
  return {
    line1: address.line1 ?? null,
    line2: address.line2 ?? null,
    postalCode: address.postalCode ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    country: address.country,
  };
}

/** The spec's Customer shape; `organizationId` is the merchant organization. */
export function serializeCustomer(c: CustomerRow) {
  return {
    id: c.id,
    createdAt: c.createdAt,
    modifiedAt: c.modifiedAt,
    metadata: c.metadata ?? {},
    externalId: c.externalId ?? null,
    email: c.email,
    emailVerified: c.emailVerified,
    name: c.name ?? null,
    billingAddress: serializeAddress(c.billingAddress),
    taxId: c.taxId ?? null,
    organizationId: c.merchantId,
    deletedAt: c.deletedAt ?? null,
    avatarUrl: c.avatarUrl ?? null,
  };
}

export type SerializedCustomer = ReturnType<typeof serializeCustomer>;
