import { describe, expect, it } from "vitest";
import { benefitGrantStates } from "../../src/plugins/billing/benefit-grants/status";
import { checkoutStates } from "../../src/plugins/billing/checkout/status";
import { orderStates } from "../../src/plugins/billing/orders/status";
import { refundStates } from "../../src/plugins/billing/refunds/status";
import { defineStateTable, type StateTable } from "../../src/plugins/billing/state-table";
import { subscriptionStates } from "../../src/plugins/billing/subscriptions/status";

/** Every allowed move of a table, as "from>to", sorted. */
function moves<S extends string>(table: StateTable<S>): string[] {
  return table.statuses.flatMap((from) =>
    table.statuses.filter((to) => table.canMove(from, to)).map((to) => `${from}>${to}`),
  );
}

describe("billing state tables", () => {
  it("checkout: the spec's statuses and BILLING.md 1.1 moves", () => {
    expect(checkoutStates.statuses).toEqual(["open", "expired", "confirmed", "succeeded", "failed"]);
    expect(checkoutStates.initial).toEqual(["open"]);
    expect(moves(checkoutStates).sort()).toEqual(
      [
        "open>open",
        "open>expired",
        "open>confirmed",
        "confirmed>succeeded",
        "confirmed>open",
        "confirmed>failed",
        "confirmed>expired",
      ].sort(),
    );
    expect([...checkoutStates.terminal].sort()).toEqual(["expired", "failed", "succeeded"]);
    expect(checkoutStates.sources("expired").sort()).toEqual(["confirmed", "open"]);
    expect(() => checkoutStates.assertMove("succeeded", "open")).toThrow(
      'checkout: no transition from "succeeded" to "open"',
    );
    expect(() => checkoutStates.assertMove("open", "succeeded")).toThrow();
    expect(() => checkoutStates.assertInitial("confirmed")).toThrow();
    expect(() => checkoutStates.assertMove("confirmed", "succeeded")).not.toThrow();
  });

  it("order: pending/paid/refunds/void (BILLING.md 2.2, 5)", () => {
    expect(orderStates.statuses).toEqual(["pending", "paid", "refunded", "partially_refunded", "void"]);
    expect(orderStates.canMove("pending", "void")).toBe(true);
    expect(orderStates.canMove("paid", "void")).toBe(false);
    expect([...orderStates.initial].sort()).toEqual(["paid", "pending"]);
    expect(orderStates.canMove("pending", "paid")).toBe(true);
    expect(orderStates.canMove("paid", "pending")).toBe(false);
    expect(orderStates.canMove("paid", "refunded")).toBe(true);
    expect(orderStates.canMove("paid", "partially_refunded")).toBe(true);
    expect(orderStates.canMove("partially_refunded", "partially_refunded")).toBe(true);
    expect(orderStates.canMove("partially_refunded", "refunded")).toBe(true);
    expect(orderStates.canMove("pending", "refunded")).toBe(false);
    expect(orderStates.terminal).toEqual(["void"]);
  });

  it("subscription: the spec's seven statuses (BILLING.md 3.1, 3.5, 3.8)", () => {
    expect(subscriptionStates.statuses).toEqual([
      "incomplete",
      "incomplete_expired",
      "trialing",
      "active",
      "past_due",
      "canceled",
      "unpaid",
    ]);
    expect(subscriptionStates.canMove("trialing", "active")).toBe(true);
    expect(subscriptionStates.canMove("active", "past_due")).toBe(true);
    expect(subscriptionStates.canMove("past_due", "active")).toBe(true);
    expect(subscriptionStates.canMove("past_due", "canceled")).toBe(true);
    expect(subscriptionStates.canMove("active", "canceled")).toBe(true);
    expect(subscriptionStates.canMove("canceled", "active")).toBe(false);
    expect(subscriptionStates.canMove("active", "trialing")).toBe(false);
    expect([...subscriptionStates.terminal].sort()).toEqual(["canceled", "incomplete_expired"]);
    expect(() => subscriptionStates.assertInitial("past_due")).toThrow();
  });

  it("refund: pending settles once; a succeeded refund may still fail or be canceled (BILLING.md 5)", () => {
    expect(refundStates.statuses).toEqual(["pending", "succeeded", "failed", "canceled"]);
    expect(moves(refundStates).sort()).toEqual(
      [
        "pending>succeeded",
        "pending>failed",
        "pending>canceled",
        "succeeded>failed",
        "succeeded>canceled",
      ].sort(),
    );
    expect([...refundStates.terminal].sort()).toEqual(["canceled", "failed"]);
    expect(() => refundStates.assertInitial("canceled")).toThrow();
    expect(() => refundStates.assertInitial("pending")).not.toThrow();
    expect(refundStates.sources("failed").sort()).toEqual(["pending", "succeeded"]);
  });

  it("benefit grant: granted <-> revoked, created granted (BILLING.md 6.1)", () => {
    expect(benefitGrantStates.statuses).toEqual(["granted", "revoked"]);
    expect(moves(benefitGrantStates)).toEqual(["granted>revoked", "revoked>granted"]);
    expect(benefitGrantStates.canMove("granted", "granted")).toBe(false);
    expect(() => benefitGrantStates.assertInitial("revoked")).toThrow();
  });

  it("narrows stored values and rejects unknown ones", () => {
    expect(checkoutStates.is("open")).toBe(true);
    expect(checkoutStates.is("paid")).toBe(false);
    expect(checkoutStates.is(3)).toBe(false);
    const table = defineStateTable("t", ["a", "b"], { initial: ["a"], moves: { a: ["b"], b: [] } });
    expect(table.canMove("b", "a")).toBe(false);
    expect(() => table.assertMove("b", "a")).toThrow('t: no transition from "b" to "a"');
  });
});
