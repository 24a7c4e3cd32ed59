import type { MeterCreditRow } from "../rows";

/**
 * The meter credit ledger read as balances (BILLING.md 7.6). Credits come from `meter_credit`
 * benefits (grant, cycle, revoke); a meter reset at a billing period's end (`resetRows`) writes what
 * the period's usage consumed and what expired, dated at the cutoff, plus a `reset` marker whose
 * date starts the meter's next window. Pure functions: the repository reads and writes the rows.
 */

type LedgerRow = Pick<MeterCreditRow, "meterId" | "units" | "rollover" | "reason" | "createdAt" | "id">;

/** Rows a reset writes sort before other rows of the same instant (credits at the cutoff are the next period's). */
const RESET_REASONS = new Set(["usage", "expire", "reset"]);

/**
 * Ledger order: by date; at one instant, a reset's rows first, then credits before debits (a
 * revoke written in the same instant as the credit it takes back must follow it: ids are random,
 * so they cannot order such rows), then by id.
 */
function ordered<T extends LedgerRow>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      Number(!RESET_REASONS.has(a.reason)) - Number(!RESET_REASONS.has(b.reason)) ||
      Number(a.units < 0) - Number(b.units < 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export interface CreditBalance {
  /** Credits that expire at the period end (`rollover: false`). */
  readonly expiring: number;
  /** Credits that carry over (`rollover: true`). */
  readonly rolling: number;
}

/**
 * The credits of one meter: a non-negative running sum per rollover flag, in ledger order (so a
 * revoke after the credits were used cannot push later credits below zero). Only rows dated
 * before `before` when given.
 */
export function creditBalance(rows: readonly LedgerRow[], meterId: string, before?: Date): CreditBalance {
  let expiring = 0;
  let rolling = 0;
  for (const row of ordered(rows)) {
    if (row.meterId !== meterId || (before && row.createdAt >= before)) continue;
    if (row.rollover) rolling = Math.max(0, rolling + row.units);
    else expiring = Math.max(0, expiring + row.units);
  }
  return { expiring, rolling };
}

/** When the meter was last reset (its current window starts there), or null: all time. */
export function lastReset(rows: readonly LedgerRow[], meterId: string): Date | null {
  let at: Date | null = null;
  for (const row of rows)
    if (row.meterId === meterId && row.reason === "reset" && (!at || row.createdAt > at)) at = row.createdAt;
  return at;
}

export interface Settlement {
  /** Credits the usage consumed (at most the usage). */
  readonly creditedUnits: number;
  /** Units billed: usage beyond the credits. */
  readonly billableUnits: number;
  /** Ledger rows to write (without merchant and customer). */
  readonly rows: readonly { units: number; rollover: boolean; reason: "usage" | "expire" | "reset" }[];
}

/**
 * A meter's period closing with `units` used against `credits`: expiring credits are used first,
 * then rolling ones; what is left of the expiring credits expires, what is left of the rolling ones
 * (whole units) carries over; a `reset` marker (0 units) always. Polar's rollover rule:
 * carried = max(0, min(floor(expiring + rolling - units), rolling)).
 */
export function settle(units: number, credits: CreditBalance): Settlement {
  const used = Math.max(0, units);
  const total = credits.expiring + credits.rolling;
  const carried = Math.max(0, Math.min(Math.floor(total - used), credits.rolling));
  const expiringLeft = Math.max(0, Math.floor(credits.expiring - used));
  const rows: Settlement["rows"][number][] = [];
  const usedExpiring = credits.expiring - expiringLeft;
  const usedRolling = credits.rolling - carried;
  if (usedExpiring > 0) rows.push({ units: -usedExpiring, rollover: false, reason: "usage" });
  if (usedRolling > 0) rows.push({ units: -usedRolling, rollover: true, reason: "usage" });
  if (expiringLeft > 0) rows.push({ units: -expiringLeft, rollover: false, reason: "expire" });
  rows.push({ units: 0, rollover: false, reason: "reset" });
  const creditedUnits = Math.min(used, total);
  return { creditedUnits, billableUnits: Math.max(0, used - total), rows };
}
