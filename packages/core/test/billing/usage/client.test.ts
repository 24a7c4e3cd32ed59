import { describe, expect, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { billingClient } from "../../../src/plugins/billing/client";
import { createTestFetch } from "../../../src/testing";
import { billingApp } from "../fixtures";

describe("usage through the client (method names of @polar-sh/better-auth)", () => {
  it("usage.ingest and usage.meters.list for the signed-in user's customer", async () => {
    const app = await billingApp({ createCustomerOnSignUp: true });
    const meter = await app.services.meters.create({
      name: "Tokens",
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.call" }] },
      aggregation: { func: "sum", property: "tokens" },
    });
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [billingClient()],
      fetchOptions: { fetch: createTestFetch(app.auth).fetch },
    });
    await client.signUp.email({ name: "U", email: "usage@example.com", password: "password-123" });
    const ingested = await client.usage.ingest({ event: "api.call", metadata: { tokens: 3 } });
    expect(ingested.data).toEqual({ inserted: 1, duplicates: 0 });
    await client.usage.ingest({ event: "api.call", metadata: { tokens: 4 } });
    const meters = await client.usage.meters.list({ query: { page: 1, limit: 10 } });
    expect(meters.error).toBeNull();
    const items = (meters.data as { items: Record<string, unknown>[] }).items;
    expect(items.map((m) => [m.meterId, m.consumedUnits, m.creditedUnits, m.balance])).toEqual([
      [meter.id, 7, 0, -7],
    ]);
  });
});
