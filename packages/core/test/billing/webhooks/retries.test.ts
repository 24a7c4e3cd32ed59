import { afterEach, describe, expect, it } from "vitest";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import { retryDelay, webhookPolicy } from "../../../src/plugins/billing/webhooks/policy";
import type { WebhookDeliveryRow, WebhookEventRow } from "../../../src/plugins/billing/webhooks/rows";
import type { BillingEventType } from "../../../src/webhooks/events";
import { billingApp } from "../fixtures";
import { type Behaviour, type Receiver, startReceiver } from "./receiver";

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

async function setup(webhooks: BillingOptions["webhooks"] = {}, behaviour?: Behaviour) {
  const app = await billingApp({ webhooks });
  const receiver = await startReceiver({ now: app.clock.now, behaviour });
  receivers.push(receiver);
  const endpoint = await app.services.webhooks.createEndpoint(app.merchant.id, { url: receiver.url });
  receiver.secret = endpoint.secret;
  const emit = (type: BillingEventType = "order.paid", data: unknown = { id: "ord_1" }) =>
    app.services.ctx.write((_tx, e) => e(app.merchant.id, type, data));
  const rows = (where: { field: string; value: string }[] = []) =>
    app.db.findMany<WebhookEventRow>({ model: "billingWebhookEvent", where });
  const log = (eventId: string) =>
    app.db.findMany<WebhookDeliveryRow>({
      model: "billingWebhookDelivery",
      where: [{ field: "eventId", value: eventId }],
      sortBy: { field: "attempt", direction: "asc" },
    });
  return { ...app, receiver, endpoint, emit, rows, log };
}

describe("retries", () => {
  it("a receiver failing 3 times then succeeding gets one successful delivery, same id and bytes", async () => {
    const app = await setup({}, (_hit, n) => (n < 3 ? 503 : 200));
    await app.emit("order.paid", { id: "ord_1", note: "caf\u00e9 \u2615" });
    const [row] = await app.rows();
    const runs = [];
    for (let failure = 1; failure <= 3; failure++) {
      runs.push((await app.auth.billing.runDue()).webhooks);
      // Backoff after failure n: jitter [0.5, 1] x 2000 x 2^n. Just short of the shortest: not due.
      const ceiling = 2000 * 2 ** failure;
      app.clock.advance(ceiling / 2 - 1);
      expect((await app.auth.billing.runDue()).webhooks).toEqual({ delivered: 0, failed: 0, skipped: 0 });
      app.clock.advance(ceiling / 2 + 1);
    }
    runs.push((await app.auth.billing.runDue()).webhooks);
    expect(runs).toEqual([
      { delivered: 0, failed: 1, skipped: 0 },
      { delivered: 0, failed: 1, skipped: 0 },
      { delivered: 0, failed: 1, skipped: 0 },
      { delivered: 1, failed: 0, skipped: 0 },
    ]);

    const hits = app.receiver.hits;
    expect(hits.map((h) => h.status)).toEqual([503, 503, 503, 200]);
    expect(hits.every((h) => h.id === row?.id && h.error === null)).toBe(true);
    expect(hits.every((h) => h.body.equals(Buffer.from(row?.payload ?? "", "utf8")))).toBe(true);
    // Each attempt is signed at its own time.
    expect(new Set(hits.map((h) => h.timestamp)).size).toBe(4);

    const log = await app.log(row?.id ?? "");
    expect(log.map((d) => [d.attempt, d.httpCode, d.succeeded])).toEqual([
      [1, 503, false],
      [2, 503, false],
      [3, 503, false],
      [4, 200, true],
    ]);
    expect(log[0]?.response).toBe("failing with 503");
    const [done] = await app.rows();
    expect(done).toMatchObject({ status: "succeeded", attempts: 4, lastError: null, lockedUntil: null });
    // Through the service: the event's log, newest first.
    const listed = await app.services.webhooks.listDeliveries(app.merchant.id, { eventId: row?.id });
    expect(listed.items.map((d) => d.attempt)).toEqual([4, 3, 2, 1]);
    expect(listed.items[0]?.webhookEvent).toMatchObject({
      id: row?.id,
      status: "succeeded",
      succeeded: true,
    });
  });

  it("schedules retries at jitter x min(base x 2^attempts, max), jitter injectable", async () => {
    const app = await setup({ baseDelayMs: 1000, maxDelayMs: 5000 }, () => 500);
    await app.emit();
    const start = app.clock.now().getTime();
    await app.services.webhooks.deliverDue({ random: () => 0 });
    expect((await app.rows())[0]?.nextAttemptAt.getTime()).toBe(start + 1000); // 0.5 x 1000 x 2^1
    app.clock.advance(1000);
    await app.services.webhooks.deliverDue({ random: () => 1 });
    expect((await app.rows())[0]?.nextAttemptAt.getTime()).toBe(start + 1000 + 4000); // 1 x 1000 x 2^2
    app.clock.advance(4000);
    await app.services.webhooks.deliverDue({ random: () => 1 });
    expect((await app.rows())[0]?.nextAttemptAt.getTime()).toBe(start + 5000 + 5000); // capped

    const defaults = webhookPolicy();
    const ceilings = [1, 2, 3, 9, 10, 11].map((n) => retryDelay(n, defaults, () => 1));
    expect(ceilings).toEqual([4000, 8000, 16_000, 1_024_000, 1_200_000, 1_200_000]);
    expect(retryDelay(1, defaults, () => 0)).toBe(2000);
  });

  it("fails for good after maxAttempts; network errors and timeouts count as failures", async () => {
    const app = await setup({ maxAttempts: 3, baseDelayMs: 10, timeoutMs: 50 }, () => "hang");
    await app.emit();
    const [row] = await app.rows();
    expect((await app.auth.billing.runDue()).webhooks).toEqual({ delivered: 0, failed: 1, skipped: 0 });
    expect((await app.rows())[0]?.lastError).toBe("Timed out after 50 ms");
    await app.services.webhooks.updateEndpoint(app.merchant.id, app.endpoint.id, {
      url: "http://127.0.0.1:9/",
    });
    for (let i = 0; i < 2; i++) {
      app.clock.advance(10 * 2 ** (i + 1));
      expect((await app.auth.billing.runDue()).webhooks.failed).toBe(1);
    }
    const [failed] = await app.rows();
    expect(failed).toMatchObject({ status: "failed", attempts: 3, lockedUntil: null });
    const log = await app.log(row?.id ?? "");
    expect(log.map((d) => [d.attempt, d.httpCode, d.succeeded])).toEqual([
      [1, null, false],
      [2, null, false],
      [3, null, false],
    ]);
    expect(log[0]?.response).toBe("Timed out after 50 ms");
    expect(log[1]?.response).toMatch(/fetch failed/);
    app.clock.advance(3_600_000);
    expect((await app.auth.billing.runDue()).webhooks).toEqual({ delivered: 0, failed: 0, skipped: 0 });
  });

  it("logs the first 2048 characters of a response (custom fetch option)", async () => {
    const bodies: string[] = [];
    const fetchStub: typeof fetch = async (_url, init) => {
      bodies.push(String(init?.body));
      return new Response("x".repeat(5000), { status: 500 });
    };
    const app = await setup({ fetch: fetchStub });
    await app.emit();
    await app.auth.billing.runDue();
    const [row] = await app.rows();
    expect(bodies).toEqual([row?.payload]);
    const [delivery] = await app.log(row?.id ?? "");
    expect(delivery?.response).toHaveLength(2048);
    expect(delivery?.httpCode).toBe(500);
  });
});

