import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow } from "../rows";

export type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow, WebhookEventStatus } from "../rows";

/** Polar's WebhookEndpoint shape (format is always `raw`); the secret only when just generated. */
export function serializeEndpoint(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    format: "raw" as const,
    organizationId: row.merchantId,
    events: row.events ?? [],
    enabled: row.enabled,
    createdAt: row.createdAt,
    modifiedAt: row.modifiedAt,
  };
}

export type WebhookEndpoint = ReturnType<typeof serializeEndpoint>;

export function serializeEvent(row: WebhookEventRow) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    type: row.type,
    status: row.status,
    succeeded: row.status === "succeeded",
    skipped: row.status === "skipped",
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt : null,
    lastError: row.lastError ?? null,
    succeededAt: row.succeededAt ?? null,
    payload: row.payload,
    createdAt: row.createdAt,
    modifiedAt: row.modifiedAt,
  };
}

export function serializeDelivery(row: WebhookDeliveryRow, event: WebhookEventRow | null) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    attempt: row.attempt,
    succeeded: row.succeeded,
    httpCode: row.httpCode ?? null,
    response: row.response ?? null,
    durationMs: row.durationMs,
    createdAt: row.createdAt,
    webhookEvent: event ? serializeEvent(event) : null,
  };
}
