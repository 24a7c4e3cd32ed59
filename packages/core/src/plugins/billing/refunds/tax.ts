/**
 * The tax share of a refund (BILLING.md 5): the whole remaining tax when the refund takes the rest
 * of the net amount, none for an untaxed order, else `round(amount × tax / net)` (half to even)
 * capped at the tax not yet held by other refunds.
 */
export function refundTaxShare(
  order: { readonly netAmount: number; readonly taxAmount: number },
  refund: { readonly amount: number; readonly heldAfter: number; readonly taxHeldBefore: number },
): number {
  const remaining = Math.max(0, order.taxAmount - refund.taxHeldBefore);
  if (order.taxAmount <= 0 || order.netAmount <= 0) return 0;
  if (refund.heldAfter >= order.netAmount) return remaining;
  return Math.min(remaining, divideHalfEven(refund.amount * order.taxAmount, order.netAmount));
}

/** `n / d` (d > 0) rounded half to even, exact for integers (BigInt: `n` may pass 2^53). */
export function divideHalfEven(n: number, d: number): number {
  const [bn, bd] = [BigInt(n), BigInt(d)];
  const q = bn / bd;
  const twice = 2n * (bn % bd);
  if (twice > bd || (twice === bd && q % 2n !== 0n)) return Number(q + 1n);
  return Number(q);
}
