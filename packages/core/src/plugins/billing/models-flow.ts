import { currentTime, type FieldDef, type FieldMap } from "../../plugin";

const now = currentTime;
const created = { type: "date", required: true, default: now } as const satisfies FieldDef;
const modified = { type: "date", required: true, default: now, onUpdate: now } as const satisfies FieldDef;
/** Literal `required` (false only when passed false), so row types know which columns may be null. */
type Req<R extends boolean> = [R] extends [false] ? false : true;
const req = <R extends boolean>(required: R | undefined, fallback: boolean) =>
  (required ?? fallback) as Req<R>;
const money = <const R extends boolean = true>(required?: R) =>
  ({ type: "number", required: req(required, true), bigint: true }) as const;
const json = <const R extends boolean = true>(required?: R) =>
  ({ type: "json", required: req(required, true) }) as const;
const str = <const R extends boolean = true>(required?: R) =>
  ({ type: "string", required: req(required, true) }) as const;
const bool = (value: boolean) =>
  ({ type: "boolean", required: true, default: value }) as const satisfies FieldDef;
const date = <const R extends boolean = false>(required?: R) =>
  ({ type: "date", required: (required ?? false) as [R] extends [true] ? true : false }) as const;
const ref = <const R extends boolean = true>(
  model: string,
  onDelete: "cascade" | "set null" | "restrict" = "restrict",
  required?: R,
) =>
  ({
    type: "string",
    required: req(required, true),
    index: true,
    references: { model, field: "id", onDelete },
  }) as const;

