import { describe, expect, it } from "vitest";
import { subscribed } from "./subscription-helpers";

type Err = { message: string; code: string };
type Sub = Record<string, unknown> & { id: string; status: string };
const DAY = 86_400_000;

describe("renewals", () => {
  it("renew monthly on the anchor day (31 Jan -> 28 Feb -> 31 Mar), charging the saved method off-session", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 31, 10, 30));
    expect((await t.sub()).paymentMethodId).toBe("tpm_visa");
    await t.app.services.runDue();
    expect(t.processor.charges).toHaveLength(0); // not due yet
    t.app.clock.set(new Date("2026-02-28T10:30:00.000Z"));
    const run = await t.app.services.runDue();
    expect(run.subscriptions).toMatchObject({ renewed: 1, charges: { paid: 1 } });
    let s = await t.sub();
    expect(s.currentPeriodStart.toISOString()).toBe("2026-02-28T10:30:00.000Z");
    expect(s.currentPeriodEnd?.toISOString()).toBe("2026-03-31T10:30:00.000Z");
    t.app.clock.set(new Date("2026-03-31T10:30:00.000Z"));
    await t.app.services.runDue();
    s = await t.sub();
    expect(s.currentPeriodEnd?.toISOString()).toBe("2026-04-30T10:30:00.000Z");
    const orders = await t.ordersOf();
    expect(orders.map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 1900],
      ["subscription_cycle", "paid", 1900],
      ["subscription_cycle", "paid", 1900],
    ]);
    expect(t.processor.charges.map((c) => c.amount)).toEqual([1900, 1900]);
    const types = t.app.events.map((e) => e.type);
    const last = types.lastIndexOf("order.paid");
    expect(types.slice(last - 3, last + 1)).toEqual([
      "subscription.updated",
      "order.created",
      "order.updated",
      "order.paid",
    ]);
  });

  it("renew yearly from 29 Feb to 28 Feb, then back to 29 Feb in a leap year", async () => {
    const t = await subscribed(Date.UTC(2028, 1, 29, 9), 9900, "year");
    for (const [at, end] of [
      ["2029-02-28T09:00:00.000Z", "2030-02-28T09:00:00.000Z"],
      ["2030-02-28T09:00:00.000Z", "2031-02-28T09:00:00.000Z"],
    ]) {
      t.app.clock.set(new Date(at!));
      await t.app.services.runDue();
      expect((await t.sub()).currentPeriodEnd?.toISOString()).toBe(end);
    }
    expect(t.processor.charges.map((c) => c.amount)).toEqual([9900, 9900]);
  });

  it("20 parallel runDue() renew a due subscription once", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 15, 12));
    t.app.clock.set(new Date("2026-02-15T12:00:00.000Z"));
    await Promise.all(Array.from({ length: 20 }, () => t.app.services.runDue()));
    const cycles = (await t.ordersOf()).filter((o) => o.billingReason === "subscription_cycle");
    expect(cycles).toHaveLength(1);
    expect(t.processor.charges).toHaveLength(1);
  });

  it("end a lapsed subscription instead of billing each missed period", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 15, 12));
    t.app.clock.set(new Date("2026-04-20T12:00:00.000Z"));
    await t.app.services.runDue();
    const s = await t.sub();
    expect(s.status).toBe("canceled");
    expect((await t.ordersOf()).filter((o) => o.billingReason === "subscription_cycle")).toHaveLength(0);
  });
});

