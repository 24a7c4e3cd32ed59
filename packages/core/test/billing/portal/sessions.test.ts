import { describe, expect, it } from "vitest";
import { hashPortalToken } from "../../../src/plugins/billing/portal/service";
import type { PortalSessionRow } from "../../../src/plugins/billing/rows";
import { ok, rejection } from "../catalog/helpers";
import { HOUR, portalShop, tokenOf } from "./setup";

type ErrorBody = { code: string; message: string };
type Overview = { customer: { id: string; email: string }; returnUrl: string | null; expiresAt: string };

describe("customer portal sessions", () => {
  it("POST and GET /customer/portal answer {url, redirect} for the buyer's customer; the token is stored hashed", async () => {
    const app = await portalShop();
    const posted = await ok<{ url: string; redirect: boolean }>(app.buyer.post("/customer/portal", {}));
    expect(posted.redirect).toBe(true);
    expect(posted.url).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/customer-portal\/gh_cst_[A-Za-z0-9]{48}$/,
    );
    const got = await ok<{ url: string; redirect: boolean }>(
      app.buyer.get("/customer/portal", { query: { redirect: "false" } }),
    );
    expect(got.redirect).toBe(false);
    expect(got.url).not.toBe(posted.url);

    const token = tokenOf(posted.url);
    const rows = await app.db.findMany<PortalSessionRow>({ model: "billingPortalSession" });
    expect(rows).toHaveLength(2);
    const hash = await hashPortalToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const mine = rows.find((r) => r.tokenHash === hash);
    expect(mine?.merchantId).toBe(app.merchant.id);
    expect(mine?.customerId).toBe(app.subscriptionOrder.customerId);
    // The raw token is nowhere in the stored rows.
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.every((r) => r.expiresAt.getTime() - r.createdAt.getTime() === HOUR)).toBe(true);

    // Usable with no cookie at all.
    const overview = await ok<Overview>(app.anon.get(`${app.api(token)}/overview`));
    expect(overview.customer.id).toBe(app.subscriptionOrder.customerId);
    expect(overview.returnUrl).toBeNull();
  });

  it("anonymous /customer/portal is 401; a signed-in user without a customer gets 404", async () => {
    const app = await portalShop();
    const res = await app.anon.post<ErrorBody>("/customer/portal", {});
    expect(res.status).toBe(401);
    const stranger = await app.signUp({ email: "nobody@example.com" });
    const none = await stranger.browser.post<ErrorBody>("/customer/portal", {});
    expect(none.status).toBe(404);
    expect(none.data).toMatchObject({ code: "CUSTOMER_NOT_FOUND", message: "Customer not found" });
    expect(await app.db.count({ model: "billingPortalSession" })).toBe(0);
  });

  it("expires after one hour: JSON 401, page 401; an unknown token is 404", async () => {
    const app = await portalShop();
    const { token } = await app.session();
    app.time.advance(HOUR - 1000);
    expect((await app.anon.get(`${app.api(token)}/overview`)).status).toBe(200);
    app.time.advance(1000);
    const expired = await app.anon.get<ErrorBody>(`${app.api(token)}/overview`);
    expect(expired.status).toBe(401);
    expect(expired.data).toMatchObject({
      code: "CUSTOMER_PORTAL_SESSION_HAS_EXPIRED",
      message: "Customer portal session has expired",
    });
    const page = await app.anon.get<string>(`/customer-portal/${token}`);
    expect(page.status).toBe(401);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.data).toContain("This link has expired");

    const unknown = `gh_cst_${"x".repeat(48)}`;
    const missing = await app.anon.get<ErrorBody>(`${app.api(unknown)}/overview`);
    expect(missing.status).toBe(404);
    expect(missing.data.code).toBe("CUSTOMER_PORTAL_SESSION_NOT_FOUND");
    const notToken = await app.anon.get<ErrorBody>(`${app.api("anything")}/orders`);
    expect(notToken.status).toBe(404);
    const missingPage = await app.anon.get<string>(`/customer-portal/${unknown}`);
    expect(missingPage.status).toBe(404);
    expect(missingPage.data).toContain("not valid");
  });

  it("sweep() deletes sessions expired for more than a day, and only those", async () => {
    const app = await portalShop();
    await app.session();
    app.time.advance(HOUR + 24 * HOUR + 1000);
    const { token } = await app.session();
    expect(await app.billing.portal.sweep()).toBe(1);
    expect(await app.db.count({ model: "billingPortalSession" })).toBe(1);
    expect((await app.anon.get(`${app.api(token)}/overview`)).status).toBe(200);
  });

  it("the expiry follows portal.expiresIn", async () => {
    const app = await portalShop({ portal: { expiresIn: 600 } });
    const { token } = await app.session();
    app.time.advance(600_000);
    expect((await app.anon.get(`${app.api(token)}/overview`)).status).toBe(401);
  });

  it("merchant: POST /billing/customer-sessions/create and billing.portal.createSession; returnUrl is checked", async () => {
    const app = await portalShop();
    const customerId = app.subscriptionOrder.customerId;
    const created = await ok<{
      token: string;
      customerPortalUrl: string;
      customerId: string;
      returnUrl: string;
      expiresAt: string;
    }>(app.shop.post("/billing/customer-sessions/create", { customerId, returnUrl: "/account" }));
    expect(created.customerId).toBe(customerId);
    expect(created.returnUrl).toBe("http://localhost:3000/account");
    expect(created.customerPortalUrl).toBe(`http://localhost:3000/api/auth/customer-portal/${created.token}`);
    expect(new Date(created.expiresAt).getTime()).toBe(app.time.now().getTime() + HOUR);
    const overview = await ok<Overview>(app.anon.get(`${app.api(created.token)}/overview`));
    expect(overview.returnUrl).toBe("http://localhost:3000/account");
    const page = await app.anon.get<string>(`/customer-portal/${created.token}`);
    expect(page.data).toContain('href="http://localhost:3000/account"');

    const bad = await app.shop.post<{ code: string; issues: { path: string[] }[] }>(
      "/billing/customer-sessions/create",
      { customerId, returnUrl: "https://evil.example.com/" },
    );
    expect(bad.status).toBe(400);
    expect(bad.data.code).toBe("INVALID_CHECKOUT_URL");
    expect(bad.data.issues[0]?.path).toEqual(["returnUrl"]);
    const js = await app.shop.post("/billing/customer-sessions/create", {
      customerId,
      returnUrl: "javascript:alert(1)",
    });
    expect(js.status).toBe(400);
    const unknown = await app.shop.post<ErrorBody>("/billing/customer-sessions/create", {
      customerId: "nope",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.data.code).toBe("CUSTOMER_NOT_FOUND");
    // Buyers cannot create sessions for customers.
    const buyer = await app.buyer.post("/billing/customer-sessions/create", { customerId });
    expect(buyer.status).toBe(403);

    const server = await app.billing.portal.createSession({ customerId });
    expect(server.token).toMatch(/^gh_cst_/);
    expect((await app.anon.get(`${app.api(server.token)}/overview`)).status).toBe(200);
    const failed = await rejection(app.billing.portal.createSession({ customerId: "" }));
    expect(failed.status).toBe(400);
    expect(await app.db.count({ model: "billingPortalSession" })).toBe(2);
  });

  it("server: auth.api.createCustomerPortalSession needs no HTTP session and is not routed", async () => {
    const app = await portalShop();
    const customerId = app.subscriptionOrder.customerId;
    const created = await app.auth.api.createCustomerPortalSession({
      body: { customerId, returnUrl: "/account" },
    });
    expect(created.customerId).toBe(customerId);
    expect(created.returnUrl).toBe("http://localhost:3000/account");
    const overview = await ok<Overview>(app.anon.get(`${app.api(created.token)}/overview`));
    expect(overview.customer.id).toBe(customerId);
    const bad = await rejection(
      app.auth.api.createCustomerPortalSession({
        body: { customerId, returnUrl: "https://evil.example.com/" },
      }),
    );
    expect(bad.status).toBe(400);
    const unknown = await rejection(
      app.auth.api.createCustomerPortalSession({ body: { customerId: "nope" } }),
    );
    expect(unknown).toMatchObject({ status: 404, body: { code: "CUSTOMER_NOT_FOUND" } });
    // Over HTTP the route does not exist, even for the merchant.
    const routed = await app.shop.post("/billing/customer-portal/sessions/create", { customerId });
    expect(routed.status).toBe(404);
  });

  it("a token only reaches its own customer: another customer's subscription and order are 404", async () => {
    const app = await portalShop();
    const other = await app.signUp({ email: "other@example.com" });
    const opened = await ok<{ url: string }>(other.browser.post("/checkout", { products: [app.ebook] }));
    await ok(
      other.browser.post(`/checkouts/client/${decodeURIComponent(opened.url.split("/").pop()!)}/confirm`, {
        customerBillingAddress: {
          country: "US",
          line1: "2 Side St",
          city: "Springfield",
          postalCode: "12345",
          state: "US-IL",
        },
        confirmationTokenId: "pm_card_visa",
      }),
    );
    const otherPortal = await ok<{ url: string }>(other.browser.post("/customer/portal", {}));
    const otherToken = tokenOf(otherPortal.url);
    const cancel = await app.anon.post<ErrorBody>(`${app.api(otherToken)}/subscriptions/cancel`, {
      subscriptionId: app.subscriptionId,
    });
    expect(cancel.status).toBe(404);
    expect(cancel.data.code).toBe("SUBSCRIPTION_NOT_FOUND");
    const invoice = await app.anon.get<ErrorBody>(`${app.api(otherToken)}/orders/${app.purchase.id}/invoice`);
    expect(invoice.status).toBe(404);
    expect(invoice.data.code).toBe("ORDER_NOT_FOUND");
    const invoicePage = await app.anon.get<string>(
      `/customer-portal/${otherToken}/invoices/${app.purchase.id}`,
    );
    expect(invoicePage.status).toBe(404);
    expect(invoicePage.data).toContain("Invoice not found");
    expect(invoicePage.data).not.toContain(app.purchase.invoiceNumber);
    const list = await ok<{ items: { id: string }[] }>(app.anon.get(`${app.api(otherToken)}/orders`));
    expect(list.items.map((o) => o.id)).not.toContain(app.purchase.id);
    expect(list.items).toHaveLength(1);
    const sub = await app.billing.subscriptions.findById(app.subscriptionId);
    expect(sub?.cancelAtPeriodEnd).toBe(false);
  });
});