export const checkoutFields = {
  merchantId: ref("billingMerchant", "cascade"),
  status: str(),
  paymentProcessor: str(),
  clientSecret: { type: "string", required: true, unique: true },
  expiresAt: { type: "date", required: true, index: true },
  successUrl: str(false),
  returnUrl: str(false),
  embedOrigin: str(false),
  amount: money(),
  discountAmount: money(),
  netAmount: money(),
  taxAmount: money(false),
  totalAmount: money(),
  currency: str(),
  productId: ref("billingProduct"),
  productPriceId: ref("billingPrice"),
  /** Every product offered by this checkout (the first is selected). */
  productIds: json(),
  discountId: ref("billingDiscount", "set null", false),
  allowDiscountCodes: bool(true),
  requireBillingAddress: bool(false),
  customerId: ref("billingCustomer", "set null", false),
  isBusinessCustomer: bool(false),
  customerName: str(false),
  customerEmail: str(false),
  customerIpAddress: str(false),
  customerBillingName: str(false),
  customerBillingAddress: json(false),
  customerTaxId: json(false),
  customerExternalId: str(false),
  customerMetadata: json(),
  customFieldData: json(),
  paymentProcessorMetadata: json(),
  metadata: json(),
  subscriptionId: str(false),
  /** Auth user who created the checkout (buyer endpoints), if any. */
  userId: str(false),
  /** Organization (auth side) the purchase is for; copied to the order and subscription. */
  referenceId: str(false),
  /** Processor intent of the current confirmation attempt (success webhooks for older intents are ignored). */
  intentId: str(false),
  /** Trials (BILLING.md 3.7): false = none even if the product has one; an override of the product's. */
  allowTrial: bool(true),
  trialInterval: str(false),
  trialIntervalCount: { type: "number", required: false },
  /** When the trial that applies to this checkout would end (null: no trial). */
  trialEnd: date(),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const orderFields = {
  merchantId: ref("billingMerchant", "cascade"),
  invoiceNumber: str(),
  status: str(),
  subtotalAmount: money(),
  discountAmount: money(),
  netAmount: money(),
  taxAmount: money(),
  totalAmount: money(),
  refundedAmount: { type: "number", required: true, default: 0, bigint: true },
  refundedTaxAmount: { type: "number", required: true, default: 0, bigint: true },
  /** Held by pending and succeeded refunds: never above `netAmount` / `taxAmount` (internal). */
  refundReservedAmount: { type: "number", required: true, default: 0, bigint: true },
  refundReservedTaxAmount: { type: "number", required: true, default: 0, bigint: true },
  currency: str(),
  billingReason: str(),
  billingName: str(false),
  billingAddress: json(false),
  customerId: ref("billingCustomer"),
  productId: ref("billingProduct"),
  discountId: ref("billingDiscount", "set null", false),
  subscriptionId: ref("billingSubscription", "set null", false),
  /** At most one order per checkout: the unique index makes checkout success idempotent. */
  checkoutId: { type: "string", required: false, unique: true },
  metadata: json(),
  customFieldData: json(),
  userId: str(false),
  referenceId: { type: "string", required: false, index: true },
  /** Off-session charges (renewals, plan changes): next attempt, failures so far, last intent. */
  nextPaymentAttemptAt: { type: "date", required: false, index: true },
  failedAttempts: { type: "number", required: true, default: 0 },
  paymentIntentId: str(false),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const orderItemFields = {
  orderId: ref("billingOrder", "cascade"),
  label: str(),
  amount: money(),
  taxAmount: money(),
  proration: bool(false),
  productPriceId: str(false),
  createdAt: created,
} as const satisfies FieldMap;

/** A refund of (part of) a paid order (BILLING.md 5); amounts exclude / are the tax share. */
export const refundFields = {
  merchantId: ref("billingMerchant", "cascade"),
  orderId: ref("billingOrder", "cascade"),
  customerId: ref("billingCustomer"),
  subscriptionId: { type: "string", required: false, index: true },
  status: str(),
  reason: str(),
  amount: money(),
  taxAmount: money(),
  currency: str(),
  comment: str(false),
  revokeBenefits: bool(false),
  metadata: json(),
  /** The processor's refund (Stripe `re_...`): its webhooks move the status. */
  processorRefundId: { type: "string", required: false, unique: true },
  failureReason: str(false),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const subscriptionFields = {
  merchantId: ref("billingMerchant", "cascade"),
  amount: money(),
  currency: str(),
  recurringInterval: str(),
  status: { type: "string", required: true, index: true },
  currentPeriodStart: date(true),
  currentPeriodEnd: { type: "date", required: false, index: true },
  /** Day of month (UTC) periods are anchored to; no drift across short months. */
  anchorDay: { type: "number", required: true },
  cancelAtPeriodEnd: bool(false),
  canceledAt: date(),
  startedAt: date(),
  endsAt: date(),
  endedAt: date(),
  customerId: ref("billingCustomer"),
  productId: ref("billingProduct"),
  priceId: ref("billingPrice"),
  discountId: ref("billingDiscount", "set null", false),
  /**
   * Start of the first period billed with the discount (its duration counts from there); null:
   * the subscription's start (a checkout discount). Set when a merchant changes the discount.
   */
  discountAppliedAt: date(),
  checkoutId: str(false),
  customerCancellationReason: str(false),
  customerCancellationComment: str(false),
  metadata: json(),
  customFieldData: json(),
  userId: str(false),
  referenceId: { type: "string", required: false, index: true },
  lockedUntil: date(),
  lockToken: str(false),
  /** Saved processor payment method charged off-session at renewal. */
  paymentMethodId: str(false),
  /** Set once at the first failed renewal charge; cleared when it recovers (dunning). */
  pastDueAt: date(),
  /** Proration lines (prorationBehavior `prorate`) waiting for the next renewal order. */
  pendingItems: json(false),
  /** Seats billed (seat_based prices): the organization's member count, never below the minimum. */
  seats: { type: "number", required: false },
  /** The trial (BILLING.md 3.7): its first period, `[trialStart, trialEnd]`, costs nothing. */
  trialStart: date(),
  trialEnd: date(),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const webhookEndpointFields = {
  merchantId: ref("billingMerchant", "cascade"),
  url: str(),
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secret: { type: "string", required: true, returned: false },
  events: json(),
  enabled: bool(true),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

/** The outbox: one row per (event, subscribed endpoint), written in the transaction of the change. */
export const webhookEventFields = {
  merchantId: ref("billingMerchant", "cascade"),
  endpointId: ref("billingWebhookEndpoint", "cascade"),
  type: str(),
  /** The exact bytes sent on every attempt. */
  payload: str(),
  status: { type: "string", required: true, index: true },
  attempts: { type: "number", required: true, default: 0 },
  nextAttemptAt: { type: "date", required: true, index: true },
  lastError: str(false),
  succeededAt: date(),
  lockedUntil: date(),
  lockToken: str(false),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const webhookDeliveryFields = {
  eventId: ref("billingWebhookEvent", "cascade"),
  endpointId: str(),
  attempt: { type: "number", required: true },
  httpCode: { type: "number", required: false },
  response: str(false),
  succeeded: bool(false),
  durationMs: { type: "number", required: true, default: 0 },
  createdAt: created,
} as const satisfies FieldMap;

/** The inbox: processor events by (processor, externalId); a redelivered event changes nothing. */
export const processorEventFields = {
  processor: str(),
  externalId: str(),
  type: str(),
  payload: str(),
  handledAt: date(),
  createdAt: created,
} as const satisfies FieldMap;

/**
 * A customer portal session (BILLING.md 11): a short-lived link to one customer's portal, usable
 * without the app's cookies. Only the SHA-256 (hex) of its token is stored.
 */
export const portalSessionFields = {
  merchantId: ref("billingMerchant", "cascade"),
  customerId: ref("billingCustomer", "cascade"),
  tokenHash: { type: "string", required: true, unique: true },
  returnUrl: str(false),
  expiresAt: { type: "date", required: true, index: true },
  createdAt: created,
} as const satisfies FieldMap;

/**
 * Usage events (BILLING.md 7.1): append-only, never updated. `externalId` deduplicates per merchant;
 * the composite index serves meter evaluation (merchant, customer, name, time window).
 */
export const usageEventFields = {
  merchantId: ref("billingMerchant", "cascade"),
  customerId: ref("billingCustomer", "cascade"),
  externalCustomerId: str(false),
  name: { type: "string", required: true, maxLength: 128 },
  timestamp: { type: "date", required: true },
  metadata: json(),
  externalId: { type: "string", required: false, maxLength: 255 },
  /** "user" for ingested events, "system" for events the engine writes. */
  source: { type: "string", required: true, maxLength: 16 },
  createdAt: created,
} as const satisfies FieldMap;
