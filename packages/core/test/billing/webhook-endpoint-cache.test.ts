import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedProduct } from "../db/billing-defects-setup";
import { address } from "./fixtures";
import { twoProcesses } from "./two-processes";

/**
 * A process keeps a merchant's webhook endpoints under the merchant's `webhookVersion`, which every
 * endpoint change moves in its own transaction. Two auth instances on one database stand for two
 * processes: what one changes, the other's next purchase sees; nothing stale reaches the outbox.
 */
async function setup() {
  const { trips, a, b, merchant, db } = await twoProcesses();
  const productId = await fixedProduct(db, merchant.id, 2500, { name: "E-book" });
  /** One purchase in process A; the outbox types it wrote and its endpoint reads. */
  const purchase = async () => {
    const before = {
      rows: await db.count({ model: "billingWebhookEvent" }),
      reads: trips.readsByTable.billingWebhookEndpoint ?? 0,
    };
    const created = await a.services.checkouts.create({
      products: [productId],
      customerEmail: "buyer@example.com",
      customerExternalId: "user_1",
    });
    const confirmed = await a.services.checkouts.confirm(created.clientSecret, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_visa",
    });
    expect(confirmed.status).toBe("succeeded");
    const rows = await db.findMany<{ type: string }>({
      model: "billingWebhookEvent",
      sortBy: { field: "createdAt" },
    });
    return {
      types: rows.slice(before.rows).map((r) => r.type),
      endpointReads: (trips.readsByTable.billingWebhookEndpoint ?? 0) - before.reads,
    };
  };
  const version = async () =>
    (await db.findOne<{ webhookVersion: number }>({
      model: "billingMerchant",
      where: [{ field: "id", value: merchant.id }],
    }))!.webhookVersion;
  return { a, b, db, merchant, purchase, version };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("webhook endpoints kept per process under the merchant's version", () => {
  it("endpoints created, changed, disabled and deleted in another process reach this one's next purchase", async () => {
    const { b, merchant, purchase, version } = await setup();
    expect(await version()).toBe(0);
    // No endpoint: read once, then kept.
    expect(await purchase()).toEqual({ types: [], endpointReads: 1 });
    expect(await purchase()).toEqual({ types: [], endpointReads: 0 });

    const endpoint = await b.services.webhooks.createEndpoint(merchant.id, {
      url: "https://hooks.example.com/in",
      events: ["order.paid"],
    });
    expect(await version()).toBe(1);
    expect(await purchase()).toEqual({ types: ["order.paid"], endpointReads: 1 });
    expect(await purchase()).toEqual({ types: ["order.paid"], endpointReads: 0 });

    await b.services.webhooks.updateEndpoint(merchant.id, endpoint.id, { events: ["order.created"] });
    expect(await version()).toBe(2);
    expect(await purchase()).toEqual({ types: ["order.created"], endpointReads: 1 });

    await b.services.webhooks.updateEndpoint(merchant.id, endpoint.id, { enabled: false });
    expect(await purchase()).toEqual({ types: [], endpointReads: 1 });
    await b.services.webhooks.updateEndpoint(merchant.id, endpoint.id, { enabled: true });
    expect(await purchase()).toEqual({ types: ["order.created"], endpointReads: 1 });

    // A kept list naming a deleted endpoint would write outbox rows for it.
    await b.services.webhooks.deleteEndpoint(merchant.id, endpoint.id);
    expect(await version()).toBe(5);
    expect(await purchase()).toEqual({ types: [], endpointReads: 1 });
  });

  it("a rotated secret does not move the version (deliveries read the endpoint row)", async () => {
    const { b, merchant, purchase, version } = await setup();
    const endpoint = await b.services.webhooks.createEndpoint(merchant.id, {
      url: "https://hooks.example.com/in",
      events: ["order.paid"],
    });
    await purchase();
    await b.services.webhooks.rotateSecret(merchant.id, endpoint.id);
    expect(await version()).toBe(1);
    expect(await purchase()).toEqual({ types: ["order.paid"], endpointReads: 0 });
  });

  it("a change that does not move the version (a process of an older release) is seen within a minute", async () => {
    const { db, merchant, purchase } = await setup();
    expect((await purchase()).types).toEqual([]);
    await db.create({
      model: "billingWebhookEndpoint",
      data: {
        merchantId: merchant.id,
        url: "https://hooks.example.com/in",
        secret: "whsec_x",
        events: ["order.paid"],
        enabled: true,
      },
    });
    expect(await purchase()).toEqual({ types: [], endpointReads: 0 });
    const start = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => start + 61_000);
    expect(await purchase()).toEqual({ types: ["order.paid"], endpointReads: 1 });
  });
});
