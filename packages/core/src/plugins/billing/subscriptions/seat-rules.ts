import { MAX_SEATS } from "../catalog/products/schemas";
import type { PriceRow } from "../rows";

/** The fewest seats a seat price bills (1 unless the price says more). */
export const minimumSeatsOf = (price: Pick<PriceRow, "minimumSeats">): number =>
  Math.max(1, price.minimumSeats ?? 1);

/** Seats billed for `members` members: never below the price's minimum, never above MAX_SEATS. */
export function seatsFor(price: Pick<PriceRow, "minimumSeats">, members: number | null): number {
  return Math.min(MAX_SEATS, Math.max(minimumSeatsOf(price), members ?? 0));
}

/** seats x seatAmount, in minor units. */
export const seatTotal = (price: Pick<PriceRow, "seatAmount">, seats: number): number =>
  (price.seatAmount ?? 0) * seats;

/**
 * The seats a checkout bought: its amount (before discount) is seats x seatAmount, priced with
 * the organization's member count when it was last updated. Null for other prices.
 */
export function seatsOfCheckout(price: PriceRow, amount: number): number | null {
  if (price.amountType !== "seat_based") return null;
  const each = price.seatAmount ?? 0;
  return each > 0 ? Math.max(minimumSeatsOf(price), Math.round(amount / each)) : minimumSeatsOf(price);
}

/** A line's product label with its quantity: "Pro — 3 seats" (just "Pro" without seats). */
export function seatLabel(name: string, seats: number | null | undefined): string {
  if (seats === null || seats === undefined) return name;
  return `${name} — ${seats} ${seats === 1 ? "seat" : "seats"}`;
}