describe("disabling", () => {
  it("disables the endpoint after N consecutive failed events and skips its pending ones", async () => {
    const app = await setup({ maxAttempts: 2, disableAfterFailures: 3 }, () => 500);
    for (let i = 1; i <= 3; i++) await app.emit("order.paid", { id: `ord_${i}` });
    expect((await app.auth.billing.runDue()).webhooks).toEqual({ delivered: 0, failed: 3, skipped: 0 });
    app.clock.advance(4001); // past the first backoff (<= 2000 x 2^1)
    await app.emit("order.paid", { id: "ord_4" }); // due now, strictly after the three retries
    // Disabling moves the merchant's webhookVersion: processes that keep its endpoints read them again.
    const version = async () =>
      (await app.db.findOne<{ webhookVersion: number }>({
        model: "billingMerchant",
        where: [{ field: "id", value: app.merchant.id }],
      }))!.webhookVersion;
    const before = await version();
    const second = await app.services.webhooks.deliverDue({ limit: 3 });
    expect(second).toEqual({ delivered: 0, failed: 3, skipped: 0 });
    const endpoint = await app.services.webhooks.getEndpoint(app.merchant.id, app.endpoint.id);
    expect(endpoint.enabled).toBe(false);
    expect(await version()).toBe(before + 1);
    const statuses = (await app.rows()).map((r) => (r.payload.includes("ord_4") ? "4" : "1-3") + r.status);
    expect(statuses.sort()).toEqual(["1-3failed", "1-3failed", "1-3failed", "4skipped"]);
    // No new rows for a disabled endpoint; re-enabling is manual.
    await app.emit();
    expect(await app.rows()).toHaveLength(4);
    await app.services.webhooks.updateEndpoint(app.merchant.id, app.endpoint.id, { enabled: true });
    await app.emit();
    expect(await app.rows([{ field: "status", value: "pending" }])).toHaveLength(1);
  });

  it("a success among the last N events keeps the endpoint enabled", async () => {
    const app = await setup({ maxAttempts: 1, disableAfterFailures: 3 }, (_h, n) => (n === 1 ? 200 : 500));
    for (let i = 1; i <= 3; i++) await app.emit("order.paid", { id: `ord_${i}` });
    const result = await app.services.webhooks.deliverDue({ concurrency: 1 });
    expect(result).toEqual({ delivered: 1, failed: 2, skipped: 0 });
    expect((await app.services.webhooks.getEndpoint(app.merchant.id, app.endpoint.id)).enabled).toBe(true);
  });
});

describe("concurrency", () => {
  it("concurrent runDue calls never deliver one row twice", async () => {
    const app = await setup();
    const n = 40;
    for (let i = 0; i < n; i++) await app.emit("order.paid", { id: `ord_${i}` });
    const results = await Promise.all([1, 2, 3, 4].map(() => app.auth.billing.runDue()));
    expect(results.reduce((sum, r) => sum + r.webhooks.delivered, 0)).toBe(n);
    const perId = new Map<string, number>();
    for (const hit of app.receiver.hits) perId.set(hit.id, (perId.get(hit.id) ?? 0) + 1);
    expect(perId.size).toBe(n);
    expect([...perId.values()].every((count) => count === 1)).toBe(true);
    const log = await app.db.count({ model: "billingWebhookDelivery" });
    expect(log).toBe(n);
  });
});
