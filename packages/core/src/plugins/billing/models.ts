import { currentTime, type FieldDef, type FieldMap } from "../../plugin";

/**
 * Billing models. Every money column is a 64-bit integer in minor units; every timestamp is UTC.
 * Model names carry a `billing` prefix so they never collide with an app's own tables
 * ("order", "customer" and "subscription" are common table names; "order" is an SQL keyword).
 */
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
const ref = <const R extends boolean = true>(
  model: string,
  onDelete: "cascade" | "set null" | "restrict" = "cascade",
  required?: R,
) =>
  ({
    type: "string",
    required: req(required, true),
    index: true,
    references: { model, field: "id", onDelete },
  }) as const;
const str = <const R extends boolean = true>(required?: R) =>
  ({ type: "string", required: req(required, true) }) as const;
const bool = (value: boolean) =>
  ({ type: "boolean", required: true, default: value }) as const satisfies FieldDef;
const date = <const R extends boolean = false>(required?: R) =>
  ({ type: "date", required: (required ?? false) as [R] extends [true] ? true : false }) as const;

export const merchantFields = {
  /** The organization (organization plugin) this merchant is; null for the single default merchant. */
  organizationId: { type: "string", required: false, unique: true },
  isDefault: bool(false),
  name: str(),
  slug: str(),
  avatarUrl: str(false),
  email: str(false),
  website: str(false),
  socials: json(),
  detailsSubmittedAt: date(),
  featureSettings: json(),
  subscriptionSettings: json(),
  invoiceCounter: { type: "number", required: true, default: 0, bigint: true },
  /**
   * Moved forward in the transaction of every change to the merchant's webhook endpoints: a
   * process that read the endpoints under this value may use them again while it holds.
   */
  webhookVersion: { type: "number", required: true, default: 0 },
  /**
   * Moved forward in the transaction of every change to the merchant's catalog (products, prices,
   * their links, benefits, custom fields, meters): catalog rows a process read under this value
   * may be used again while it holds (`catalog/loads/cache.ts`).
   */
  catalogVersion: { type: "number", required: true, default: 0 },
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const customerFields = {
  merchantId: ref("billingMerchant"),
  externalId: str(false),
  email: { type: "string", required: true, index: true },
  emailVerified: bool(false),
  name: str(false),
  billingAddress: json(false),
  taxId: json(false),
  metadata: json(),
  avatarUrl: str(false),
  /** Organization (auth side) the customer buys for, when buying on behalf of one. */
  referenceId: str(false),
  /** The processor's customer id (e.g. Stripe `cus_...`); internal, never in responses. */
  processorCustomerId: { type: "string", required: false, returned: false },
  deletedAt: date(),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const meterFields = {
  merchantId: ref("billingMerchant"),
  name: str(),
  filter: json(),
  aggregation: json(),
  metadata: json(),
  archivedAt: date(),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const productFields = {
  merchantId: ref("billingMerchant"),
  name: str(),
  description: str(false),
  isRecurring: bool(false),
  recurringInterval: str(false),
  /** Free trial of a recurring product (BILLING.md 3.7): day|week|month|year x 1..1000, or none. */
  trialInterval: str(false),
  trialIntervalCount: { type: "number", required: false },
  isArchived: bool(false),
  metadata: json(),
  /** Product media: ids of `product_media` files, in display order. */
  mediaIds: json(false),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const priceFields = {
  productId: ref("billingProduct"),
  merchantId: ref("billingMerchant"),
  type: str(),
  recurringInterval: str(false),
  amountType: str(),
  priceCurrency: str(),
  priceAmount: money(false),
  minimumAmount: money(false),
  maximumAmount: money(false),
  presetAmount: money(false),
  /** Decimal string with up to 12 decimal places, in minor units (never a float). */
  unitAmount: str(false),
  capAmount: money(false),
  meterId: ref("billingMeter", "restrict", false),
  /** seat_based: the price of one seat per period, and the fewest seats billed (default 1). */
  seatAmount: money(false),
  minimumSeats: { type: "number", required: false },
  isArchived: bool(false),
  legacy: bool(false),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const benefitFields = {
  merchantId: ref("billingMerchant"),
  type: str(),
  description: str(),
  selectable: bool(true),
  deletable: bool(true),
  metadata: json(),
  properties: json(),
  deletedAt: date(),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const productBenefitFields = {
  productId: ref("billingProduct"),
  benefitId: ref("billingBenefit"),
  order: { type: "number", required: true, default: 0 },
} as const satisfies FieldMap;

export const customFieldFields = {
  merchantId: ref("billingMerchant"),
  type: str(),
  slug: str(),
  name: str(),
  metadata: json(),
  properties: json(),
  deletedAt: date(),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const productCustomFieldFields = {
  productId: ref("billingProduct"),
  customFieldId: ref("billingCustomField"),
  order: { type: "number", required: true, default: 0 },
  required: bool(false),
} as const satisfies FieldMap;

export const discountFields = {
  merchantId: ref("billingMerchant"),
  name: str(),
  code: str(false),
  /** Upper-cased code: case-insensitive uniqueness and lookup on every database. */
  codeKey: str(false),
  type: str(),
  duration: str(),
  amount: money(false),
  currency: str(false),
  basisPoints: { type: "number", required: false },
  durationInMonths: { type: "number", required: false },
  startsAt: date(),
  endsAt: date(),
  maxRedemptions: { type: "number", required: false },
  redemptionsCount: { type: "number", required: true, default: 0 },
  metadata: json(),
  deletedAt: date(),
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const discountProductFields = {
  discountId: ref("billingDiscount"),
  productId: ref("billingProduct"),
} as const satisfies FieldMap;

export const discountRedemptionFields = {
  discountId: ref("billingDiscount"),
  checkoutId: str(false),
  subscriptionId: str(false),
  createdAt: created,
} as const satisfies FieldMap;

/** An uploaded file (downloadables benefits); the bytes live in the file storage under `storageKey`. */
export const fileFields = {
  merchantId: ref("billingMerchant"),
  name: str(),
  mimeType: str(),
  size: { type: "number", required: true, bigint: true },
  /** SHA-256 of the bytes, lower-case hex. */
  checksumSha256: str(),
  storageKey: str(),
  /** `downloadable` (served through signed links to grant holders) or `product_media` (public images). */
  service: str(false),
  /** Public address of a `product_media` file (`GET /product-media/{id}`); null for downloadables. */
  publicUrl: str(false),
  deletedAt: date(),
  createdAt: created,
} as const satisfies FieldMap;
