import { afterEach, describe, expect, it } from "vitest";
import { billing } from "../../../src/plugins/billing/index";
import type { BillingServices } from "../../../src/plugins/billing/services";
import { createTestAuth } from "../../../src/testing";
import { clock } from "../fixtures";
import { type Receiver, startReceiver } from "./receiver";

type Endpoint = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret?: string;
  format: string;
};
type Page<T> = { items: T[]; pagination: { totalCount: number; maxPage: number } };
type Delivery = {
  id: string;
  attempt: number;
  succeeded: boolean;
  webhookEvent: { id: string; type: string };
};
type Err = { message: string; code: string };

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

/** Billing without the organization plugin: the default merchant is managed by platform admins. */
async function setup() {
  const c = clock();
  const { auth, signUp } = createTestAuth({
    advanced: { now: c.now },
    user: { additionalFields: { role: { type: "string", required: false, input: false } } },
    plugins: [billing()],
  });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const admin = await signUp({ email: "admin@example.com" });
  await auth.$context.adapter.update({
    model: "user",
    where: [{ field: "id", value: admin.user.id }],
    update: { role: "admin" },
  });
  const buyer = await signUp({ email: "buyer@example.com" });
  const merchant = await services.merchants.defaultMerchant();
  return { auth, services, clock: c, admin: admin.browser, buyer: buyer.browser, merchant };
}

describe("webhook endpoint management over HTTP", () => {
  it("create (secret once), list, get, update, rotate, delete", async () => {
    const app = await setup();
    const created = await app.admin.post<Endpoint>("/billing/webhooks/endpoints/create", {
      url: "https://merchant.example/hooks",
      events: ["order.paid", "order.created"],
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      url: "https://merchant.example/hooks",
      events: ["order.paid", "order.created"],
      enabled: true,
      format: "raw",
      organizationId: app.merchant.id,
    });
    expect(created.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = created.data.id;

    const list = await app.admin.get<Page<Endpoint>>("/billing/webhooks/endpoints/list");
    expect(list.data.pagination.totalCount).toBe(1);
    expect(list.data.items[0]?.id).toBe(id);
    expect(list.data.items[0]).not.toHaveProperty("secret");
    const got = await app.admin.get<Endpoint>("/billing/webhooks/endpoints/get", { query: { id } });
    expect(got.data).toMatchObject({ id, enabled: true });
    expect(got.data).not.toHaveProperty("secret");

    const updated = await app.admin.post<Endpoint>("/billing/webhooks/endpoints/update", {
      id,
      url: "http://127.0.0.1:8080/other",
      events: [],
      enabled: false,
    });
    expect(updated.data).toMatchObject({ url: "http://127.0.0.1:8080/other", events: [], enabled: false });
    expect(updated.data).not.toHaveProperty("secret");

    const rotated = await app.admin.post<Endpoint>("/billing/webhooks/endpoints/rotate-secret", { id });
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(created.data.secret);

    const deleted = await app.admin.post("/billing/webhooks/endpoints/delete", { id });
    expect(deleted.status).toBe(200);
    const missing = await app.admin.get<Err>("/billing/webhooks/endpoints/get", { query: { id } });
    expect(missing.status).toBe(404);
    expect(missing.data.message).toBe("Webhook endpoint not found");
  });

  it("validates url and event types", async () => {
    const app = await setup();
    const bad = [
      { url: "ftp://merchant.example/hooks" },
      { url: "not a url" },
      { url: "https://merchant.example/hooks", events: ["order.exploded"] },
    ];
    for (const body of bad) {
      const res = await app.admin.post("/billing/webhooks/endpoints/create", body);
      expect(res.status).toBe(400);
    }
    await expect(
      app.services.webhooks.createEndpoint(app.merchant.id, { url: "https://x.example", events: ["nope"] }),
    ).rejects.toMatchObject({ status: 422, message: "Unknown event type: nope" });
    await expect(
      app.services.webhooks.createEndpoint(app.merchant.id, { url: "javascript:alert(1)" }),
    ).rejects.toMatchObject({ status: 422, message: "URL must be an http or https URL." });
  });

  it("refuses anonymous callers and non-admins", async () => {
    const app = await setup();
    const body = { url: "https://merchant.example/hooks" };
    const anonymous = await app.auth.handler(
      new Request("http://localhost:3000/api/auth/billing/webhooks/endpoints/create", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(anonymous.status).toBe(401);
    const buyer = await app.buyer.post<Err>("/billing/webhooks/endpoints/create", body);
    expect(buyer.status).toBe(403);
    expect(buyer.data.message).toBe("You are not allowed to manage billing for this organization");
    expect((await app.buyer.get("/billing/webhooks/endpoints/list")).status).toBe(403);
    expect((await app.buyer.get("/billing/webhooks/deliveries/list")).status).toBe(403);
    expect((await app.buyer.post("/billing/webhooks/events/redeliver", { id: "x" })).status).toBe(403);
  });

  it("delivery log and redelivery over HTTP; server calls through auth.api", async () => {
    const app = await setup();
    const receiver = await startReceiver({ now: app.clock.now });
    receivers.push(receiver);
    const created = await app.auth.api.createWebhookEndpoint({
      headers: app.admin.headers(),
      body: { url: receiver.url },
    });
    receiver.secret = created.secret;
    await app.services.ctx.write((_tx, emit) => emit(app.merchant.id, "customer.created", { id: "cus_1" }));
    await app.auth.billing.runDue();

    const log = await app.admin.get<Page<Delivery>>("/billing/webhooks/deliveries/list", {
      query: { endpointId: created.id },
    });
    expect(log.data.items).toHaveLength(1);
    const eventId = log.data.items[0]?.webhookEvent.id ?? "";
    expect(log.data.items[0]).toMatchObject({
      attempt: 1,
      succeeded: true,
      webhookEvent: { type: "customer.created" },
    });

    const again = await app.admin.post<{ status: string }>("/billing/webhooks/events/redeliver", {
      id: eventId,
    });
    expect(again.data.status).toBe("pending");
    expect((await app.auth.billing.runDue()).webhooks.delivered).toBe(1);
    expect(receiver.hits.map((h) => [h.id, h.error])).toEqual([
      [eventId, null],
      [eventId, null],
    ]);
    expect(receiver.hits[0]?.body.equals(receiver.hits[1]?.body ?? Buffer.alloc(0))).toBe(true);
    const byEvent = await app.admin.get<Page<Delivery>>("/billing/webhooks/deliveries/list", {
      query: { eventId },
    });
    expect(byEvent.data.pagination.totalCount).toBe(2);
    const all = await app.admin.get<Page<Delivery>>("/billing/webhooks/deliveries/list");
    expect(all.data.pagination.totalCount).toBe(2);
    const unknown = await app.admin.post<Err>("/billing/webhooks/events/redeliver", { id: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.data.message).toBe("Webhook event not found");
  });
});