describe("cancel, uncancel, revoke", () => {
  it("cancel at period end with a reason, uncancel, cancel again, then end at the period end", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 15, 12));
    const canceled = await t.browser.post<Sub>("/customer/subscriptions/cancel", {
      subscriptionId: t.id,
      cancellationReason: "too_expensive",
      cancellationComment: "Later maybe",
    });
    expect(canceled.status).toBe(200);
    expect(canceled.data).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      customerCancellationReason: "too_expensive",
      customerCancellationComment: "Later maybe",
      endsAt: "2026-02-15T12:00:00.000Z",
    });
    const twice = await t.browser.post<Err>("/customer/subscriptions/cancel", { subscriptionId: t.id });
    expect(twice.status).toBe(403);
    expect(twice.data.message).toBe(
      "This subscription is already canceled or will be at the end of the period.",
    );
    const back = await t.browser.post<Sub>("/customer/subscriptions/update", {
      subscriptionId: t.id,
      cancelAtPeriodEnd: false,
    });
    expect(back.data).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null, endsAt: null });
    expect(t.app.events.map((e) => e.type)).toContain("subscription.uncanceled");
    await t.browser.post("/customer/subscriptions/update", { subscriptionId: t.id, cancelAtPeriodEnd: true });
    t.app.clock.set(new Date("2026-02-15T12:00:00.000Z"));
    await t.app.services.runDue();
    const ended = await t.sub();
    expect(ended.status).toBe("canceled");
    expect(ended.endedAt?.toISOString()).toBe("2026-02-15T12:00:00.000Z");
    expect(t.processor.charges).toHaveLength(0);
    const state = t.app.events.filter((e) => e.type === "customer.state_changed").pop();
    expect(state?.data.activeSubscriptions).toEqual([]);
    // (The browser session expired during the month: the service answers as the endpoint would.)
    await expect(
      t.app.services.subscriptions.applyUpdate(ended, { cancelAtPeriodEnd: false }),
    ).rejects.toMatchObject({ statusCode: 410, body: { message: "This subscription has ended." } });
    expect((await t.sub()).status).toBe("canceled");
  });

  it("another customer's subscription is 404 and unchanged", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 15, 12));
    const { browser: other } = await t.app.signUp({ email: "other@example.com" });
    const res = await other.post<Err>("/customer/subscriptions/cancel", { subscriptionId: t.id });
    expect(res.status).toBe(404);
    expect((await t.sub()).cancelAtPeriodEnd).toBe(false);
    const bad = await t.browser.post<Err>("/customer/subscriptions/cancel", {
      subscriptionId: t.id,
      cancellationReason: "because",
    });
    expect(bad.status).toBe(400);
  });

  it("revoke ends now and voids pending orders", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 15, 12));
    t.processor.scriptCharges("decline");
    t.app.clock.set(new Date("2026-02-15T12:00:00.000Z"));
    await t.app.services.runDue();
    expect((await t.sub()).status).toBe("past_due");
    const revoked = await t.app.services.subscriptions.revoke(await t.sub());
    expect(revoked.status).toBe("canceled");
    expect(revoked.endedAt?.toISOString()).toBe("2026-02-15T12:00:00.000Z");
    expect((await t.ordersOf()).map((o) => o.status)).toEqual(["paid", "void"]);
    const types = t.app.events.map((e) => e.type);
    expect(types.slice(-4, -1)).toEqual([
      "subscription.updated",
      "subscription.canceled",
      "subscription.revoked",
    ]);
    t.app.clock.advance(3 * DAY);
    await t.app.services.runDue();
    expect(t.processor.charges).toHaveLength(1); // no dunning after revoke
  });
});

describe("dunning", () => {
  it("a failed renewal goes past_due, retries after 2 days and recovers", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 15, 12));
    t.processor.scriptCharges("decline");
    t.app.clock.set(new Date("2026-02-15T12:00:00.000Z"));
    await t.app.services.runDue();
    const s = await t.sub();
    expect(s.status).toBe("past_due");
    expect(s.pastDueAt?.toISOString()).toBe("2026-02-15T12:00:00.000Z");
    t.app.clock.advance(DAY);
    await t.app.services.runDue();
    expect(t.processor.charges).toHaveLength(1); // not before 2 days
    t.app.clock.advance(DAY);
    await t.app.services.runDue();
    expect(t.processor.charges).toHaveLength(2);
    const back = await t.sub();
    expect(back.status).toBe("active");
    expect(back.pastDueAt).toBeNull();
    expect((await t.ordersOf()).map((o) => o.status)).toEqual(["paid", "paid"]);
    expect(t.app.events.map((e) => e.type)).toContain("subscription.active");
  });

  it("five failed attempts (T0, +2d, +7d, +14d, +21d) end the subscription", async () => {
    const t = await subscribed(Date.UTC(2026, 0, 15, 12));
    t.processor.scriptCharges("decline", "decline", "decline", "decline", "insufficient");
    t.app.clock.set(new Date("2026-02-15T12:00:00.000Z"));
    await t.app.services.runDue();
    for (const days of [2, 5, 7, 7]) {
      expect((await t.sub()).status).toBe("past_due");
      t.app.clock.advance(days * DAY);
      await t.app.services.runDue();
    }
    expect(t.processor.charges).toHaveLength(5);
    const ended = await t.sub();
    expect(ended.status).toBe("canceled");
    expect(ended.endedAt?.toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect((await t.ordersOf()).map((o) => o.status)).toEqual(["paid", "void"]);
  });
});
