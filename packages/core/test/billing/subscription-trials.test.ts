import { describe, expect, it } from "vitest";
import type { ConfirmInput } from "../../src/plugins/billing/processors/processor";
import { testProcessor } from "../../src/plugins/billing/processors/test-processor";
import { addTrial } from "../../src/plugins/billing/subscriptions/trials";
import { adminShop } from "./catalog/helpers";
import { address, billingApp, clock } from "./fixtures";

type Err = { message: string; code: string; issues?: { path: string[]; message: string }[] };
type Checkout = Record<string, unknown> & { id: string; url: string; status: string; subscriptionId: string };
type Order = {
  id: string;
  status: string;
  billingReason: string;
  totalAmount: number;
  subtotalAmount: number;
};
const DAY = 86_400_000;
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/**
 * A shop on the memory store at 31 Jan 2026 10:30 UTC, with the test processor (every checkout
 * confirm recorded) and a signed-in buyer. Products are created through the product service, so
 * the trial options go through the same validation as the merchant API.
 */
async function trialShop(start = Date.UTC(2026, 0, 31, 10, 30)) {
  const processor = testProcessor();
  const confirms: ConfirmInput[] = [];
  const confirm = processor.confirm.bind(processor);
  processor.confirm = (input) => {
    confirms.push(input);
    return confirm(input);
  };
  const app = await billingApp({ processor }, clock(start));
  const { browser } = await app.signUp({ email: "buyer@example.com" });
  const product = async (trial: Record<string, unknown> = {}, price = 1900) =>
    (
      await app.services.products.create({
        name: "Pro",
        recurringInterval: "month",
        prices: [{ amountType: "fixed", priceAmount: price }],
        ...trial,
      })
    ).id;
  const open = async (productId: string, body: Record<string, unknown> = {}) => {
    const res = await browser.post<{ url: string }>("/checkout", { products: [productId], ...body });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return secretOf(res.data.url);
  };
  const view = async (secret: string) => (await browser.get<Checkout>(`/checkouts/client/${secret}`)).data;
  const pay = (secret: string, token = "pm_card_visa") =>
    browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: token,
    });
  /** Opens and confirms a checkout; the subscription id. */
  const subscribe = async (productId: string, body: Record<string, unknown> = {}) => {
    const done = await pay(await open(productId, body));
    expect(done.status, JSON.stringify(done.data)).toBe(200);
    return done.data.subscriptionId;
  };
  const sub = async (id: string) => (await app.services.subscriptions.findById(id))!;
  const ordersOf = async (id: string) =>
    (await app.db.findMany<Order>({
      model: "billingOrder",
      where: [{ field: "subscriptionId", value: id }],
      sortBy: { field: "createdAt", direction: "asc" },
    })) ?? [];
  const itemsOf = async (orderId: string) =>
    (
      (await app.db.findMany<{ label: string; amount: number }>({
        model: "billingOrderItem",
        where: [{ field: "orderId", value: orderId }],
      })) ?? []
    ).map((i) => [i.label, i.amount]);
  /** Event types emitted from now on (checkout.* left out), read by `since()`. */
  const mark = () => {
    const from = app.events.length;
    return () =>
      app.events
        .slice(from)
        .map((e) => e.type)
        .filter((t) => !t.startsWith("checkout.") && !t.startsWith("customer.created"));
  };
  return {
    app,
    processor,
    confirms,
    browser,
    product,
    open,
    view,
    pay,
    subscribe,
    sub,
    ordersOf,
    itemsOf,
    mark,
  };
}

