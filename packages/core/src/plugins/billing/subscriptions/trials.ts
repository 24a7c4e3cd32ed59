import { z } from "zod";
import type { PriceRow, ProductRow, SubscriptionRow, TrialInterval } from "../rows";
import { nextPeriodEnd } from "./periods";

/**
 * Trials (BILLING.md 3.7): a recurring product may start with a free trial of `count` x
 * `interval`, overridable per checkout (or turned off with `allowTrial: false`). During the trial
 * the checkout only saves the payment method; the subscription is `trialing` until `trialEnd`,
 * when the renewal charges the first full period.
 */
export const TRIAL_INTERVALS = ["day", "week", "month", "year"] as const satisfies readonly TrialInterval[];
export const MAX_TRIAL_INTERVAL_COUNT = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const COUNT_MESSAGE = `Trial interval count must be a whole number from 1 to ${MAX_TRIAL_INTERVAL_COUNT}.`;
export const TRIAL_MESSAGES = {
  interval: "Trial interval must be one of day, week, month or year.",
  count: COUNT_MESSAGE,
  countWithoutInterval: "trialIntervalCount needs a trialInterval (day, week, month or year).",
  intervalWithoutCount: `trialInterval needs a trialIntervalCount (1 to ${MAX_TRIAL_INTERVAL_COUNT}).`,
  notRecurring: "A trial can only be set on a recurring product.",
} as const;

/** The two trial fields of a product or checkout input (null clears them on an update). */
export const trialInputFields = {
  trialInterval: z.enum(TRIAL_INTERVALS, { error: TRIAL_MESSAGES.interval }).nullish(),
  trialIntervalCount: z
    .number({ error: COUNT_MESSAGE })
    .int(COUNT_MESSAGE)
    .min(1, COUNT_MESSAGE)
    .max(MAX_TRIAL_INTERVAL_COUNT, COUNT_MESSAGE)
    .nullish(),
};

export interface TrialConfig {
  trialInterval?: TrialInterval | null;
  trialIntervalCount?: number | null;
}

/** Both trial fields or neither: a count without its unit (or the reverse) is a 400. */
export function refineTrialPair(value: TrialConfig, ctx: z.RefinementCtx) {
  const hasInterval = value.trialInterval !== null && value.trialInterval !== undefined;
  const hasCount = value.trialIntervalCount !== null && value.trialIntervalCount !== undefined;
  if (hasCount && !hasInterval)
    ctx.addIssue({ code: "custom", path: ["trialInterval"], message: TRIAL_MESSAGES.countWithoutInterval });
  if (hasInterval && !hasCount)
    ctx.addIssue({
      code: "custom",
      path: ["trialIntervalCount"],
      message: TRIAL_MESSAGES.intervalWithoutCount,
    });
}

/** The trial options of a checkout create (server API and buyer endpoint). */
export const checkoutTrialInput = z
  .object({ allowTrial: z.boolean().optional(), ...trialInputFields })
  .superRefine(refineTrialPair);

/**
 * `from` plus `count` x `interval`, in UTC: days and weeks are exact days; months and years keep
 * the day of month (clamped to the month's length) and the time of day, as renewal periods do.
 */
export function addTrial(from: Date, interval: TrialInterval, count: number): Date {
  if (interval === "day" || interval === "week")
    return new Date(from.getTime() + count * (interval === "week" ? 7 : 1) * DAY_MS);
  return nextPeriodEnd(from, from.getUTCDate(), interval, count);
}

/** What a checkout offers: its own override when it has one, else the product's trial. */
export interface CheckoutTrial {
  readonly allowTrial: boolean;
  readonly trialInterval?: TrialInterval | null;
  readonly trialIntervalCount?: number | null;
}

/**
 * The trial that applies to buying `price` of `product` through a checkout, or null: only a
 * recurring product with a price that is paid for, when the checkout allows trials and either it
 * or the product configures one.
 */
export function activeTrial(
  product: ProductRow,
  price: PriceRow | null | undefined,
  checkout: CheckoutTrial,
): { interval: TrialInterval; count: number } | null {
  if (!checkout.allowTrial || !product.isRecurring || !price || price.amountType === "free") return null;
  const own = checkout.trialInterval && checkout.trialIntervalCount;
  const interval = own ? checkout.trialInterval : product.trialInterval;
  const count = own ? checkout.trialIntervalCount : product.trialIntervalCount;
  return interval && count ? { interval, count } : null;
}

/** When the trial of a checkout bought at `now` ends; null without a trial. */
export function trialEndFor(
  product: ProductRow,
  price: PriceRow | null | undefined,
  checkout: CheckoutTrial,
  now: Date,
): Date | null {
  const trial = activeTrial(product, price, checkout);
  return trial ? addTrial(now, trial.interval, trial.count) : null;
}

/**
 * Whether a checkout's own trial runs longer than the product's (or the product has none): a
 * buyer may shorten a trial, never lengthen or invent one.
 */
export function exceedsProductTrial(product: ProductRow, override: TrialConfig, now: Date): boolean {
  if (!product.isRecurring || !override.trialInterval || !override.trialIntervalCount) return false;
  const own = addTrial(now, override.trialInterval, override.trialIntervalCount);
  const allowed =
    product.trialInterval && product.trialIntervalCount
      ? addTrial(now, product.trialInterval, product.trialIntervalCount)
      : null;
  return !allowed || own.getTime() > allowed.getTime();
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The one $0 line of a trial's `subscription_create` order: "Trial period for Pro (2026-01-15 - 2026-01-29)". */
export function trialOrder(
  productName: string,
  subscription: Pick<SubscriptionRow, "trialStart" | "trialEnd">,
) {
  const start = subscription.trialStart ? day(subscription.trialStart) : "";
  const end = subscription.trialEnd ? day(subscription.trialEnd) : "";
  return { label: `Trial period for ${productName} (${start} - ${end})` };
}
