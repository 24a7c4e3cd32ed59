import type { Row } from "../../../db/adapter";
import type { BillingEventType } from "../events";

export type WebhookEventStatus = "pending" | "succeeded" | "failed" | "skipped";

export interface WebhookEndpointRow extends Row {
  id: string;
  merchantId: string;
  url: string;
  secret: string;
  events: BillingEventType[];
  enabled: boolean;
  createdAt: Date;
  modifiedAt: Date;
}

/** An outbox row: one event for one endpoint. Its id is the `webhook-id` of every attempt. */
export interface WebhookEventRow extends Row {
  id: string;
  merchantId: string;
  endpointId: string;
  type: BillingEventType;
  payload: string;
  status: WebhookEventStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  succeededAt: Date | null;
  lockedUntil: Date | null;
  lockToken: string | null;
  createdAt: Date;
  modifiedAt: Date;
}

export interface WebhookDeliveryRow extends Row {
  id: string;
  eventId: string;
  endpointId: string;
  attempt: number;
  httpCode: number | null;
  response: string | null;
  succeeded: boolean;
  durationMs: number;
  createdAt: Date;
}

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
