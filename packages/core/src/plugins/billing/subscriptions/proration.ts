/**
 * Proration arithmetic (BILLING.md 3.6), exact to the second in integer minor units: the share of
 * `amount` for the time left in [start, end) at `at`, rounded half up (amounts are never negative).
 */
export function prorate(amount: number, start: Date, end: Date, at: Date): number {
  const total = Math.floor((end.getTime() - start.getTime()) / 1000);
  const left = Math.max(0, Math.floor((end.getTime() - at.getTime()) / 1000));
  if (total <= 0 || amount <= 0) return 0;
  const remaining = Math.min(left, total);
  // Integers all the way (amount <= 99,999,999 and a year of seconds keep this below 2^53).
  return Math.floor((2 * amount * remaining + total) / (2 * total));
}
