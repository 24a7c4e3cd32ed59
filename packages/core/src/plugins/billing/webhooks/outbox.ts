import type { BillingEvent, DBAdapter, Row } from "../../../plugin";
import { webhookRepository } from "./repository";

export interface EndpointRow {
  id: string;
  events: string[];
  enabled: boolean;
}

/** A merchant's enabled endpoints, read once and handed to the writes that emit its events. */
export interface KnownEndpoints {
  readonly merchantId: string;
  readonly endpoints: readonly EndpointRow[];
}

/**
 * The outbox of one transaction: one row per enabled endpoint of the merchant subscribed to the
 * type, with the payload serialised once (retries send these bytes). Endpoints are read once per
 * transaction and merchant. Rows are held until `flush`, which the transaction calls before it
 * commits: every event of the transaction lands in one multi-row insert.
 */
export function createOutboxWriter(
  tx: DBAdapter,
  now: () => Date,
  /** Endpoints already read for a merchant (just before the transaction). */
  known?: KnownEndpoints,
) {
  const endpoints = new Map<string, Promise<EndpointRow[]>>();
  if (known) endpoints.set(known.merchantId, Promise.resolve([...known.endpoints]));
  const pending: Row[] = [];
  const endpointsOf = (merchantId: string) => {
    let list = endpoints.get(merchantId);
    if (!list) {
      list = webhookRepository(tx).enabledEndpointsOf(merchantId);
      endpoints.set(merchantId, list);
    }
    return list;
  };
  return {
    /** The endpoints an event of this type goes to (none: its payload need not be built). */
    async targets(merchantId: string, type: string): Promise<EndpointRow[]> {
      return (await endpointsOf(merchantId)).filter((e) => e.events.length === 0 || e.events.includes(type));
    },
    /** Queues the event's rows for `targets`; how many. */
    write(merchantId: string, targets: readonly EndpointRow[], event: BillingEvent): number {
      if (targets.length === 0) return 0;
      const payload = JSON.stringify(event);
      for (const endpoint of targets) {
        const at = now();
        pending.push({
          merchantId,
          endpointId: endpoint.id,
          type: event.type,
          payload,
          status: "pending",
          attempts: 0,
          nextAttemptAt: at,
          createdAt: at,
          modifiedAt: at,
        });
      }
      return targets.length;
    },
    /** Writes the queued rows in the transaction (one statement); call before the commit. */
    async flush(): Promise<void> {
      if (pending.length === 0) return;
      const rows = pending.splice(0, pending.length);
      await webhookRepository(tx).insertEvents(rows);
    },
  };
}

/** A merchant's enabled endpoints (read outside a transaction, see `BillingContext.writeOne`). */
export const enabledEndpoints = (db: DBAdapter, merchantId: string): Promise<EndpointRow[]> =>
  webhookRepository(db).enabledEndpointsOf(merchantId);

/** Does an event of one of these types go to one of these endpoints? */
export const anySubscribed = (endpoints: readonly EndpointRow[], types: readonly string[]) =>
  endpoints.some((e) => e.events.length === 0 || types.some((t) => e.events.includes(t)));