describe("trial arithmetic (UTC calendar)", () => {
  it("days and weeks are exact days; months and years keep the day, clamped", () => {
    const from = new Date("2026-01-31T10:30:00.000Z");
    expect(iso(addTrial(from, "day", 3))).toBe("2026-02-03T10:30:00.000Z");
    expect(iso(addTrial(from, "week", 2))).toBe("2026-02-14T10:30:00.000Z");
    expect(iso(addTrial(from, "month", 1))).toBe("2026-02-28T10:30:00.000Z");
    expect(iso(addTrial(from, "month", 3))).toBe("2026-04-30T10:30:00.000Z");
    const leap = new Date("2028-02-29T09:00:00.000Z");
    expect(iso(addTrial(leap, "year", 1))).toBe("2029-02-28T09:00:00.000Z");
    expect(iso(addTrial(leap, "year", 4))).toBe("2032-02-29T09:00:00.000Z");
    expect(iso(addTrial(from, "day", 1000))).toBe("2028-10-27T10:30:00.000Z");
  });
});

describe("a checkout with a trial", () => {
  it("saves the card without charging: trialing subscription, $0 paid order, no subscription.active", async () => {
    const t = await trialShop();
    const productId = await t.product({ trialInterval: "week", trialIntervalCount: 2 });
    const product = await t.app.services.products.get({ id: productId });
    expect(product).toMatchObject({ trialInterval: "week", trialIntervalCount: 2 });
    const secret = await t.open(productId);
    expect(await t.view(secret)).toMatchObject({
      amount: 1900,
      totalAmount: 1900,
      allowTrial: true,
      trialInterval: null,
      trialIntervalCount: null,
      activeTrialInterval: "week",
      activeTrialIntervalCount: 2,
      trialEnd: "2026-02-14T10:30:00.000Z",
      isPaymentRequired: false,
      isPaymentSetupRequired: true,
      isPaymentFormRequired: true,
    });
    const page = await t.browser.get<string>(`/checkout/${secret}`);
    expect(page.data).toContain("Nothing to pay today; the first charge is on 2026-02-14");
    expect(page.data).toContain('<button type="submit" id="pay">Subscribe</button>');
    const since = t.mark();
    const done = await t.pay(secret);
    expect(done.status).toBe(200);
    expect(done.data.status).toBe("succeeded");
    // Card setup only: a setup of 0 saved for renewals, no charge.
    expect(t.confirms.map((c) => [c.mode, c.amount, c.setupFutureUsage])).toEqual([["setup", 0, true]]);
    expect(t.processor.charges).toEqual([]);

    const s = await t.sub(done.data.subscriptionId);
    expect(s.status).toBe("trialing");
    expect(s.paymentMethodId).toBe("tpm_visa");
    expect(s.amount).toBe(1900);
    expect([iso(s.trialStart), iso(s.trialEnd), iso(s.currentPeriodStart), iso(s.currentPeriodEnd)]).toEqual([
      "2026-01-31T10:30:00.000Z",
      "2026-02-14T10:30:00.000Z",
      "2026-01-31T10:30:00.000Z",
      "2026-02-14T10:30:00.000Z",
    ]);
    const orders = await t.ordersOf(s.id);
    expect(orders.map((o) => [o.billingReason, o.status, o.subtotalAmount, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 0, 0],
    ]);
    expect(await t.itemsOf(orders[0]!.id)).toEqual([["Trial period for Pro (2026-01-31 - 2026-02-14)", 0]]);
    // After the buyer's customer is set up (customer.* events), the subscription's.
    const types = since();
    expect(types).not.toContain("subscription.active");
    expect(types.slice(types.indexOf("subscription.created"))).toEqual([
      "subscription.created",
      "subscription.updated",
      "customer.state_changed",
      "order.created",
      "order.updated",
      "order.paid",
    ]);
    const created = t.app.events.find((e) => e.type === "subscription.created")!;
    expect(created.data).toMatchObject({
      status: "trialing",
      trialStart: new Date("2026-01-31T10:30:00.000Z"),
      trialEnd: new Date("2026-02-14T10:30:00.000Z"),
    });
    // Customer state counts the trial as an active subscription.
    const state = await t.browser.get<{ activeSubscriptions: Record<string, unknown>[] }>("/customer/state");
    expect(state.data.activeSubscriptions).toHaveLength(1);
    expect(state.data.activeSubscriptions[0]).toMatchObject({
      id: s.id,
      status: "trialing",
      trialStart: "2026-01-31T10:30:00.000Z",
      trialEnd: "2026-02-14T10:30:00.000Z",
    });
    // allowMultipleSubscriptions is off by default: a trialing subscription is billable.
    const again = await t.browser.post<Err>("/checkout", { products: [productId] });
    expect(again.status).toBe(403);
    expect(again.data.message).toBe("You already have an active subscription.");
  });

  it("converts at the trial end: the first full charge off-session, periods anchored on the trial end day", async () => {
    const t = await trialShop();
    const id = await t.subscribe(await t.product({ trialInterval: "month", trialIntervalCount: 1 }));
    expect(iso((await t.sub(id)).trialEnd)).toBe("2026-02-28T10:30:00.000Z");
    t.app.clock.set(new Date("2026-02-28T10:29:59.999Z"));
    await t.app.services.runDue();
    expect((await t.sub(id)).status).toBe("trialing");
    expect(t.processor.charges).toEqual([]);

    t.app.clock.set(new Date("2026-02-28T10:30:00.000Z"));
    const since = t.mark();
    const run = await t.app.services.runDue();
    expect(run.subscriptions).toMatchObject({ renewed: 1, charges: { paid: 1 } });
    let s = await t.sub(id);
    expect(s.status).toBe("active");
    expect(s.anchorDay).toBe(28);
    expect([iso(s.currentPeriodStart), iso(s.currentPeriodEnd)]).toEqual([
      "2026-02-28T10:30:00.000Z",
      "2026-03-28T10:30:00.000Z",
    ]);
    // The trial stays on record.
    expect(iso(s.trialEnd)).toBe("2026-02-28T10:30:00.000Z");
    expect(t.processor.charges.map((c) => [c.amount, c.currency])).toEqual([[1900, "usd"]]);
    expect(since()).toEqual([
      "subscription.updated",
      "subscription.active",
      "customer.state_changed",
      "order.created",
      "order.updated",
      "order.paid",
    ]);
    const active = t.app.events.filter((e) => e.type === "subscription.active").pop()!;
    expect(active.data).toMatchObject({ id, status: "active" });

    t.app.clock.set(new Date("2026-03-28T10:30:00.000Z"));
    await t.app.services.runDue();
    s = await t.sub(id);
    expect(iso(s.currentPeriodEnd)).toBe("2026-04-28T10:30:00.000Z");
    const orders = await t.ordersOf(id);
    expect(orders.map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 0],
      ["subscription_cycle", "paid", 1900],
      ["subscription_cycle", "paid", 1900],
    ]);
    expect(await t.itemsOf(orders[1]!.id)).toEqual([["Pro — From 2026-02-28 to 2026-03-28", 1900]]);
    expect(t.processor.charges.map((c) => c.amount)).toEqual([1900, 1900]);
    // subscription.active once: at the conversion, not at the next renewal.
    expect(t.app.events.filter((e) => e.type === "subscription.active")).toHaveLength(1);
  });

  it("a once discount applies to the first paid period after the trial, not to the trial", async () => {
    const t = await trialShop();
    const productId = await t.product({ trialInterval: "day", trialIntervalCount: 7 });
    const discountId = await t.app.discount({ type: "percentage", basisPoints: 5000, duration: "once" });
    const id = await t.subscribe(productId, { discountId });
    expect((await t.ordersOf(id)).map((o) => o.totalAmount)).toEqual([0]);
    t.app.clock.set(new Date("2026-02-07T10:30:00.000Z"));
    await t.app.services.runDue();
    t.app.clock.set(new Date("2026-03-07T10:30:00.000Z"));
    await t.app.services.runDue();
    expect(t.processor.charges.map((c) => c.amount)).toEqual([950, 1900]);
    expect((await t.sub(id)).discountId).toBeNull();
  });

  it("the merchant's checkout overrides the product's trial, or adds one", async () => {
    const t = await trialShop();
    const withTrial = await t.product({ trialInterval: "week", trialIntervalCount: 2 });
    const created = await t.app.services.checkouts.create({
      products: [withTrial],
      customerEmail: "buyer@example.com",
      trialInterval: "day",
      trialIntervalCount: 3,
    });
    expect(created).toMatchObject({
      trialInterval: "day",
      trialIntervalCount: 3,
      activeTrialInterval: "day",
      activeTrialIntervalCount: 3,
      trialEnd: new Date("2026-02-03T10:30:00.000Z"),
      isPaymentRequired: false,
    });
    const done = await t.pay(secretOf(created.url));
    const s = await t.sub(done.data.subscriptionId);
    expect([s.status, iso(s.trialEnd), iso(s.currentPeriodEnd)]).toEqual([
      "trialing",
      "2026-02-03T10:30:00.000Z",
      "2026-02-03T10:30:00.000Z",
    ]);

    const plain = await t.product();
    const added = await t.app.services.checkouts.create({
      products: [plain],
      customerEmail: "other@example.com",
      trialInterval: "year",
      trialIntervalCount: 1,
    });
    expect(added).toMatchObject({
      trialEnd: new Date("2027-01-31T10:30:00.000Z"),
      activeTrialInterval: "year",
    });
    const none = await t.app.services.checkouts.create({ products: [plain], customerEmail: "x@example.com" });
    expect(none).toMatchObject({ trialEnd: null, activeTrialInterval: null, isPaymentRequired: true });
  });

  it("allowTrial: false buys without a trial: charged now, active, subscription.active", async () => {
    const t = await trialShop();
    const productId = await t.product({ trialInterval: "week", trialIntervalCount: 2 });
    const secret = await t.open(productId, { allowTrial: false });
    expect(await t.view(secret)).toMatchObject({
      allowTrial: false,
      trialEnd: null,
      activeTrialInterval: null,
      isPaymentRequired: true,
    });
    const since = t.mark();
    const done = await t.pay(secret);
    expect(t.confirms.map((c) => [c.mode, c.amount])).toEqual([["payment", 1900]]);
    const s = await t.sub(done.data.subscriptionId);
    expect([s.status, s.trialStart, s.trialEnd, iso(s.currentPeriodEnd)]).toEqual([
      "active",
      null,
      null,
      "2026-02-28T10:30:00.000Z",
    ]);
    expect((await t.ordersOf(s.id)).map((o) => [o.billingReason, o.totalAmount])).toEqual([
      ["subscription_create", 1900],
    ]);
    const types = since();
    expect(types.slice(types.indexOf("subscription.created"), -3)).toEqual([
      "subscription.created",
      "subscription.active",
      "subscription.updated",
      "customer.state_changed",
    ]);
  });

  it("a buyer may shorten the product's trial but not lengthen or invent one", async () => {
    const t = await trialShop();
    const productId = await t.product({ trialInterval: "week", trialIntervalCount: 2 });
    const shorter = await t.open(productId, { trialInterval: "day", trialIntervalCount: 10 });
    expect((await t.view(shorter)).trialEnd).toBe("2026-02-10T10:30:00.000Z");
    const equal = await t.open(productId, { trialInterval: "day", trialIntervalCount: 14 });
    expect((await t.view(equal)).trialEnd).toBe("2026-02-14T10:30:00.000Z");
    const before = await t.app.db.count({ model: "billingCheckout" });
    for (const body of [
      { trialInterval: "day", trialIntervalCount: 15 },
      { trialInterval: "month", trialIntervalCount: 1 },
    ]) {
      const res = await t.browser.post<Err>("/checkout", { products: [productId], ...body });
      expect(res.status).toBe(403);
      expect(res.data.message).toBe("This trial is longer than the product's trial.");
    }
    const plain = await t.product();
    const invented = await t.browser.post<Err>("/checkout", {
      products: [plain],
      trialInterval: "day",
      trialIntervalCount: 1,
    });
    expect(invented.status).toBe(403);
    expect(await t.app.db.count({ model: "billingCheckout" })).toBe(before);
  });
});

