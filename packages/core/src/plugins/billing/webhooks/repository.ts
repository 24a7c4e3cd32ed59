import type { DBAdapter, Row, Where, WhereItem } from "../../../plugin";
import { idIn } from "../repository";
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow } from "../rows";

const byId = (id: string): Where => [{ field: "id", value: id }];
const ofMerchant = (merchantId: string, id: string): Where => [
  { field: "id", value: id },
  { field: "merchantId", value: merchantId },
];
type Window = { limit: number; offset: number };

/**
 * The only code that touches webhook endpoints, the outbox (`billingWebhookEvent`) and the
 * delivery log (`billingWebhookDelivery`).
 */
export function webhookRepository(db: DBAdapter) {
  return {
    findEndpoint: (merchantId: string, id: string) =>
      db.findOne<WebhookEndpointRow>({ model: "billingWebhookEndpoint", where: ofMerchant(merchantId, id) }),
    insertEndpoint: (data: Row) => db.create<WebhookEndpointRow>({ model: "billingWebhookEndpoint", data }),
    updateEndpoint: (id: string, update: Row) =>
      db.update<WebhookEndpointRow>({ model: "billingWebhookEndpoint", where: byId(id), update }),
    /** Oldest first, with the total. */
    async pageEndpoints(merchantId: string, window: Window) {
      const where: Where = [{ field: "merchantId", value: merchantId }];
      const [rows, total] = await Promise.all([
        db.findMany<WebhookEndpointRow>({
          model: "billingWebhookEndpoint",
          where,
          sortBy: { field: "createdAt", direction: "asc" },
          limit: window.limit,
          offset: window.offset,
        }),
        db.count({ model: "billingWebhookEndpoint", where }),
      ]);
      return { rows, total };
    },
    endpointIdsOf: async (merchantId: string) =>
      (
        await db.findMany<{ id: string }>({
          model: "billingWebhookEndpoint",
          where: [{ field: "merchantId", value: merchantId }],
          select: ["id"],
        })
      ).map((e) => e.id),
    endpointsByIds: (ids: readonly string[]) =>
      db.findMany<WebhookEndpointRow>({ model: "billingWebhookEndpoint", where: idIn("id", ids) }),
    /** The merchant's enabled endpoints (outbox fan-out). */
    /** A merchant's enabled endpoints, only what the outbox needs of them (id, events). */
    enabledEndpointsOf: (merchantId: string) =>
      db.findMany<Pick<WebhookEndpointRow, "id" | "events" | "enabled">>({
        model: "billingWebhookEndpoint",
        where: [
          { field: "merchantId", value: merchantId },
          { field: "enabled", value: true },
        ],
        select: ["id", "events", "enabled"],
      }),
    /** Deletes an endpoint with its events and delivery log (call inside a transaction). */
    async deleteEndpoint(id: string) {
      await db.deleteMany({ model: "billingWebhookDelivery", where: [{ field: "endpointId", value: id }] });
      await db.deleteMany({ model: "billingWebhookEvent", where: [{ field: "endpointId", value: id }] });
      await db.delete({ model: "billingWebhookEndpoint", where: byId(id) });
    },
    /** Disables an enabled endpoint (compare-and-set on `enabled`); whether this call did. */
    disableEndpoint: async (id: string, at: Date) =>
      (await db.updateMany({
        model: "billingWebhookEndpoint",
        where: [...byId(id), { field: "enabled", value: true }],
        update: { enabled: false, modifiedAt: at },
      })) > 0,

    findEvent: (merchantId: string, id: string) =>
      db.findOne<WebhookEventRow>({ model: "billingWebhookEvent", where: ofMerchant(merchantId, id) }),
    eventsByIds: (ids: readonly string[]) =>
      db.findMany<WebhookEventRow>({ model: "billingWebhookEvent", where: idIn("id", ids) }),
    insertEvent: (data: Row) => db.create<WebhookEventRow>({ model: "billingWebhookEvent", data }),
    /** Several outbox rows in one multi-row insert; how many were written. */
    insertEvents: (data: readonly Row[]) => db.createMany({ model: "billingWebhookEvent", data }),
    updateEvent: (id: string, update: Row) =>
      db.update<WebhookEventRow>({ model: "billingWebhookEvent", where: byId(id), update }),
    /** Claims up to `limit` due pending events with a lease, oldest due first. */
    claimDue: (now: Date, limit: number, leaseMs: number) =>
      db.claimDue<WebhookEventRow>({
        model: "billingWebhookEvent",
        where: [
          { field: "status", value: "pending" },
          { field: "nextAttemptAt", operator: "lte", value: now },
        ],
        limit,
        leaseMs,
        now,
        sortBy: { field: "nextAttemptAt", direction: "asc" },
      }),
    /** Writes an event's outcome while `lockToken` still holds its lease; how many rows changed. */
    finishEvent: (id: string, lockToken: string | null, update: Row) =>
      db.updateMany({
        model: "billingWebhookEvent",
        where: [...byId(id), { field: "lockToken", value: lockToken }],
        update,
      }),
    /** The endpoint's last finished (succeeded or failed) events, newest first. */
    recentFinished: (endpointId: string, limit: number) =>
      db.findMany<Pick<WebhookEventRow, "id" | "status">>({
        model: "billingWebhookEvent",
        where: [
          { field: "endpointId", value: endpointId },
          { field: "status", operator: "in", value: ["succeeded", "failed"] },
        ],
        select: ["id", "status"],
        sortBy: { field: "createdAt", direction: "desc" },
        limit,
      }),
    skipPending: (endpointId: string, at: Date) =>
      db.updateMany({
        model: "billingWebhookEvent",
        where: [
          { field: "endpointId", value: endpointId },
          { field: "status", value: "pending" },
        ],
        update: { status: "skipped", lastError: "Endpoint disabled", modifiedAt: at },
      }),

    insertDelivery: (data: Row) => db.create<WebhookDeliveryRow>({ model: "billingWebhookDelivery", data }),
    /** Newest first (attempt breaks ties), with the total: of an event and/or endpoint(s). */
    async pageDeliveries(
      filter: { eventId?: string; endpointId?: string; endpointIds?: readonly string[] },
      window: Window,
    ) {
      const where: WhereItem[] = [];
      if (filter.eventId) where.push({ field: "eventId", value: filter.eventId });
      if (filter.endpointId) where.push({ field: "endpointId", value: filter.endpointId });
      else if (filter.endpointIds)
        where.push({ field: "endpointId", operator: "in", value: [...filter.endpointIds] });
      const [rows, total] = await Promise.all([
        db.findMany<WebhookDeliveryRow>({
          model: "billingWebhookDelivery",
          where,
          sortBy: [
            { field: "createdAt", direction: "desc" },
            { field: "attempt", direction: "desc" },
          ],
          limit: window.limit,
          offset: window.offset,
        }),
        db.count({ model: "billingWebhookDelivery", where }),
      ]);
      return { rows, total };
    },
  };
}
