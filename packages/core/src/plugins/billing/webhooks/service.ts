import type { DBAdapter } from "../../../plugin";
import { generateWebhookSecret } from "../../../plugin";
import type { BillingContext } from "../context";
import { BILLING_ERRORS } from "../errors";
import { merchantRepository } from "../merchants/repository";
import { paginated } from "../pagination";
import { createAddressGuard } from "./address-guard";
import { createWebhookDeliverer } from "./deliver";
import { checkGivenSecret } from "./given-secret";
import {
  checkEvents,
  checkUrl,
  type PageInput,
  type WebhookEndpointInput,
  type WebhookEndpointPatch,
  windowOf,
} from "./input";
import { webhookPolicy } from "./policy";
import { webhookRepository } from "./repository";
import { serializeDelivery, serializeEndpoint, serializeEvent } from "./rows";

/**
 * Webhook endpoints of a merchant (create, read, update, delete, rotate secret), the delivery log,
 * redelivery, and the delivery worker. Callers authorise the merchant (`merchantFor`) first.
 */
export function createWebhookService(ctx: BillingContext) {
  const db = ctx.app.adapter;
  const guard = createAddressGuard(ctx.options.webhooks, ctx.app.logger);
  const basePolicy = webhookPolicy(ctx.options.webhooks);
  // Every delivery re-checks the resolved address (SSRF); a refusal is a failed attempt.
  const policy = { ...basePolicy, fetch: guard.guardFetch(basePolicy.fetch) };
  const checkEndpointUrl = (url: string) => guard.assertAllowedUrl(checkUrl(url));
  const { deliverDue } = createWebhookDeliverer(ctx, policy);

  async function endpointRow(merchantId: string, id: string, tx: DBAdapter = db) {
    const row = await webhookRepository(tx).findEndpoint(merchantId, id);
    if (!row) throw BILLING_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
    return row;
  }

  /** Creates an endpoint; the answer carries its secret, which is never shown again. */
  async function createEndpoint(merchantId: string, input: WebhookEndpointInput) {
    const url = checkEndpointUrl(input.url);
    const secret = input.secret !== undefined ? checkGivenSecret(input.secret) : generateWebhookSecret();
    const now = ctx.now();
    const events = checkEvents(input.events ?? []);
    const row = await db.transaction(async (tx) => {
      const inserted = await webhookRepository(tx).insertEndpoint({
        merchantId,
        url,
        events,
        secret,
        enabled: true,
        createdAt: now,
        modifiedAt: now,
      });
      await merchantRepository(tx).bumpWebhookVersion(merchantId);
      return inserted;
    });
    return { ...serializeEndpoint(row), secret };
  }

  async function listEndpoints(merchantId: string, page: PageInput = {}) {
    const w = windowOf(page);
    const { rows, total } = await webhookRepository(db).pageEndpoints(merchantId, w);
    return paginated(rows.map(serializeEndpoint), total, w.page, w.limit);
  }

  async function getEndpoint(merchantId: string, id: string) {
    return serializeEndpoint(await endpointRow(merchantId, id));
  }

  async function updateEndpoint(merchantId: string, id: string, patch: WebhookEndpointPatch) {
    await endpointRow(merchantId, id);
    const update: Record<string, unknown> = { modifiedAt: ctx.now() };
    if (patch.url !== undefined) update.url = checkEndpointUrl(patch.url);
    if (patch.events !== undefined) update.events = checkEvents(patch.events);
    if (patch.enabled !== undefined) update.enabled = patch.enabled;
    const row = await db.transaction(async (tx) => {
      const changed = await webhookRepository(tx).updateEndpoint(id, update);
      if (changed) await merchantRepository(tx).bumpWebhookVersion(merchantId);
      return changed;
    });
    if (!row) throw BILLING_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
    return serializeEndpoint(row);
  }

  /** Deletes an endpoint with its events and delivery log. */
  async function deleteEndpoint(merchantId: string, id: string) {
    await db.transaction(async (tx) => {
      await endpointRow(merchantId, id, tx);
      await webhookRepository(tx).deleteEndpoint(id);
      await merchantRepository(tx).bumpWebhookVersion(merchantId);
    });
    return { success: true as const };
  }

  /** A new secret, effective for the next attempt; the answer carries it, once. */
  async function rotateSecret(merchantId: string, id: string) {
    await endpointRow(merchantId, id);
    const secret = generateWebhookSecret();
    const row = await webhookRepository(db).updateEndpoint(id, { secret, modifiedAt: ctx.now() });
    if (!row) throw BILLING_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
    return { ...serializeEndpoint(row), secret };
  }

  async function eventRow(merchantId: string, id: string) {
    const row = await webhookRepository(db).findEvent(merchantId, id);
    if (!row) throw BILLING_ERRORS.WEBHOOK_EVENT_NOT_FOUND();
    return row;
  }

  /** The delivery log, newest first: of one endpoint, one event, or every endpoint of the merchant. */
  async function listDeliveries(
    merchantId: string,
    filter: PageInput & { endpointId?: string; eventId?: string } = {},
  ) {
    const w = windowOf(filter);
    const repo = webhookRepository(db);
    const eventId = filter.eventId ? (await eventRow(merchantId, filter.eventId)).id : undefined;
    const endpointId = filter.endpointId ? (await endpointRow(merchantId, filter.endpointId)).id : undefined;
    const endpointIds = !endpointId && !eventId ? await repo.endpointIdsOf(merchantId) : undefined;
    const { rows, total } = await repo.pageDeliveries({ eventId, endpointId, endpointIds }, w);
    const ids = [...new Set(rows.map((r) => r.eventId))];
    const events = ids.length === 0 ? [] : await repo.eventsByIds(ids);
    const byId = new Map(events.map((e) => [e.id, e]));
    const items = rows.map((r) => serializeDelivery(r, byId.get(r.eventId) ?? null));
    return paginated(items, total, w.page, w.limit);
  }

  /** Re-enqueues an event (also a succeeded or failed one) with a fresh set of attempts. */
  async function redeliver(merchantId: string, eventId: string) {
    await eventRow(merchantId, eventId);
    const now = ctx.now();
    const row = await webhookRepository(db).updateEvent(eventId, {
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      succeededAt: null,
      modifiedAt: now,
    });
    if (!row) throw BILLING_ERRORS.WEBHOOK_EVENT_NOT_FOUND();
    return serializeEvent(row);
  }

  return {
    createEndpoint,
    listEndpoints,
    getEndpoint,
    updateEndpoint,
    deleteEndpoint,
    rotateSecret,
    listDeliveries,
    redeliver,
    deliverDue,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
