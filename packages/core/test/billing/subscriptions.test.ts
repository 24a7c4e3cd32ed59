import { describe, expect, it } from "vitest";
import { nextPeriodEnd } from "../../src/plugins/billing/subscriptions/periods";
import { address, billingApp } from "./fixtures";

type Err = { message: string; code: string };
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
const card = { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" };

describe("period math", () => {
  it("anchors on the day of month without drift (31 -> Feb 28/29 -> Mar 31 -> Apr 30)", () => {
    const jan31 = new Date(Date.UTC(2026, 0, 31, 10, 30));
    const feb = nextPeriodEnd(jan31, 31, "month");
    expect(feb.toISOString()).toBe("2026-02-28T10:30:00.000Z");
    const mar = nextPeriodEnd(feb, 31, "month");
    expect(mar.toISOString()).toBe("2026-03-31T10:30:00.000Z");
    expect(nextPeriodEnd(mar, 31, "month").toISOString()).toBe("2026-04-30T10:30:00.000Z");
    expect(nextPeriodEnd(new Date(Date.UTC(2028, 0, 31)), 31, "month").toISOString()).toBe(
      "2028-02-29T00:00:00.000Z",
    );
    expect(nextPeriodEnd(new Date(Date.UTC(2028, 1, 29)), 29, "year").toISOString()).toBe(
      "2029-02-28T00:00:00.000Z",
    );
    expect(nextPeriodEnd(new Date(Date.UTC(2026, 11, 15)), 15, "month").toISOString()).toBe(
      "2027-01-15T00:00:00.000Z",
    );
  });
});

describe("recurring purchases", () => {
  it("create an active subscription with events, shown in customer state; a second one is 403", async () => {
    const app = await billingApp();
    const { browser, user } = await app.signUp({ email: "sub@example.com" });
    const { productId } = await app.product({
      name: "Pro monthly",
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1900 },
    });
    const secret = secretOf(
      (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
    );
    const got = await browser.get<Record<string, unknown>>(`/checkouts/client/${secret}`);
    expect(got.data).toMatchObject({ isPaymentSetupRequired: true, isPaymentFormRequired: true });
    const done = await browser.post<{ status: string; subscriptionId: string }>(
      `/checkouts/client/${secret}/confirm`,
      card,
    );
    expect(done.data.status).toBe("succeeded");
    expect(done.data.subscriptionId).toEqual(expect.any(String));
    const state = await browser.get<{ externalId: string; activeSubscriptions: Record<string, unknown>[] }>(
      "/customer/state",
    );
    expect(state.data.externalId).toBe(user.id);
    expect(state.data.activeSubscriptions).toHaveLength(1);
    expect(state.data.activeSubscriptions[0]).toMatchObject({
      status: "active",
      amount: 1900,
      currency: "usd",
      recurringInterval: "month",
      currentPeriodStart: "2026-01-15T12:00:00.000Z",
      currentPeriodEnd: "2026-02-15T12:00:00.000Z",
      cancelAtPeriodEnd: false,
    });
    const orders = await browser.get<{ items: { billingReason: string; subscriptionId: string }[] }>(
      "/customer/orders/list",
    );
    expect(orders.data.items[0]).toMatchObject({
      billingReason: "subscription_create",
      subscriptionId: done.data.subscriptionId,
    });
    const types = app.events.map((e) => e.type);
    const created = types.indexOf("subscription.created");
    expect(created).toBeGreaterThanOrEqual(0);
    expect(types.indexOf("subscription.active")).toBeGreaterThan(created);
    expect(types.indexOf("subscription.updated")).toBeGreaterThan(created);
    expect(types).toContain("customer.state_changed");

    const again = await browser.post<Err>("/checkout", { products: [productId] });
    expect(again.status).toBe(403);
    expect(again.data.message).toBe("You already have an active subscription.");
    const subs = await browser.get<{ items: unknown[]; pagination: { totalCount: number } }>(
      "/customer/subscriptions/list",
      {
        query: { active: "true" },
      },
    );
    expect(subs.data.pagination.totalCount).toBe(1);
  });

  it("allowMultipleSubscriptions lets a customer hold two", async () => {
    const app = await billingApp();
    await app.services.merchants.update(app.merchant.id, {
      subscriptionSettings: {
        allowMultipleSubscriptions: true,
        allowCustomerUpdates: true,
        prorationBehavior: "prorate",
      },
    });
    const { browser } = await app.signUp();
    const { productId } = await app.product({
      recurring: "year",
      price: { amountType: "fixed", priceAmount: 9900 },
    });
    for (let i = 0; i < 2; i++) {
      const secret = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
      );
      expect(
        (await browser.post<{ status: string }>(`/checkouts/client/${secret}/confirm`, card)).data.status,
      ).toBe("succeeded");
    }
    const state = await browser.get<{ activeSubscriptions: { currentPeriodEnd: string }[] }>(
      "/customer/state",
    );
    expect(state.data.activeSubscriptions).toHaveLength(2);
    expect(state.data.activeSubscriptions[0]!.currentPeriodEnd).toBe("2027-01-15T12:00:00.000Z");
    expect(app.events.filter((e) => e.type === "organization.updated")).toHaveLength(1);
  });
});

