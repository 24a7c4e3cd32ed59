import { describe, expect, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { billingClient } from "../../../src/plugins/billing/client";
import { createTestFetch } from "../../../src/testing";
import { orgShop } from "./helpers";

describe("merchant-side calls through the browser client", () => {
  it("client.billing.<area>.<verb> maps to the /billing routes with typed bodies and queries", async () => {
    const app = await orgShop();
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [billingClient()],
      fetchOptions: { fetch: createTestFetch(app.auth).fetch },
    });
    const signedIn = await client.signUp.email({
      name: "Owner",
      email: "owner-client@example.com",
      password: "password-123",
    });
    expect(signedIn.error).toBeNull();
    const org = await client.$fetch<{ id: string }>("/organization/create", {
      method: "POST",
      body: { name: "Client Co", slug: "client-co" },
    });
    const created = await client.billing.products.create({
      name: "Client plan",
      prices: [{ amountType: "fixed", priceAmount: 4200 }],
    });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ name: "Client plan", organizationId: org.data!.id });
    const listed = await client.billing.products.list({ query: { limit: 5, query: "client" } });
    expect(listed.data?.pagination).toEqual({ totalCount: 1, maxPage: 1 });
    const refused = await client.billing.discounts.create({
      name: "Bad",
      type: "percentage",
      basisPoints: 0,
      duration: "once",
    });
    expect(refused.error).toMatchObject({ status: 400, message: "Invalid body parameters" });
  });
});
