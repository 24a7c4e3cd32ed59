import { afterEach, describe, expect, it } from "vitest";
import type { WebhookEventRow } from "../../../src/plugins/billing/webhooks/rows";
import { BILLING_EVENT_TYPES, type BillingEventType } from "../../../src/webhooks/events";
import { address, billingApp } from "../fixtures";
import { type Receiver, startReceiver } from "./receiver";

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

async function setup() {
  const app = await billingApp();
  const all = await startReceiver({ now: app.clock.now });
  const paidOnly = await startReceiver({ now: app.clock.now });
  receivers.push(all, paidOnly);
  const webhooks = app.services.webhooks;
  const endpoint = await webhooks.createEndpoint(app.merchant.id, { url: all.url });
  all.secret = endpoint.secret;
  const filtered = await webhooks.createEndpoint(app.merchant.id, {
    url: paidOnly.url,
    events: ["order.paid"],
  });
  paidOnly.secret = filtered.secret;
  return { ...app, all, paidOnly, endpoint, filtered };
}

type App = Awaited<ReturnType<typeof setup>>;

/** Buys a product through the buyer HTTP endpoints with the test processor. */
async function buy(app: App, buyer: Awaited<ReturnType<App["signUp"]>>, recurring?: "month") {
  const { productId } = await app.product({
    name: recurring ? "Pro plan" : "E-book",
    recurring,
    price: { amountType: "fixed", priceAmount: 2500 },
  });
  const created = await buyer.browser.post<{ url: string }>("/checkout", { products: [productId] });
  expect(created.status).toBe(200);
  const secret = decodeURIComponent(created.data.url.split("/").pop() ?? "");
  const confirmed = await buyer.browser.post<{ status: string }>(`/checkouts/client/${secret}/confirm`, {
    customerBillingAddress: address,
    confirmationTokenId: "pm_card_visa",
  });
  expect(confirmed.data.status).toBe("succeeded");
}

describe("outbound webhook delivery to a real HTTP receiver", () => {
  it("delivers every event type with a signature verifyWebhook accepts", async () => {
    const app = await setup();
    const buyer = await app.signUp({ email: "buyer@example.com", name: "Buyer" });
    await buy(app, buyer);
    await buy(app, buyer, "month");
    await app.services.merchants.update(app.merchant.id, { name: "Acme Inc" });
    const fromFlows = new Set(app.events.map((e) => e.type));
    expect([...fromFlows]).toEqual(
      expect.arrayContaining([
        "checkout.created",
        "checkout.updated",
        "customer.created",
        "customer.state_changed",
        "order.created",
        "order.updated",
        "order.paid",
        "subscription.created",
        "subscription.active",
        "subscription.updated",
        "organization.updated",
      ]),
    );
    // Types whose flows arrive in later parts (refunds, cancellation, benefits...): emitted directly.
    const rest = BILLING_EVENT_TYPES.filter((t) => !fromFlows.has(t));
    await app.services.ctx.write(async (_tx, emit) => {
      for (const type of rest) await emit(app.merchant.id, type, { id: `${type}-1` });
    });

    const stored = await app.db.findMany<WebhookEventRow>({ model: "billingWebhookEvent" });
    const forAll = stored.filter((r) => r.endpointId === app.endpoint.id);
    // One outbox row per emitted event (onEvent saw them all, direct emits included).
    expect(forAll.length).toBe(app.events.length);
    expect(stored.filter((r) => r.endpointId === app.filtered.id).map((r) => r.type)).toEqual([
      "order.paid",
      "order.paid",
    ]);

    const result = await app.auth.billing.runDue();
    expect(result.webhooks).toEqual({ delivered: stored.length, failed: 0, skipped: 0 });
    expect(app.all.hits).toHaveLength(forAll.length);
    expect(app.all.hits.every((h) => h.error === null && h.status === 200)).toBe(true);
    const received = new Set(app.all.hits.map((h) => h.event?.type));
    for (const type of BILLING_EVENT_TYPES) expect(received.has(type as BillingEventType)).toBe(true);
    expect(app.paidOnly.hits.map((h) => [h.event?.type, h.error])).toEqual([
      ["order.paid", null],
      ["order.paid", null],
    ]);

    // Envelope, headers, and the body = the stored bytes; webhook-id = the outbox row id.
    const byId = new Map(stored.map((r) => [r.id, r]));
    const unixNow = String(Math.floor(app.clock.now().getTime() / 1000));
    for (const hit of app.all.hits) {
      const row = byId.get(hit.id);
      expect(row?.endpointId).toBe(app.endpoint.id);
      expect(hit.body.toString("utf8")).toBe(row?.payload);
      expect(hit.timestamp).toBe(unixNow);
      expect(hit.signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(hit.headers["content-type"]).toBe("application/json");
      expect(hit.headers["user-agent"]).toBe("gatehouse-webhooks");
      expect(Object.keys(JSON.parse(hit.body.toString())).sort()).toEqual(["data", "timestamp", "type"]);
      expect(hit.event?.timestamp).toBe(app.clock.now().toISOString());
    }
    const order = app.all.hits.find((h) => h.event?.type === "order.paid")?.event?.data as Record<
      string,
      unknown
    >;
    expect(order).toMatchObject({ status: "paid", totalAmount: 2500, currency: "usd" });

    const after = await app.db.findMany<WebhookEventRow>({ model: "billingWebhookEvent" });
    for (const row of after) {
      expect(row).toMatchObject({ status: "succeeded", attempts: 1, lockedUntil: null, lockToken: null });
      expect(row.succeededAt).toEqual(app.clock.now());
    }
    // Nothing is due any more.
    expect((await app.auth.billing.runDue()).webhooks).toEqual({ delivered: 0, failed: 0, skipped: 0 });
  });

  it("skips events of an endpoint disabled before delivery; only enabled endpoints get new rows", async () => {
    const app = await setup();
    const emit = (type: BillingEventType) =>
      app.services.ctx.write((_tx, e) => e(app.merchant.id, type, { id: "x" }));
    await emit("order.paid");
    await app.services.webhooks.updateEndpoint(app.merchant.id, app.endpoint.id, { enabled: false });
    const result = await app.auth.billing.runDue();
    expect(result.webhooks).toEqual({ delivered: 1, failed: 0, skipped: 1 });
    expect(app.all.hits).toHaveLength(0);
    await emit("order.paid");
    const rows = await app.db.findMany<WebhookEventRow>({
      model: "billingWebhookEvent",
      where: [{ field: "endpointId", value: app.endpoint.id }],
    });
    expect(rows.map((r) => r.status)).toEqual(["skipped"]);
  });

  it("an event of a rolled-back transaction is never sent", async () => {
    const app = await setup();
    await expect(
      app.services.ctx.write(async (_tx, emit) => {
        await emit(app.merchant.id, "order.paid", { id: "x" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect((await app.auth.billing.runDue()).webhooks.delivered).toBe(0);
    expect(app.all.hits).toHaveLength(0);
  });
});
