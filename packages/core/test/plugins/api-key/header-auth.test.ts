import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../../src/storage/secondary-storage";
import { failure, product, setupApiKey } from "./helpers";

const MINUTE = 60_000;
const billingKey = { billing: ["read", "manage"] };

/**
 * Issue 18: a key in the `x-api-key` header authenticates a session-less call. Every spec section 8
 * API-key error is reached over HTTP here (through the billing merchant API, which accepts keys),
 * with its status and code.
 */
describe("API keys: header authentication and its errors over HTTP", () => {
  async function orgKey(s: ReturnType<typeof setupApiKey>, body: Record<string, unknown> = {}) {
    const { owner, org } = await s.orgOwner();
    const key = await s.serverKey({
      userId: owner.user.id,
      organizationId: org.id,
      permissions: billingKey,
      rateLimitEnabled: false,
      ...body,
    });
    return { owner, org, key, client: s.keyClient(key.key) };
  }

  it("a valid organization key calls the merchant API without a session", async () => {
    const s = setupApiKey();
    const { org, client } = await orgKey(s);
    const created = await client.post<{ id: string; organizationId: string }>(
      "/billing/products/create",
      product(),
    );
    expect(created.status).toBe(200);
    const list = await client.get<{ items: { id: string }[] }>("/billing/products/list", {
      organizationId: org.id,
    });
    expect(list.status).toBe(200);
    expect(list.data.items.map((p) => p.id)).toEqual([created.data.id]);
  });

  it("invalid: too short, unknown, or sent in another configured header", async () => {
    const s = setupApiKey({ apiKeyHeaders: ["x-api-key", "x-merchant-key"] });
    const { key } = await orgKey(s);
    const invalid = { status: 403, code: "INVALID_API_KEY" };
    expect(failure(await s.keyClient("short").get("/billing/products/list"))).toEqual(invalid);
    const unknown = await s.keyClient("A".repeat(64)).get<{ message: string }>("/billing/products/list");
    expect(failure(unknown)).toEqual(invalid);
    expect(unknown.data.message).toBe("Invalid API key.");
    const tampered = `${key.key.slice(0, -1)}${key.key.endsWith("a") ? "b" : "a"}`;
    expect(failure(await s.keyClient(tampered).get("/billing/products/list"))).toEqual(invalid);
    expect((await s.keyClient(key.key, "x-merchant-key").get("/billing/products/list")).status).toBe(200);
  });

  it("disabled: 401 'API Key is disabled'", async () => {
    const s = setupApiKey();
    const { owner, key, client } = await orgKey(s);
    await owner.browser.post("/api-key/update", { keyId: key.id, enabled: false });
    const res = await client.get<{ message: string }>("/billing/products/list");
    expect(failure(res)).toEqual({ status: 401, code: "API_KEY_IS_DISABLED" });
    expect(res.data.message).toBe("API Key is disabled");
  });

  it("expired: 401 'API Key has expired', and the key is deleted", async () => {
    const s = setupApiKey();
    const { owner, key, client } = await orgKey(s, { expiresIn: 24 * 60 * 60 });
    expect((await client.get("/billing/products/list")).status).toBe(200);
    s.time.advance(24 * 60 * MINUTE);
    const res = await client.get<{ message: string }>("/billing/products/list");
    expect(failure(res)).toEqual({ status: 401, code: "API_KEY_HAS_EXPIRED" });
    expect(res.data.message).toBe("API Key has expired");
    expect(failure(await owner.browser.get("/api-key/get", { query: { id: key.id } })).status).toBe(404);
  });

  it("usage exceeded: 429 after the last use; with a refill the uses come back after the interval", async () => {
    const s = setupApiKey();
    const once = await orgKey(s, { remaining: 1 });
    expect((await once.client.get("/billing/products/list")).status).toBe(200);
    const res = await once.client.get<{ message: string }>("/billing/products/list");
    expect(failure(res)).toEqual({ status: 429, code: "API_KEY_HAS_REACHED_ITS_USAGE_LIMIT" });
    expect(res.data.message).toBe("API Key has reached its usage limit");

    const refilled = await orgKey(s, { remaining: 2, refillAmount: 2, refillInterval: 60 * MINUTE });
    for (const expected of [200, 200, 429]) {
      expect((await refilled.client.get("/billing/products/list")).status).toBe(expected);
    }
    s.time.advance(60 * MINUTE);
    for (const expected of [200, 200, 429]) {
      expect((await refilled.client.get("/billing/products/list")).status).toBe(expected);
    }
    const row = await refilled.owner.browser.get<{ remaining: number; lastRefillAt: string }>(
      "/api-key/get",
      { query: { id: refilled.key.id } },
    );
    expect(row.data.remaining).toBe(0);
    expect(row.data.lastRefillAt).toBe(s.time.now().toISOString());
  });

  it("rate limit exceeded: 429 with tryAgainIn, open again once the window has passed", async () => {
    const s = setupApiKey();
    const { client } = await orgKey(s, {
      rateLimitEnabled: true,
      rateLimitTimeWindow: MINUTE,
      rateLimitMax: 2,
    });
    expect((await client.get("/billing/products/list")).status).toBe(200);
    s.time.advance(10_000);
    expect((await client.get("/billing/products/list")).status).toBe(200);
    const res = await client.get<{ message: string; tryAgainIn: number }>("/billing/products/list");
    expect(failure(res)).toEqual({ status: 429, code: "RATE_LIMIT_EXCEEDED" });
    expect(res.data.message).toBe("Rate limit exceeded.");
    expect(res.data.tryAgainIn).toBe(50_000);
    s.time.advance(50_000);
    expect((await client.get("/billing/products/list")).status).toBe(200);
  });

  it("rate limit defaults follow better-auth: 10 requests a day", async () => {
    const s = setupApiKey();
    const { client } = await orgKey(s, { rateLimitEnabled: undefined });
    for (let i = 0; i < 10; i++) expect((await client.get("/billing/products/list")).status).toBe(200);
    expect(failure(await client.get("/billing/products/list")).code).toBe("RATE_LIMIT_EXCEEDED");
  });

  it("not found: a key lacking the asked permissions fails server verification with 'API Key not found'", async () => {
    const s = setupApiKey();
    const { key } = await orgKey(s, { permissions: { billing: ["read"] } });
    const verify = (body: Record<string, unknown>) =>
      s.auth.api.verifyApiKey({ body: { key: key.key, ...body } }) as Promise<{
        valid: boolean;
        error: { code: string; message: string } | null;
        key: Record<string, unknown> | null;
      }>;
    const ok = await verify({ permissions: { billing: ["read"] } });
    expect(ok).toMatchObject({ valid: true, error: null, key: { id: key.id } });
    expect(ok.key).not.toHaveProperty("key");
    expect(await verify({ permissions: { billing: ["manage"] } })).toEqual({
      valid: false,
      error: { code: "API_KEY_NOT_FOUND", message: "API Key not found" },
      key: null,
    });
    expect(await verify({ key: "nope" })).toMatchObject({ valid: false, error: { code: "INVALID_API_KEY" } });
  });
});

