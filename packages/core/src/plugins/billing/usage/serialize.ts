import type { UsageEventRow } from "../rows";

/** An event as the API returns it (Polar's event shape, organizationId = the merchant). */
export function serializeEvent(e: UsageEventRow) {
  return {
    id: e.id,
    name: e.name,
    timestamp: e.timestamp,
    organizationId: e.merchantId,
    customerId: e.customerId,
    externalCustomerId: e.externalCustomerId ?? null,
    externalId: e.externalId ?? null,
    source: e.source,
    metadata: e.metadata ?? {},
    createdAt: e.createdAt,
  };
}
