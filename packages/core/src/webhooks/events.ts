/** Webhook event types of spec sections 3 and 4. */
export const BILLING_EVENT_TYPES = [
  "checkout.created",
  "checkout.updated",
  "order.created",
  "order.updated",
  "order.paid",
  "order.refunded",
  "organization.updated",
  "product.created",
  "product.updated",
  "benefit.created",
  "benefit.updated",
  "benefit_grant.created",
  "benefit_grant.updated",
  "benefit_grant.revoked",
  "benefit_grant.cycled",
  "refund.created",
  "refund.updated",
  "subscription.created",
  "subscription.active",
  "subscription.canceled",
  "subscription.uncanceled",
  "subscription.revoked",
  "subscription.updated",
  "customer.created",
  "customer.updated",
  "customer.deleted",
  "customer.state_changed",
] as const;

export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

/** The envelope every webhook carries (serialised once; retries send the same bytes). */
export interface BillingEvent<T = unknown> {
  readonly type: BillingEventType;
  readonly timestamp: string;
  readonly data: T;
}
