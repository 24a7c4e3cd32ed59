/**
 * Money is an integer number of minor units (cents) of a lower-case ISO 4217 currency. Every
 * computation here is integer arithmetic; `unitAmount` of metered prices is a decimal string
 * handled with BigInt, never a float.
 */
export const ZERO_DECIMAL_CURRENCIES = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

/** Default bounds of a price amount (minor units). */
export const MAX_AMOUNT = 99_999_999;
export const DEFAULT_CURRENCY = "usd";

/** An amount for people: 5000 usd -> "$50.00", 500 jpy -> "¥500". */
export function formatMoney(amount: number, currency: string): string {
  const factor = ZERO_DECIMAL_CURRENCIES.has(currency) ? 1 : 100;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / factor,
  );
}

/** Rounds half away from zero: 8.5 -> 9, -8.5 -> -9 (not banker's rounding). */
export function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A percentage discount in basis points (2550 = 25.5 %), rounded half away from zero. */
export function percentageOf(amount: number, basisPoints: number): number {
  // Integer numerator and denominator: exact, then one rounding step.
  const numerator = amount * basisPoints;
  const quotient = Math.trunc(numerator / 10_000);
  const remainder = Math.abs(numerator % 10_000);
  if (remainder * 2 >= 10_000) return quotient + Math.sign(numerator);
  return quotient;
}

export interface DiscountTerms {
  readonly type: string;
  readonly amount?: number | null;
  readonly basisPoints?: number | null;
}

/** The discount on an amount: percentage rounded half away from zero; fixed capped at the amount. */
export function discountAmountFor(discount: DiscountTerms, amount: number): number {
  if (amount <= 0) return 0;
  if (discount.type === "percentage")
    return Math.min(amount, percentageOf(amount, discount.basisPoints ?? 0));
  return Math.min(amount, discount.amount ?? 0);
}

/** Validates a decimal string with at most 12 decimal places (metered unit amounts). */
export function isUnitAmount(value: string): boolean {
  return /^\d{1,17}(\.\d{1,12})?$/.test(value);
}

/** Decimal places a metered quantity and a unit amount are taken to. */
const METERED_SCALE = 10n ** 12n;

/** A non-negative decimal (string or number) as an integer of 12 fixed decimals. */
function fixed12(value: string | number): bigint {
  const text = typeof value === "number" ? Math.max(0, value).toFixed(12) : value;
  const [whole = "0", fraction = ""] = text.split(".");
  return BigInt(whole + fraction.slice(0, 12).padEnd(12, "0"));
}

/**
 * A metered price's amount (BILLING.md 3.9): units x unitAmount (a decimal string of minor
 * units, up to 12 decimals), rounded half up once, on the total, to an integer number of minor
 * units, then capped at `cap` when there is one. Exact: units (the meter's value, a number that
 * may be fractional for sum, max, min and avg) are taken to 12 decimal places, and the product is
 * computed with BigInt, never a float.
 */
export function meteredAmount(units: number, unitAmount: string, cap?: number | null): number {
  const total = fixed12(unitAmount) * fixed12(units);
  const scale = METERED_SCALE * METERED_SCALE;
  let rounded = total / scale;
  if ((total % scale) * 2n >= scale) rounded += 1n;
  const amount = Number(rounded);
  return cap !== undefined && cap !== null ? Math.min(amount, cap) : amount;
}
