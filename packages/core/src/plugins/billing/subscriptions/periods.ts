/**
 * Period arithmetic on UTC calendar dates with a stored anchor day (BILLING.md 3.3): the next
 * boundary is N months (or years) later, on the anchor day clamped to the month's length, at the
 * same time of day. Anchor 31 from Jan 31: Feb 28/29 -> Mar 31 -> Apr 30 -> May 31, with no drift.
 */
export type Interval = "month" | "year";

/** A date's UTC day, `YYYY-MM-DD` (order line labels). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

export function nextPeriodEnd(from: Date, anchorDay: number, interval: Interval, count = 1): Date {
  const months = interval === "year" ? 12 * count : count;
  const total = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(anchorDay, daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}
