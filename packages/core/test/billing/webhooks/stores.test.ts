import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DBAdapter } from "../../../src/db/adapter";
import { migrate } from "../../../src/db/migrate";
import { billing } from "../../../src/plugins/billing/index";
import type { BillingServices } from "../../../src/plugins/billing/services";
import type { WebhookDeliveryRow, WebhookEventRow } from "../../../src/plugins/billing/webhooks/rows";
import { createTestAuth } from "../../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "../../db/stores";
import { clock } from "../fixtures";
import { type Receiver, startReceiver } from "./receiver";

// SQLite and PGlite always; PostgreSQL and MariaDB when their servers answer (CI requires them).
const stores = (await sqlStores()).filter((s) => s.available);

for (const store of stores) {
  describe(`webhook delivery on ${store.name}`, () => {
    const c = clock();
    let opened: OpenStore;
    let app: ReturnType<typeof createTestAuth>;
    let services: BillingServices;
    let merchantId: string;
    let receiver: Receiver;
    let status = 200;

    beforeAll(async () => {
      opened = store.open({ tablePrefix: randomPrefix("gw") });
      app = createTestAuth({
        database: opened.database,
        advanced: { now: c.now },
        plugins: [billing({ webhooks: { maxAttempts: 3, disableAfterFailures: 2 } })],
      });
      await migrate(app.auth);
      services = (app.auth as unknown as { billing: BillingServices }).billing;
      merchantId = (await services.merchants.defaultMerchant()).id;
      receiver = await startReceiver({ now: c.now, behaviour: () => status });
    }, 120_000);

    afterAll(async () => {
      await receiver?.close();
      await opened?.cleanup(app.auth.$context.schema);
    });

    const db = (): DBAdapter => app.auth.$context.adapter;
    const emit = (id: string) =>
      services.ctx.write((_tx, e) => e(merchantId, "order.paid", { id, total: 2500 }));
    async function endpoint() {
      const created = await services.webhooks.createEndpoint(merchantId, { url: receiver.url });
      receiver.secret = created.secret;
      receiver.hits.length = 0;
      return created;
    }

    it("retries with the same id and bytes until a 2xx; one log row per attempt", async () => {
      const ep = await endpoint();
      await emit("ord_retry");
      status = 500;
      expect((await services.runDue()).webhooks.failed).toBe(1);
      c.advance(4000);
      expect((await services.runDue()).webhooks.failed).toBe(1);
      c.advance(8000);
      status = 200;
      expect((await services.runDue()).webhooks.delivered).toBe(1);
      const [row] = await db().findMany<WebhookEventRow>({
        model: "billingWebhookEvent",
        where: [{ field: "endpointId", value: ep.id }],
      });
      expect(row).toMatchObject({ status: "succeeded", attempts: 3, lockedUntil: null });
      expect(receiver.hits.map((h) => [h.id, h.status, h.error])).toEqual([
        [row?.id, 500, null],
        [row?.id, 500, null],
        [row?.id, 200, null],
      ]);
      expect(receiver.hits.every((h) => h.body.toString("utf8") === row?.payload)).toBe(true);
      const log = await db().findMany<WebhookDeliveryRow>({
        model: "billingWebhookDelivery",
        where: [{ field: "eventId", value: row?.id ?? "" }],
        sortBy: { field: "attempt", direction: "asc" },
      });
      expect(log.map((d) => [d.attempt, d.httpCode, d.succeeded])).toEqual([
        [1, 500, false],
        [2, 500, false],
        [3, 200, true],
      ]);
      await services.webhooks.deleteEndpoint(merchantId, ep.id);
      expect(await db().count({ model: "billingWebhookEvent" })).toBe(0);
    });

    it("concurrent runDue calls deliver each row once", async () => {
      const ep = await endpoint();
      for (let i = 0; i < 20; i++) await emit(`ord_${i}`);
      const results = await Promise.all([services.runDue(), services.runDue(), services.runDue()]);
      expect(results.reduce((n, r) => n + r.webhooks.delivered, 0)).toBe(20);
      const ids = receiver.hits.map((h) => h.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      await services.webhooks.deleteEndpoint(merchantId, ep.id);
    });

    it("disables an endpoint whose last events all failed", async () => {
      const ep = await endpoint();
      status = 502;
      await emit("ord_a");
      await emit("ord_b");
      for (let i = 1; i <= 3; i++) {
        expect((await services.runDue()).webhooks.failed).toBe(2);
        c.advance(2000 * 2 ** i);
      }
      expect((await services.webhooks.getEndpoint(merchantId, ep.id)).enabled).toBe(false);
      await emit("ord_c");
      expect(await db().count({ model: "billingWebhookEvent" })).toBe(2);
      await services.webhooks.deleteEndpoint(merchantId, ep.id);
    });
  });
}