describe("discount redemptions under concurrency", () => {
  it("20 concurrent confirms of a discount with 5 uses left: exactly 5 redeem", async () => {
    const app = await billingApp();
    const { browser } = await app.signUp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const discountId = await app.discount({
      code: "FIVE",
      type: "percentage",
      basisPoints: 1000,
      maxRedemptions: 5,
    });
    const secrets: string[] = [];
    for (let i = 0; i < 20; i++) {
      const s = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
      );
      await browser.request(`/checkouts/client/${s}`, { method: "PATCH", body: { discountCode: "FIVE" } });
      secrets.push(s);
    }
    const results = await Promise.all(
      secrets.map((s) => browser.post<Err>(`/checkouts/client/${s}/confirm`, card)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.data.message).toBe("Discount is no longer redeemable.");
    const row = await app.db.findOne<{ redemptionsCount: number }>({
      model: "billingDiscount",
      where: [{ field: "id", value: discountId }],
    });
    expect(row?.redemptionsCount).toBe(5);
    expect(await app.db.count({ model: "billingOrder" })).toBe(5);
  });

  it("a declined payment releases the discount use", async () => {
    const app = await billingApp();
    const { browser } = await app.signUp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const discountId = await app.discount({
      code: "ONE",
      type: "fixed",
      amount: 100,
      currency: "usd",
      maxRedemptions: 1,
    });
    const s = secretOf(
      (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
    );
    await browser.request(`/checkouts/client/${s}`, { method: "PATCH", body: { discountCode: "ONE" } });
    const declined = await browser.post(`/checkouts/client/${s}/confirm`, {
      ...card,
      confirmationTokenId: "pm_card_chargeDeclined",
    });
    expect(declined.status).toBe(400);
    const count = async () =>
      (
        await app.db.findOne<{ redemptionsCount: number }>({
          model: "billingDiscount",
          where: [{ field: "id", value: discountId }],
        })
      )?.redemptionsCount;
    expect(await count()).toBe(0);
    expect(await app.db.count({ model: "billingDiscountRedemption" })).toBe(0);
    expect((await browser.post<{ status: string }>(`/checkouts/client/${s}/confirm`, card)).data.status).toBe(
      "succeeded",
    );
    expect(await count()).toBe(1);
  });
});

describe("customers", () => {
  it("createCustomerOnSignUp creates a customer linked by externalId and emits customer.created", async () => {
    const app = await billingApp({
      createCustomerOnSignUp: true,
      getCustomerCreateParams: () => ({ metadata: { source: "signup" } }),
    });
    const { browser, user } = await app.signUp({ email: "New@Example.com" });
    const state = await browser.get<{
      email: string;
      externalId: string;
      metadata: Record<string, string>;
      activeSubscriptions: unknown[];
    }>("/customer/state");
    expect(state.data).toMatchObject({
      email: "new@example.com",
      externalId: user.id,
      metadata: { source: "signup" },
      activeSubscriptions: [],
    });
    expect(app.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["customer.created", "customer.state_changed"]),
    );
  });

  it("without a customer, /customer/state is 404 and list endpoints are empty", async () => {
    const app = await billingApp();
    const { browser } = await app.signUp();
    expect((await browser.get("/customer/state")).status).toBe(404);
    expect((await browser.get<{ items: unknown[] }>("/customer/orders/list")).data.items).toEqual([]);
    expect((await browser.get<{ items: unknown[] }>("/customer/benefits/list")).data.items).toEqual([]);
  });
});