describe("ending a trial early", () => {
  it("cancel during a trial ends at the trial end: no charge, no order", async () => {
    const t = await trialShop();
    const id = await t.subscribe(await t.product({ trialInterval: "week", trialIntervalCount: 2 }));
    t.app.clock.set(new Date("2026-02-05T08:00:00.000Z"));
    const canceled = await t.browser.post<Record<string, unknown>>("/customer/subscriptions/cancel", {
      subscriptionId: id,
      cancellationReason: "too_expensive",
    });
    expect(canceled.status).toBe(200);
    expect(canceled.data).toMatchObject({
      status: "trialing",
      cancelAtPeriodEnd: true,
      canceledAt: "2026-02-05T08:00:00.000Z",
      endsAt: "2026-02-14T10:30:00.000Z",
    });
    t.app.clock.set(new Date("2026-02-14T10:30:00.000Z"));
    const since = t.mark();
    const run = await t.app.services.runDue();
    expect(run.subscriptions).toMatchObject({ renewed: 0, ended: 1 });
    const s = await t.sub(id);
    expect([s.status, iso(s.endedAt), iso(s.endsAt)]).toEqual([
      "canceled",
      "2026-02-14T10:30:00.000Z",
      "2026-02-14T10:30:00.000Z",
    ]);
    expect(t.processor.charges).toEqual([]);
    expect((await t.ordersOf(id)).map((o) => [o.billingReason, o.totalAmount])).toEqual([
      ["subscription_create", 0],
    ]);
    expect(since()).toEqual([
      "subscription.updated",
      "subscription.canceled",
      "subscription.revoked",
      "customer.state_changed",
    ]);
  });

  it("revoke during a trial ends it now; nothing is charged later", async () => {
    const t = await trialShop();
    const id = await t.subscribe(await t.product({ trialInterval: "week", trialIntervalCount: 2 }));
    t.app.clock.set(new Date("2026-02-03T00:00:00.000Z"));
    const since = t.mark();
    const revoked = await t.app.services.subscriptions.revoke(await t.sub(id));
    expect([revoked.status, iso(revoked.endedAt), iso(revoked.endsAt)]).toEqual([
      "canceled",
      "2026-02-03T00:00:00.000Z",
      "2026-02-03T00:00:00.000Z",
    ]);
    expect(since()).toEqual([
      "subscription.updated",
      "subscription.canceled",
      "subscription.revoked",
      "customer.state_changed",
    ]);
    t.app.clock.set(new Date("2026-02-20T00:00:00.000Z"));
    await t.app.services.runDue();
    expect(t.processor.charges).toEqual([]);
    expect((await t.ordersOf(id)).map((o) => o.totalAmount)).toEqual([0]);
  });

  it("a declined first charge after the trial goes past_due, then recovers through dunning", async () => {
    const t = await trialShop();
    const id = await t.subscribe(await t.product({ trialInterval: "week", trialIntervalCount: 2 }));
    t.processor.scriptCharges("decline");
    t.app.clock.set(new Date("2026-02-14T10:30:00.000Z"));
    await t.app.services.runDue();
    let s = await t.sub(id);
    expect(s.status).toBe("past_due");
    expect(iso(s.pastDueAt)).toBe("2026-02-14T10:30:00.000Z");
    expect((await t.ordersOf(id)).map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
      ["subscription_create", "paid", 0],
      ["subscription_cycle", "pending", 1900],
    ]);
    t.app.clock.advance(2 * DAY);
    await t.app.services.runDue();
    s = await t.sub(id);
    expect(s.status).toBe("active");
    expect(t.processor.charges.map((c) => c.amount)).toEqual([1900, 1900]);
    expect((await t.ordersOf(id)).map((o) => o.status)).toEqual(["paid", "paid"]);
  });
});

