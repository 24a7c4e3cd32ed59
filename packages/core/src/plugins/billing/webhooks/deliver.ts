import type { BillingContext } from "../context";
import { disableIfFailing } from "./failures";
import { retryDelay, type WebhookPolicy, webhookPolicy } from "./policy";
import { webhookRepository } from "./repository";
import type { WebhookEndpointRow, WebhookEventRow, WebhookEventStatus } from "./rows";
import { type SendResult, sendWebhook } from "./send";

export interface DeliverDueOptions {
  /** Most events handled by this call. Default 100. */
  readonly limit?: number;
  /** Events in flight at once; each batch is claimed just before it is sent. Default 10. */
  readonly concurrency?: number;
  /** Source of the backoff jitter, in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
}

export interface DeliverDueResult {
  /** Events delivered (2xx) by this call. */
  delivered: number;
  /** Failed attempts (retried later unless the event ran out of attempts). */
  failed: number;
  /** Events not sent because their endpoint is disabled or gone. */
  skipped: number;
}

type Outcome = keyof DeliverDueResult;

/**
 * The delivery worker. Due outbox rows are claimed with a lease (`claimDue`), so several instances
 * never send one row at the same time; no transaction is open during the HTTP call. A process that
 * dies mid-delivery leaves its rows pending and leased; once the lease expires the next run sends
 * them again, with the same `webhook-id` and bytes (at-least-once: receivers dedupe on the id).
 */
export function createWebhookDeliverer(ctx: BillingContext, policy: WebhookPolicy = webhookPolicy()) {
  const db = ctx.app.adapter;

  function claim(limit: number) {
    const now = ctx.now();
    return webhookRepository(db).claimDue(now, limit, policy.leaseMs);
  }

  /** Writes the outcome if this worker still holds the lease, and releases it. */
  async function finish(row: WebhookEventRow, update: Record<string, unknown>, sent?: SendResult) {
    const now = ctx.now();
    const owned = await db.transaction(async (tx) => {
      const repo = webhookRepository(tx);
      if (sent) {
        await repo.insertDelivery({
          eventId: row.id,
          endpointId: row.endpointId,
          attempt: row.attempts + 1,
          httpCode: sent.httpCode,
          response: sent.response,
          succeeded: sent.succeeded,
          durationMs: sent.durationMs,
          createdAt: now,
        });
      }
      return repo.finishEvent(row.id, row.lockToken, {
        ...update,
        lockedUntil: null,
        lockToken: null,
        modifiedAt: now,
      });
    });
    if (owned === 0) ctx.app.logger.warn(`Billing webhook event ${row.id}: lease lost during delivery`);
  }

  /** The endpoints of a claimed batch, in one query. */
  async function endpointsOf(rows: readonly WebhookEventRow[]) {
    const ids = [...new Set(rows.map((r) => r.endpointId))];
    const endpoints = await webhookRepository(db).endpointsByIds(ids);
    return new Map(endpoints.map((e) => [e.id, e]));
  }

  async function deliverOne(
    row: WebhookEventRow,
    endpoint: WebhookEndpointRow | undefined,
    random: () => number,
  ): Promise<Outcome> {
    if (!endpoint?.enabled) {
      await finish(row, { status: "skipped" satisfies WebhookEventStatus, lastError: "Endpoint disabled" });
      return "skipped";
    }
    const sent = await sendWebhook({
      fetch: policy.fetch,
      url: endpoint.url,
      secret: endpoint.secret,
      id: row.id,
      payload: row.payload,
      timestamp: Math.floor(ctx.now().getTime() / 1000),
      timeoutMs: policy.timeoutMs,
    });
    const attempts = row.attempts + 1;
    const now = ctx.now();
    let status: WebhookEventStatus = "succeeded";
    const update: Record<string, unknown> = { attempts, lastError: sent.error };
    if (sent.succeeded) update.succeededAt = now;
    else if (attempts >= policy.maxAttempts) status = "failed";
    else {
      status = "pending";
      update.nextAttemptAt = new Date(now.getTime() + retryDelay(attempts, policy, random));
    }
    await finish(row, { ...update, status }, sent);
    if (status === "failed") await disableIfFailing(ctx, policy, row.endpointId, row.merchantId);
    return sent.succeeded ? "delivered" : "failed";
  }

  /** Claims and delivers due events, a batch at a time, until `limit` or nothing is due. */
  async function deliverDue(options: DeliverDueOptions = {}): Promise<DeliverDueResult> {
    const limit = options.limit ?? 100;
    const concurrency = Math.max(1, options.concurrency ?? 10);
    const random = options.random ?? Math.random;
    const result: DeliverDueResult = { delivered: 0, failed: 0, skipped: 0 };
    let handled = 0;
    while (handled < limit) {
      const rows = await claim(Math.min(concurrency, limit - handled));
      if (rows.length === 0) break;
      handled += rows.length;
      const endpoints = await endpointsOf(rows);
      const outcomes = await Promise.allSettled(
        rows.map((row) => deliverOne(row, endpoints.get(row.endpointId), random)),
      );
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === "fulfilled") result[outcome.value]++;
        // The lease expires and a later run retries the row.
        else ctx.app.logger.error(`Billing webhook event ${rows[i]?.id} failed to deliver`, outcome.reason);
      }
    }
    return result;
  }

  return { deliverDue };
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