describe("API keys cached in secondary storage", () => {
  it("a cached key stops working as soon as it is disabled or deleted", async () => {
    const storage = memoryStorage();
    const s = setupApiKey({ cache: { ttl: 300 } }, { secondaryStorage: storage });
    const { owner, org } = await s.orgOwner();
    const make = () =>
      s.serverKey({
        userId: owner.user.id,
        organizationId: org.id,
        permissions: billingKey,
        rateLimitEnabled: false,
      });
    const [first, second] = [await make(), await make()];
    for (const key of [first, second]) {
      expect((await s.keyClient(key.key).get("/billing/products/list")).status).toBe(200);
    }
    await owner.browser.post("/api-key/update", { keyId: first.id, enabled: false });
    expect(failure(await s.keyClient(first.key).get("/billing/products/list")).code).toBe(
      "API_KEY_IS_DISABLED",
    );
    await owner.browser.post("/api-key/delete", { keyId: second.id });
    expect(failure(await s.keyClient(second.key).get("/billing/products/list")).code).toBe("INVALID_API_KEY");
  });
});

describe("API keys: the billing merchant API", () => {
  it("refuses organization keys without the billing statement, user keys, other organizations and anonymous calls", async () => {
    const s = setupApiKey();
    const { owner, org } = await s.orgOwner();
    const other = await s.orgOwner();
    const make = (body: Record<string, unknown>) =>
      s.serverKey({ userId: owner.user.id, rateLimitEnabled: false, ...body });
    const refused = { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_MANAGE_BILLING_FOR_THIS_ORGANIZATION" };

    const none = s.keyClient((await make({ organizationId: org.id })).key);
    expect(failure(await none.post("/billing/products/create", product()))).toEqual(refused);
    expect(failure(await none.get("/billing/products/list"))).toEqual(refused);

    const reader = s.keyClient(
      (await make({ organizationId: org.id, permissions: { billing: ["read"] } })).key,
    );
    expect((await reader.get("/billing/products/list")).status).toBe(200);
    expect(failure(await reader.post("/billing/products/create", product()))).toEqual(refused);

    const userKey = s.keyClient((await make({ permissions: { billing: ["read", "manage"] } })).key);
    expect(failure(await userKey.post("/billing/products/create", product(org.id)))).toEqual(refused);

    const manager = s.keyClient(
      (await make({ organizationId: org.id, permissions: { billing: ["manage"] } })).key,
    );
    expect(failure(await manager.post("/billing/products/create", product(other.org.id)))).toEqual(refused);
    expect((await manager.post("/billing/products/create", product(org.id))).status).toBe(200);
    expect((await manager.get("/billing/products/list")).status).toBe(200);
    // Webhook endpoints (outside merchantWrite/merchantRead) accept keys too.
    const hook = await manager.post<{ id: string }>("/billing/webhooks/endpoints/create", {
      url: "https://merchant.example.com/hooks",
    });
    expect(hook.status).toBe(200);
    expect(
      failure(await reader.post("/billing/webhooks/endpoints/create", { url: "https://x.example.com/h" })),
    ).toEqual(refused);

    const anonymous = s.keyClient("", "x-unused");
    expect(failure(await anonymous.get("/billing/products/list"))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
    // A session still works as before.
    expect((await owner.browser.post("/billing/products/create", product(org.id))).status).toBe(200);
  });
});
