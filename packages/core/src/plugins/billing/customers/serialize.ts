import type { Row } from "../../../db/adapter";

export interface BillingAddress {
  line1?: string | null;
  line2?: string | null;
  postalCode?: string | null;
  city?: string | null;
  state?: string | null;
  country: string;
}

/** `[value, type]`, e.g. `["DE123456789", "eu_vat"]`. */
export type TaxId = [string, string];

export interface CustomerRow extends Row {
  id: string;
  merchantId: string;
  externalId: string | null;
  email: string;
  emailVerified: boolean;
  name: string | null;
  billingAddress: BillingAddress | null;
  taxId: TaxId | null;
  metadata: Record<string, string | number | boolean>;
  avatarUrl: string | null;
  referenceId: string | null;
  processorCustomerId?: string | null;
  deletedAt: Date | null;
  createdAt: Date;
  modifiedAt: Date;
}

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
