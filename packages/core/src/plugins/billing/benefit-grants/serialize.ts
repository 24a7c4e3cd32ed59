import type { DBAdapter } from "../../../plugin";
import { benefitRepository } from "../catalog/benefits/repository";
import { serializeBenefit } from "../catalog/serialize";
import { customerRepository } from "../customers/repository";
import { serializeCustomer } from "../customers/serialize";
import type { BenefitGrantRow, BenefitRow, CustomerRow } from "../rows";

/**
 * The spec's Benefit grant (section 3): flags, scope ids, the stored error, the properties, the
 * customer and the benefit; `previousProperties` only on `benefit_grant.updated`.
 */
export function serializeGrant(
  g: BenefitGrantRow,
  benefit: BenefitRow | null,
  customer: CustomerRow | null,
  previousProperties: Record<string, unknown> | null = null,
) {
  return {
    id: g.id,
    createdAt: g.createdAt,
    modifiedAt: g.modifiedAt,
    grantedAt: g.grantedAt ?? null,
    isGranted: g.isGranted,
    revokedAt: g.revokedAt ?? null,
    isRevoked: g.isRevoked,
    subscriptionId: g.subscriptionId ?? null,
    orderId: g.orderId ?? null,
    customerId: g.customerId,
    benefitId: g.benefitId,
    error: g.error ?? null,
    customer: customer ? serializeCustomer(customer) : null,
    properties: g.properties ?? {},
    benefit: benefit ? serializeBenefit(benefit) : null,
    previousProperties,
  };
}

export type SerializedGrant = ReturnType<typeof serializeGrant>;

/** Grants with their benefits and customers: three queries whatever the number of rows. */
export async function serializeGrants(db: DBAdapter, rows: readonly BenefitGrantRow[]) {
  if (rows.length === 0) return [];
  const benefits = await benefitRepository(db).findAnyByIds(rows.map((r) => r.benefitId));
  const customers = await customerRepository(db).findByIds([...new Set(rows.map((r) => r.customerId))]);
  const b = new Map(benefits.map((x) => [x.id, x]));
  const c = new Map(customers.map((x) => [x.id, x]));
  return rows.map((r) => serializeGrant(r, b.get(r.benefitId) ?? null, c.get(r.customerId) ?? null));
}

/** The spec's Granted benefit (customer state): id, grantedAt, benefitId, benefitType, properties. */
export function grantedBenefit(g: BenefitGrantRow, benefit: BenefitRow | undefined) {
  return {
    id: g.id,
    grantedAt: g.grantedAt,
    benefitId: g.benefitId,
    benefitType: benefit?.type ?? null,
    benefitMetadata: benefit?.metadata ?? {},
    properties: g.properties ?? {},
    createdAt: g.createdAt,
    modifiedAt: g.modifiedAt,
  };
}
