import { describe, expect, it } from "vitest";
import { PORTAL_ERROR_TEXT } from "../../../src/plugins/billing/portal-page/errors";
import type { SubscriptionRow } from "../../../src/plugins/billing/rows";
import { ok } from "../catalog/helpers";
import { portalShop } from "./setup";

type ErrorBody = { code: string; message: string };
type Sub = {
  id: string;
  status: string;
  productId: string;
  productName: string;
  cancelAtPeriodEnd: boolean;
  amount: number;
  customerCancellationReason: string | null;
  customerCancellationComment: string | null;
};
type Subs = {
  items: Sub[];
  plans: { productId: string; name: string; amount: number }[];
  allowCustomerUpdates: boolean;
};

describe("customer portal JSON actions (token in the path, no cookies)", () => {
  it("orders: the customer's orders newest first, paginated; the invoice has every number", async () => {
    const app = await portalShop();
    const { token } = await app.session();
    const page = await ok<{
      items: { id: string; totalAmount: number }[];
      pagination: { totalCount: number; maxPage: number };
    }>(app.anon.get(`${app.api(token)}/orders`, { query: { limit: "1" } }));
    expect(page.pagination).toEqual({ totalCount: 2, maxPage: 2 });
    expect(page.items.map((o) => o.id)).toEqual([app.purchase.id]);
    const second = await ok<{ items: { id: string }[] }>(
      app.anon.get(`${app.api(token)}/orders`, { query: { limit: "1", page: "2" } }),
    );
    expect(second.items.map((o) => o.id)).toEqual([app.subscriptionOrder.id]);

    const invoice = await ok<Record<string, unknown>>(
      app.anon.get(`${app.api(token)}/orders/${app.purchase.id}/invoice`),
    );
    expect(invoice).toMatchObject({
      orderId: app.purchase.id,
      invoiceNumber: app.purchase.invoiceNumber,
      status: "partially_refunded",
      currency: "usd",
      seller: { name: "Acme Tools", email: "billing@acme.test" },
      buyer: {
        name: "Ada Buyer",
        address: {
          country: "US",
          line1: "1 Main St",
          city: "Springfield",
          postalCode: "12345",
          state: "US-IL",
        },
      },
      items: [{ label: "E-book", amount: 2000, proration: false }],
      subtotalAmount: 2000,
      discount: { name: "Launch", code: "SAVE10" },
      discountAmount: 200,
      netAmount: 1800,
      taxAmount: 180,
      totalAmount: 1980,
      refundedAmount: 500,
      refundedTaxAmount: 50,
      balanceAmount: 1430,
    });
    expect(invoice.refunds).toMatchObject([
      { status: "succeeded", reason: "customer_request", amount: 500, taxAmount: 50 },
    ]);
    expect(String(invoice.invoiceNumber)).toMatch(/-0002$/);
  });

  it("subscriptions: listed with product names and the plans offered; cancel with a reason, then uncancel", async () => {
    const app = await portalShop();
    const { token } = await app.session();
    const subs = await ok<Subs>(app.anon.get(`${app.api(token)}/subscriptions`));
    expect(subs.items).toHaveLength(1);
    expect(subs.items[0]).toMatchObject({
      id: app.subscriptionId,
      productName: "Small",
      status: "active",
      amount: 1000,
    });
    expect(subs.plans.map((p) => [p.name, p.amount]).sort()).toEqual([
      ["Big", 3000],
      ["Small", 1000],
    ]);
    expect(subs.allowCustomerUpdates).toBe(true);

    const before = app.events.length;
    const canceled = await ok<Sub>(
      app.anon.post(`${app.api(token)}/subscriptions/cancel`, {
        subscriptionId: app.subscriptionId,
        cancellationReason: "too_expensive",
        cancellationComment: "  Budget cuts  ",
      }),
    );
    expect(canceled).toMatchObject({
      cancelAtPeriodEnd: true,
      status: "active",
      customerCancellationReason: "too_expensive",
      customerCancellationComment: "Budget cuts",
    });
    const row = (await app.billing.subscriptions.findById(app.subscriptionId)) as SubscriptionRow;
    expect(row.cancelAtPeriodEnd).toBe(true);
    expect(row.customerCancellationReason).toBe("too_expensive");
    expect(app.events.slice(before).map((e) => e.type)).toEqual(
      expect.arrayContaining(["subscription.updated", "subscription.canceled"]),
    );
    const again = await app.anon.post<ErrorBody>(`${app.api(token)}/subscriptions/cancel`, {
      subscriptionId: app.subscriptionId,
    });
    expect(again.status).toBe(403);
    expect(again.data.code).toBe("THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD");

    const mid = app.events.length;
    const resumed = await ok<Sub>(
      app.anon.post(`${app.api(token)}/subscriptions/uncancel`, { subscriptionId: app.subscriptionId }),
    );
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect((await app.billing.subscriptions.findById(app.subscriptionId))?.cancelAtPeriodEnd).toBe(false);
    expect(app.events.slice(mid).map((e) => e.type)).toEqual(
      expect.arrayContaining(["subscription.updated", "subscription.uncanceled"]),
    );
    const notSet = await app.anon.post<ErrorBody>(`${app.api(token)}/subscriptions/uncancel`, {
      subscriptionId: app.subscriptionId,
    });
    expect(notSet.status).toBe(400);
    expect(notSet.data.code).toBe("THIS_SUBSCRIPTION_IS_NOT_SET_TO_CANCEL");
  });

  it("change plan: the proration preview changes nothing; the change applies the previewed amounts", async () => {
    const app = await portalShop();
    // Half of the 31-day period (Jan 15 12:00 to Feb 15 12:00) is left on Jan 31 00:00.
    app.time.advance(Date.UTC(2026, 0, 31) - app.time.now().getTime());
    // A session made by the merchant's server (the buyer's own sign-in has lapsed by then).
    const { token } = await app.billing.portal.createSession({
      customerId: app.subscriptionOrder.customerId,
    });
    const preview = await ok<Record<string, unknown>>(
      app.anon.post(`${app.api(token)}/subscriptions/preview-change`, {
        subscriptionId: app.subscriptionId,
        productId: app.big,
      }),
    );
    expect(preview).toMatchObject({
      prorationBehavior: "prorate",
      creditAmount: 500,
      debitAmount: 1500,
      prorationAmount: 1000,
      dueNow: 0,
      newAmount: 3000,
      currency: "usd",
      items: [
        { label: "Remaining time on Small — From 2026-01-31 to 2026-02-15", amount: -500, proration: true },
        { label: "Big — From 2026-01-31 to 2026-02-15", amount: 1500, proration: true },
      ],
    });
    let row = (await app.billing.subscriptions.findById(app.subscriptionId)) as SubscriptionRow;
    expect(row.productId).toBe(app.small);

    const changed = await ok<Sub>(
      app.anon.post(`${app.api(token)}/subscriptions/change-plan`, {
        subscriptionId: app.subscriptionId,
        productId: app.big,
      }),
    );
    expect(changed).toMatchObject({ productId: app.big, amount: 3000 });
    row = (await app.billing.subscriptions.findById(app.subscriptionId)) as SubscriptionRow;
    expect(row.productId).toBe(app.big);
    expect(row.pendingItems?.map((i) => i.amount)).toEqual([-500, 1500]);
    const same = await app.anon.post<ErrorBody>(`${app.api(token)}/subscriptions/preview-change`, {
      subscriptionId: app.subscriptionId,
      productId: app.big,
    });
    expect(same.status).toBe(422);
    expect(same.data.code).toBe("THE_SUBSCRIPTION_IS_ALREADY_ON_THIS_PRODUCT");
  });

  it("allowCustomerUpdates: false refuses previews and changes with 403 and offers no plans", async () => {
    const app = await portalShop();
    await app.billing.organization.update({ subscriptionSettings: { allowCustomerUpdates: false } });
    const { token } = await app.session();
    const subs = await ok<Subs>(app.anon.get(`${app.api(token)}/subscriptions`));
    expect(subs.plans).toEqual([]);
    expect(subs.allowCustomerUpdates).toBe(false);
    for (const action of ["preview-change", "change-plan"]) {
      const res = await app.anon.post<ErrorBody>(`${app.api(token)}/subscriptions/${action}`, {
        subscriptionId: app.subscriptionId,
        productId: app.big,
      });
      expect(res.status).toBe(403);
      expect(res.data).toMatchObject({
        code: "SUBSCRIPTION_UPDATES_ARE_NOT_ALLOWED",
        message: "Subscription updates are not allowed.",
      });
    }
    expect((await app.billing.subscriptions.findById(app.subscriptionId))?.productId).toBe(app.small);
    const page = await app.anon.get<string>(`/customer-portal/${token}`);
    expect(page.data).not.toContain("Change plan");
    expect(page.data).toContain("Cancel subscription");
  });

  it("bad input is a 400 with a code the page turns into a sentence; nothing changes", async () => {
    const app = await portalShop();
    const { token } = await app.session();
    const res = await app.anon.post<ErrorBody>(`${app.api(token)}/subscriptions/cancel`, {
      subscriptionId: app.subscriptionId,
      cancellationReason: "because",
      cancellationComment: "x".repeat(1001),
    });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe("INVALID_BODY_PARAMETERS");
    expect(PORTAL_ERROR_TEXT[res.data.code]).toBe(
      "Some of the details are not valid. Please check the form and try again.",
    );
    expect((await app.billing.subscriptions.findById(app.subscriptionId))?.cancelAtPeriodEnd).toBe(false);
    // Every error code a portal action can answer has a sentence.
    for (const code of [
      "SUBSCRIPTION_UPDATES_ARE_NOT_ALLOWED",
      "THE_SUBSCRIPTION_IS_ALREADY_ON_THIS_PRODUCT",
      "THIS_SUBSCRIPTION_IS_NOT_SET_TO_CANCEL",
      "THE_PAYMENT_FAILED",
      "CUSTOMER_PORTAL_SESSION_HAS_EXPIRED",
    ])
      expect(PORTAL_ERROR_TEXT[code]).toMatch(/\.$/);
  });
});
