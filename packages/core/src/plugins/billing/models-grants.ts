import { currentTime, type FieldDef, type FieldMap } from "../../db/model";

/**
 * Models of granted benefits (issue 13): the grant of a benefit to a customer in one scope (an
 * order or a subscription), license keys with their activations, and the meter credit ledger.
 */
const now = currentTime;
const created = { type: "date", required: true, default: now } as const satisfies FieldDef;
const modified = { type: "date", required: true, default: now, onUpdate: now } as const satisfies FieldDef;
const str = { type: "string", required: true } as const satisfies FieldDef;
const optStr = { type: "string", required: false } as const satisfies FieldDef;
const date = { type: "date", required: false } as const satisfies FieldDef;
const json = { type: "json", required: true } as const satisfies FieldDef;
const optJson = { type: "json", required: false } as const satisfies FieldDef;
const flag = (value: boolean) =>
  ({ type: "boolean", required: true, default: value }) as const satisfies FieldDef;
const count = { type: "number", required: true, default: 0 } as const satisfies FieldDef;
const ref = (model: string, onDelete: "cascade" | "restrict" = "restrict") =>
  ({
    type: "string",
    required: true,
    index: true,
    references: { model, field: "id", onDelete },
  }) as const;

/**
 * A benefit granted to a customer by one scope (`order:<id>` or `subscription:<id>`); unique per
 * (customer, benefit, scope) so a retried job never grants twice. `status` is what the engine
 * decided (granted or revoked, moved by compare-and-set); `isGranted` / `isRevoked` say whether the
 * benefit's strategy has carried it out. The row is also the job: `nextAttemptAt` is when
 * `runDue()` (re)tries the outstanding work (grant, revoke, queued cycles, a queued update).
 */
export const benefitGrantFields = {
  merchantId: ref("billingMerchant", "cascade"),
  customerId: ref("billingCustomer", "cascade"),
  benefitId: ref("billingBenefit", "cascade"),
  scope: str,
  subscriptionId: { type: "string", required: false, index: true },
  orderId: { type: "string", required: false, index: true },
  status: { type: "string", required: true, index: true },
  isGranted: flag(false),
  isRevoked: flag(false),
  grantedAt: date,
  revokedAt: date,
  properties: json,
  /** The last failure `{message, type, timestamp}`, cleared by a success. */
  error: optJson,
  /** Renewals not yet applied by the strategy's `cycle`. */
  pendingCycles: count,
  /** The benefit's properties before a merchant edit not yet applied (`update`). */
  previousProperties: optJson,
  nextAttemptAt: { type: "date", required: false, index: true },
  attempts: count,
  lockedUntil: date,
  lockToken: optStr,
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

/** A license key (BILLING.md 6.3): one per (customer, benefit), reused by every grant of it. */
export const licenseKeyFields = {
  merchantId: ref("billingMerchant", "cascade"),
  customerId: ref("billingCustomer", "cascade"),
  benefitId: ref("billingBenefit", "cascade"),
  key: { type: "string", required: true, unique: true },
  displayKey: str,
  status: str,
  limitActivations: { type: "number", required: false },
  /** Live (not deactivated) activations: the guarded counter behind the activation limit. */
  activations: count,
  usage: count,
  limitUsage: { type: "number", required: false },
  validations: count,
  lastValidatedAt: date,
  expiresAt: date,
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

export const licenseKeyActivationFields = {
  licenseKeyId: ref("billingLicenseKey", "cascade"),
  label: str,
  meta: json,
  conditions: json,
  deletedAt: date,
  createdAt: created,
  modifiedAt: modified,
} as const satisfies FieldMap;

/**
 * The meter credit ledger: one row per credit (grant and each cycle) or debit (revoke) of a
 * `meter_credit` benefit, and the rows a meter reset writes at a billing period's end (credits
 * used by the period's usage, credits expired, and the reset marker itself, dated at the cutoff);
 * the customer meter balance is the non-negative running sum of these.
 */
export const meterCreditFields = {
  merchantId: ref("billingMerchant", "cascade"),
  customerId: ref("billingCustomer", "cascade"),
  meterId: ref("billingMeter", "cascade"),
  /** The meter_credit benefit (grant, cycle, revoke); null on the rows of a reset. */
  benefitId: { ...ref("billingBenefit", "cascade"), required: false },
  units: { type: "number", required: true },
  rollover: flag(false),
  /** grant | cycle | revoke | usage | expire | reset */
  reason: str,
  createdAt: created,
} as const satisfies FieldMap;
