import type { BillingEvent, DBAdapter } from "../../../plugin";
import { webhookRepository } from "./repository";

interface EndpointRow {
  id: string;
  events: string[];
  enabled: boolean;
}

/**
 * Writes an event to the outbox: one row per enabled endpoint of the merchant subscribed to the
 * type, in the caller's transaction, with the payload serialised once (retries send these bytes).
 * Endpoints are read once per transaction and merchant.
 */
export function createOutboxWriter(tx: DBAdapter, now: () => Date) {
  const endpoints = new Map<string, Promise<EndpointRow[]>>();
  const endpointsOf = (merchantId: string) => {
    let list = endpoints.get(merchantId);
    if (!list) {
      list = webhookRepository(tx).enabledEndpointsOf(merchantId);
      endpoints.set(merchantId, list);
    }
    return list;
  };
  return async (merchantId: string, event: BillingEvent): Promise<number> => {
    const targets = (await endpointsOf(merchantId)).filter(
      (e) => e.events.length === 0 || e.events.includes(event.type),
    );
    if (targets.length === 0) return 0;
    const payload = JSON.stringify(event);
    for (const endpoint of targets) {
      await webhookRepository(tx).insertEvent({
        merchantId,
        endpointId: endpoint.id,
        type: event.type,
        payload,
        status: "pending",
        attempts: 0,
        nextAttemptAt: now(),
        createdAt: now(),
        modifiedAt: now(),
      });
    }
    return targets.length;
  };
}
