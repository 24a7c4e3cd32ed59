import type { LicenseKeyActivationRow, LicenseKeyRow } from "../rows";

/** A license key as Polar's API shows it (the key itself included: its holder already knows it). */
export function serializeLicenseKey(k: LicenseKeyRow) {
  return {
    id: k.id,
    createdAt: k.createdAt,
    modifiedAt: k.modifiedAt,
    organizationId: k.merchantId,
    customerId: k.customerId,
    benefitId: k.benefitId,
    key: k.key,
    displayKey: k.displayKey,
    status: k.status,
    limitActivations: k.limitActivations ?? null,
    usage: k.usage,
    limitUsage: k.limitUsage ?? null,
    validations: k.validations,
    lastValidatedAt: k.lastValidatedAt ?? null,
    expiresAt: k.expiresAt ?? null,
  };
}

export function serializeActivation(a: LicenseKeyActivationRow) {
  return {
    id: a.id,
    licenseKeyId: a.licenseKeyId,
    label: a.label,
    meta: a.meta ?? {},
    conditions: a.conditions ?? {},
    createdAt: a.createdAt,
    modifiedAt: a.modifiedAt,
  };
}
