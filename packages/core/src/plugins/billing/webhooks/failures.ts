import type { BillingContext } from "../context";
import { merchantRepository } from "../merchants/repository";
import type { WebhookPolicy } from "./policy";
import { webhookRepository } from "./repository";

/**
 * After an event failed for good: when the endpoint's last `disableAfterFailures` finished events
 * (by creation, as Polar) all failed, disable the endpoint and skip its pending events. Runs after
 * the failing attempt committed, so of two events failing at once the later one sees both.
 * Returns whether this call disabled the endpoint. Re-enabling is manual (update `enabled`).
 */
export async function disableIfFailing(
  ctx: BillingContext,
  policy: WebhookPolicy,
  endpointId: string,
  merchantId: string,
): Promise<boolean> {
  const db = ctx.app.adapter;
  const recent = await webhookRepository(db).recentFinished(endpointId, policy.disableAfterFailures);
  if (recent.length < policy.disableAfterFailures || recent.some((e) => e.status !== "failed")) return false;
  const disabled = await db.transaction(async (tx) => {
    const now = ctx.now();
    const repo = webhookRepository(tx);
    if (!(await repo.disableEndpoint(endpointId, now))) return false;
    await repo.skipPending(endpointId, now);
    await merchantRepository(tx).bumpWebhookVersion(merchantId);
    return true;
  });
  if (disabled) {
    ctx.app.logger.warn(
      `Billing webhook endpoint ${endpointId} disabled after ${policy.disableAfterFailures} failed events`,
    );
  }
  return disabled;
}