describe("plan change during a trial", () => {
  it("swaps the plan without proration or charge; the trial end bills the new plan", async () => {
    const t = await trialShop();
    const id = await t.subscribe(await t.product({ trialInterval: "week", trialIntervalCount: 2 }));
    const bigger = await t.product({}, 4900);
    const yearly = (
      await t.app.services.products.create({
        name: "Pro yearly",
        recurringInterval: "year",
        prices: [{ amountType: "fixed", priceAmount: 19000 }],
      })
    ).id;
    t.app.clock.set(new Date("2026-02-07T10:30:00.000Z"));
    const preview = await t.app.services.subscriptions.previewChange(await t.sub(id), bigger, "invoice");
    expect(preview).toMatchObject({ creditAmount: 0, debitAmount: 0, dueNow: 0, newAmount: 4900, items: [] });
    for (const productId of [bigger, yearly]) {
      const changed = await t.app.services.subscriptions.applyUpdate(await t.sub(id), {
        productId,
        prorationBehavior: "invoice",
      });
      expect(changed.status).toBe("trialing");
    }
    let s = await t.sub(id);
    expect([s.productId, s.amount, s.recurringInterval, s.pendingItems ?? []]).toEqual([
      yearly,
      19000,
      "year",
      [],
    ]);
    expect([iso(s.trialEnd), iso(s.currentPeriodEnd)]).toEqual([
      "2026-02-14T10:30:00.000Z",
      "2026-02-14T10:30:00.000Z",
    ]);
    expect(t.processor.charges).toEqual([]);
    expect((await t.ordersOf(id)).map((o) => o.totalAmount)).toEqual([0]);

    t.app.clock.set(new Date("2026-02-14T10:30:00.000Z"));
    await t.app.services.runDue();
    s = await t.sub(id);
    expect([s.status, iso(s.currentPeriodEnd)]).toEqual(["active", "2027-02-14T10:30:00.000Z"]);
    expect(t.processor.charges.map((c) => c.amount)).toEqual([19000]);
  });
});

