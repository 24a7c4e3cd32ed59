import type { BillingContext } from "../context";
import type { WebhookPolicy } from "./policy";
import type { WebhookEventRow } from "./rows";

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
): Promise<boolean> {
  const db = ctx.app.adapter;
  const recent = await db.findMany<Pick<WebhookEventRow, "id" | "status">>({
    model: "billingWebhookEvent",
    where: [
      { field: "endpointId", value: endpointId },
      { field: "status", operator: "in", value: ["succeeded", "failed"] },
    ],
    select: ["id", "status"],
    sortBy: { field: "createdAt", direction: "desc" },
    limit: policy.disableAfterFailures,
  });
  if (recent.length < policy.disableAfterFailures || recent.some((e) => e.status !== "failed")) return false;
  const disabled = await db.transaction(async (tx) => {
    const now = ctx.now();
    const changed = await tx.updateMany({
      model: "billingWebhookEndpoint",
      where: [
        { field: "id", value: endpointId },
        { field: "enabled", value: true },
      ],
      update: { enabled: false, modifiedAt: now },
    });
    if (changed === 0) return false;
    await tx.updateMany({
      model: "billingWebhookEvent",
      where: [
        { field: "endpointId", value: endpointId },
        { field: "status", value: "pending" },
      ],
      update: { status: "skipped", lastError: "Endpoint disabled", modifiedAt: now },
    });
    return true;
  });
  if (disabled) {
    ctx.app.logger.warn(
      `Billing webhook endpoint ${endpointId} disabled after ${policy.disableAfterFailures} failed events`,
    );
  }
  return disabled;
}
