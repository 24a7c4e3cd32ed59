import { describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient } from "../../src/client";
import { billingClient } from "../../src/plugins/billing/client";
import { createTestFetch } from "../../src/testing";
import { address, billingApp } from "./fixtures";

describe("billing client plugin (method names of @polar-sh/better-auth)", () => {
  it("checkout, customer.state, customer.orders.list through the real client", async () => {
    const app = await billingApp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1200 } });
    const fetch = createTestFetch(app.auth);
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [billingClient()],
      redirect: false,
      fetchOptions: { fetch: fetch.fetch },
    });
    await client.signUp.email({ name: "C", email: "client@example.com", password: "password-123" });
    const created = await client.checkout({ products: [productId], redirect: false });
    expect(created.error).toBeNull();
    expect(created.data?.url).toMatch(/\/api\/auth\/checkout\/gh_cs_/);
    expectTypeOf(client.customer.orders.list).toBeFunction();

    const secret = decodeURIComponent(created.data!.url.split("/").pop()!);
    const confirmed = await client.$fetch<{ status: string }>(`/checkouts/client/${secret}/confirm`, {
      method: "POST",
      body: { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" },
    });
    expect(confirmed.data?.status).toBe("succeeded");
    const state = await client.customer.state();
    expect(state.data).toMatchObject({ email: "client@example.com" });
    const orders = await client.customer.orders.list({ query: { page: 1, limit: 5 } });
    expect((orders.data as { items: unknown[] }).items).toHaveLength(1);
    const anon = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [billingClient()],
      fetchOptions: { fetch: createTestFetch(app.auth).fetch },
    });
    const refused = await anon.checkout({ products: [productId] });
    expect(refused.error).toMatchObject({ status: 401, message: "You must be logged in to checkout" });
  });
});