describe("bad trial input", () => {
  const body = {
    name: "Pro",
    recurringInterval: "month",
    prices: [{ amountType: "fixed", priceAmount: 1900 }],
  };

  it("product create/update: 400 with the failing field; nothing written", async () => {
    const t = await trialShop();
    const cases: [Record<string, unknown>, string][] = [
      [
        { trialInterval: "day", trialIntervalCount: 0 },
        "Trial interval count must be a whole number from 1 to 1000.",
      ],
      [
        { trialInterval: "day", trialIntervalCount: 1001 },
        "Trial interval count must be a whole number from 1 to 1000.",
      ],
      [
        { trialInterval: "day", trialIntervalCount: 1.5 },
        "Trial interval count must be a whole number from 1 to 1000.",
      ],
      [{ trialIntervalCount: 3 }, "trialIntervalCount needs a trialInterval (day, week, month or year)."],
      [{ trialInterval: "week" }, "trialInterval needs a trialIntervalCount (1 to 1000)."],
      [
        { trialInterval: "fortnight", trialIntervalCount: 1 },
        "Trial interval must be one of day, week, month or year.",
      ],
      [
        { recurringInterval: null, trialInterval: "day", trialIntervalCount: 3 },
        "A trial can only be set on a recurring product.",
      ],
    ];
    for (const [trial, message] of cases) {
      const error = await t.app.services.products
        .create({ ...body, ...trial } as never)
        .catch((e: unknown) => e);
      expect(error, message).toMatchObject({ statusCode: 400, body: { message: "Invalid body parameters" } });
      const issues = (error as { body: { issues: { message: string }[] } }).body.issues;
      expect(issues.map((i) => i.message)).toEqual([message]);
    }
    expect(await t.app.db.count({ model: "billingProduct" })).toBe(0);

    const id = await t.product();
    const set = await t.app.services.products.update({ id, trialInterval: "month", trialIntervalCount: 2 });
    expect(set).toMatchObject({ trialInterval: "month", trialIntervalCount: 2 });
    const updated = t.app.events.filter((e) => e.type === "product.updated").pop()!;
    expect(updated.data).toMatchObject({ trialInterval: "month", trialIntervalCount: 2 });
    const cleared = await t.app.services.products.update({
      id,
      trialInterval: null,
      trialIntervalCount: null,
    });
    expect(cleared).toMatchObject({ trialInterval: null, trialIntervalCount: null });
    await expect(t.app.services.products.update({ id, trialIntervalCount: 2 })).rejects.toMatchObject({
      statusCode: 400,
    });
    const oneTime = (
      await t.app.services.products.create({
        name: "E-book",
        prices: [{ amountType: "fixed", priceAmount: 500 }],
      })
    ).id;
    await expect(
      t.app.services.products.update({ id: oneTime, trialInterval: "day", trialIntervalCount: 3 }),
    ).rejects.toMatchObject({
      statusCode: 422,
      body: { message: "A trial can only be set on a recurring product." },
    });
    expect((await t.app.services.products.get({ id: oneTime })).trialInterval).toBeNull();
  });

  it("merchant API: POST /billing/products/create and /update carry the trial; bad input is 400", async () => {
    const shop = await adminShop();
    const created = await shop.shop.post<Record<string, unknown> & { id: string }>(
      "/billing/products/create",
      {
        ...body,
        trialInterval: "month",
        trialIntervalCount: 1,
      },
    );
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ trialInterval: "month", trialIntervalCount: 1 });
    const updated = await shop.shop.post<Record<string, unknown>>("/billing/products/update", {
      id: created.data.id,
      trialInterval: "day",
      trialIntervalCount: 30,
    });
    expect(updated.data).toMatchObject({ trialInterval: "day", trialIntervalCount: 30 });
    const bad = await shop.shop.post<Err>("/billing/products/create", { ...body, trialIntervalCount: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe("Invalid body parameters");
    expect(JSON.stringify(bad.data)).toContain(
      "trialIntervalCount needs a trialInterval (day, week, month or year).",
    );
    expect(await shop.db.count({ model: "billingProduct" })).toBe(1);
  });

  it("checkout create (server API and buyer endpoint): 400 with the failing field; nothing written", async () => {
    const t = await trialShop();
    const productId = await t.product({ trialInterval: "week", trialIntervalCount: 2 });
    const error = await t.app.services.checkouts
      .create({ products: [productId], trialInterval: "day", trialIntervalCount: 1001 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 400,
      body: {
        message: "Invalid body parameters",
        issues: [
          {
            path: ["trialIntervalCount"],
            message: "Trial interval count must be a whole number from 1 to 1000.",
          },
        ],
      },
    });
    for (const [extra, message] of [
      [{ trialIntervalCount: 5 }, "trialIntervalCount needs a trialInterval (day, week, month or year)."],
      [
        { trialInterval: "day", trialIntervalCount: 0 },
        "Trial interval count must be a whole number from 1 to 1000.",
      ],
    ] as const) {
      const res = await t.browser.post<Err>("/checkout", { products: [productId], ...extra });
      expect(res.status, message).toBe(400);
      expect(res.data.message).toBe("Invalid body parameters");
      expect(JSON.stringify(res.data)).toContain(message);
    }
    expect(await t.app.db.count({ model: "billingCheckout" })).toBe(0);
  });
});
