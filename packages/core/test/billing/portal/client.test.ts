import { describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { billingClient } from "../../../src/plugins/billing/client";
import { createTestFetch } from "../../../src/testing";
import { address, billingApp } from "../fixtures";

describe("billing client: customer.portal() and the merchant reads", () => {
  it("client.customer.portal() answers the portal URL; merchant read methods are declared", async () => {
    const app = await billingApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1200 } });
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [billingClient()],
      redirect: false,
      fetchOptions: { fetch: createTestFetch(app.auth).fetch },
    });
    await client.signUp.email({ name: "C", email: "portal-client@example.com", password: "password-123" });
    const created = await client.checkout({ products: [productId], redirect: false });
    const secret = decodeURIComponent(created.data!.url.split("/").pop()!);
    await client.$fetch(`/checkouts/client/${secret}/confirm`, {
      method: "POST",
      body: { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" },
    });
    const portal = await client.customer.portal();
    expect(portal.error).toBeNull();
    expect(portal.data).toMatchObject({ redirect: true });
    expect(portal.data?.url).toMatch(/^http:\/\/localhost:3000\/api\/auth\/customer-portal\/gh_cst_\w{48}$/);
    const page = await createTestFetch(app.auth).fetch(portal.data!.url);
    expect(page.status).toBe(200);

    expectTypeOf(client.billing.orders.list).toBeFunction();
    expectTypeOf(client.billing.orders.get).toBeFunction();
    expectTypeOf(client.billing.orders.invoice).toBeFunction();
    expectTypeOf(client.billing.checkouts.list).toBeFunction();
    expectTypeOf(client.billing.checkouts.get).toBeFunction();
    expectTypeOf(client.billing.customerSessions.create).toBeFunction();
    for (const fn of [
      client.billing.orders.list,
      client.billing.orders.get,
      client.billing.orders.invoice,
      client.billing.checkouts.list,
      client.billing.checkouts.get,
      client.billing.customerSessions.create,
    ])
      expect(typeof fn).toBe("function");
    // A signed-in buyer is not the merchant.
    const refused = await client.billing.orders.list({ query: {} });
    expect(refused.error).toMatchObject({ status: 403 });
  });
});
