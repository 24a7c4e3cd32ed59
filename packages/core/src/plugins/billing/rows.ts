import type { RowOf } from "../../db/model";
import type { BenefitGrantStatus } from "./benefit-grants/status";
import type { CheckoutStatus } from "./checkout/status";
import type { BillingEventType } from "./events";
import type * as catalog from "./models";
import type * as flow from "./models-flow";
import type * as grants from "./models-grants";
import type { OrderStatus } from "./orders/status";
import type { RefundReason } from "./processors/processor";
import type { RefundStatus } from "./refunds/status";
import type { SubscriptionStatus } from "./subscriptions/status";

/**
 * Every billing row type, derived from the field maps in `models.ts` / `models-flow.ts` with
 * `RowOf`: a column added to a model appears here by itself. The second argument only narrows
 * columns (json shapes, string unions); it cannot add or drop one.
 */

/** Metadata (BILLING.md 0): string keys, string / number / boolean values. */
export type Metadata = Record<string, string | number | boolean>;

export interface BillingAddress {
  line1?: string | null;
  line2?: string | null;
  postalCode?: string | null;
  city?: string | null;
  state?: string | null;
  country: string;
}

/** `[value, type]`, e.g. `["DE123456789", "eu_vat"]`. */
export type TaxId = [string, string];

export type RecurringInterval = "month" | "year";
export type TrialInterval = "day" | "week" | "month" | "year";
export type AmountType = "free" | "fixed" | "custom" | "metered_unit" | "seat_based";
export type BillingReason = "purchase" | "subscription_create" | "subscription_cycle" | "subscription_update";
export type WebhookEventStatus = "pending" | "succeeded" | "failed" | "skipped";

export type MerchantRow = RowOf<
  typeof catalog.merchantFields,
  {
    socials: { platform: string; url: string }[];
    featureSettings: { issueFundingEnabled: boolean; usageBasedBillingEnabled: boolean };
    subscriptionSettings: {
      allowMultipleSubscriptions: boolean;
      allowCustomerUpdates: boolean;
      prorationBehavior: "invoice" | "prorate";
    };
  }
>;

export type CustomerRow = RowOf<
  typeof catalog.customerFields,
  { billingAddress: BillingAddress; taxId: TaxId; metadata: Metadata }
>;

export type MeterRow = RowOf<
  typeof catalog.meterFields,
  {
    filter: { conjunction: "and" | "or"; clauses: unknown[] };
    aggregation: { func: string; property?: string };
    metadata: Metadata;
  }
>;

export type ProductRow = RowOf<
  typeof catalog.productFields,
  { recurringInterval: RecurringInterval; trialInterval: TrialInterval; metadata: Metadata }
>;

export type PriceRow = RowOf<
  typeof catalog.priceFields,
  { type: "one_time" | "recurring"; recurringInterval: RecurringInterval; amountType: AmountType }
>;

export type BenefitRow = RowOf<
  typeof catalog.benefitFields,
  { metadata: Metadata; properties: Record<string, unknown> }
>;

export type ProductBenefitRow = RowOf<typeof catalog.productBenefitFields>;

export type FileRow = RowOf<typeof catalog.fileFields>;

export type CustomFieldRow = RowOf<
  typeof catalog.customFieldFields,
  {
    type: "checkbox" | "date" | "number" | "select" | "text";
    metadata: Metadata;
    properties: Record<string, unknown>;
  }
>;

export type ProductCustomFieldRow = RowOf<typeof catalog.productCustomFieldFields>;

export type DiscountRow = RowOf<
  typeof catalog.discountFields,
  { type: "fixed" | "percentage"; duration: "once" | "forever" | "repeating"; metadata: Metadata }
>;

export type DiscountProductRow = RowOf<typeof catalog.discountProductFields>;
export type DiscountRedemptionRow = RowOf<typeof catalog.discountRedemptionFields>;

export type CheckoutRow = RowOf<
  typeof flow.checkoutFields,
  {
    status: CheckoutStatus;
    productIds: string[];
    customerBillingAddress: BillingAddress;
    customerTaxId: TaxId;
    customerMetadata: Metadata;
    customFieldData: Record<string, unknown>;
    paymentProcessorMetadata: Record<string, string>;
    metadata: Metadata;
    trialInterval: TrialInterval;
  }
>;

export type OrderRow = RowOf<
  typeof flow.orderFields,
  {
    status: OrderStatus;
    billingReason: BillingReason;
    billingAddress: BillingAddress;
    metadata: Metadata;
    customFieldData: Record<string, unknown>;
  }
>;

export type OrderItemRow = RowOf<typeof flow.orderItemFields>;

export type RefundRow = RowOf<
  typeof flow.refundFields,
  { status: RefundStatus; reason: RefundReason; metadata: Metadata }
>;

export type SubscriptionRow = RowOf<
  typeof flow.subscriptionFields,
  {
    status: SubscriptionStatus;
    recurringInterval: RecurringInterval;
    metadata: Metadata;
    customFieldData: Record<string, unknown>;
    pendingItems: PendingItem[];
  }
>;

/** A proration line carried to the next renewal order (negative: credit). */
export interface PendingItem {
  label: string;
  amount: number;
  productPriceId: string | null;
}

export type WebhookEndpointRow = RowOf<typeof flow.webhookEndpointFields, { events: BillingEventType[] }>;

/** An outbox row: one event for one endpoint. Its id is the `webhook-id` of every attempt. */
export type WebhookEventRow = RowOf<
  typeof flow.webhookEventFields,
  { type: BillingEventType; status: WebhookEventStatus }
>;

export type WebhookDeliveryRow = RowOf<typeof flow.webhookDeliveryFields>;
export type ProcessorEventRow = RowOf<typeof flow.processorEventFields>;

export type PortalSessionRow = RowOf<typeof flow.portalSessionFields>;

/** Event metadata: string keys; strings, numbers, booleans or nested objects of them (depth-limited). */
export type EventMetadataValue = string | number | boolean | { [key: string]: EventMetadataValue };
export type EventMetadata = Record<string, EventMetadataValue>;

export type UsageEventRow = RowOf<
  typeof flow.usageEventFields,
  { metadata: EventMetadata; source: "user" | "system" }
>;
/** A grant failure as stored and shown (`{message, type, timestamp}`). */
export interface GrantError {
  message: string;
  type: string;
  timestamp: string;
}

export type BenefitGrantRow = RowOf<
  typeof grants.benefitGrantFields,
  {
    status: BenefitGrantStatus;
    properties: Record<string, unknown>;
    error: GrantError;
    previousProperties: Record<string, unknown>;
  }
>;

export type LicenseKeyStatus = "granted" | "revoked" | "disabled";
export type LicenseKeyRow = RowOf<typeof grants.licenseKeyFields, { status: LicenseKeyStatus }>;
export type LicenseKeyActivationRow = RowOf<
  typeof grants.licenseKeyActivationFields,
  { meta: Record<string, unknown>; conditions: Record<string, unknown> }
>;
export type MeterCreditReason = "grant" | "cycle" | "revoke" | "usage" | "expire" | "reset";
export type MeterCreditRow = RowOf<typeof grants.meterCreditFields, { reason: MeterCreditReason }>;
