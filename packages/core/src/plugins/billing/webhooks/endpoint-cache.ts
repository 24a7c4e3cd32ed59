import type { DBAdapter } from "../../../plugin";
import { createVersionedCache } from "../versioned-cache";
import { type EndpointRow, enabledEndpoints, type KnownEndpoints } from "./outbox";

/** Merchants whose endpoints one process keeps (past it, the oldest entry goes). */
const MAX_MERCHANTS = 1_000;
/**
 * How long a kept list is used while the merchant's version stays put. Every endpoint change of
 * this version moves it; the age bounds what a change by a process of an older release (which does
 * not move it) leaves unseen during a rolling upgrade.
 */
const MAX_AGE_MS = 60_000;

/** The merchant row as this request read it (its id and `webhookVersion`). */
export interface SeenMerchant {
  readonly id: string;
  readonly webhookVersion?: number | null;
}

/**
 * A merchant's enabled webhook endpoints, kept per process under the merchant's `webhookVersion`
 * (`versioned-cache.ts`). A request that has just read the merchant row (a checkout with its
 * merchant, the prices with theirs) passes it: while its version is the kept one, the endpoints
 * are not read again. The version is moved forward in the same transaction as every endpoint
 * change (create, update, delete, disable after failures), so a change in any process is seen by
 * the next request that reads the merchant. The endpoints are read after the merchant: what is
 * kept under a version is never older than that version. Without a merchant row, the endpoints
 * are read.
 */
export function createEndpointCache(db: DBAdapter) {
  const kept = createVersionedCache<readonly EndpointRow[]>({
    maxEntries: MAX_MERCHANTS,
    maxAgeMs: MAX_AGE_MS,
  });
  return async function readEndpoints(
    merchantId: string,
    seen?: SeenMerchant | null,
  ): Promise<KnownEndpoints> {
    const version =
      seen?.id === merchantId && typeof seen.webhookVersion === "number" ? seen.webhookVersion : undefined;
    if (version === undefined) return { merchantId, endpoints: await enabledEndpoints(db, merchantId) };
    const hit = kept.get(merchantId, version);
    if (hit) return { merchantId, endpoints: hit };
    const endpoints = await enabledEndpoints(db, merchantId);
    kept.set(merchantId, version, endpoints);
    return { merchantId, endpoints };
  };
}
