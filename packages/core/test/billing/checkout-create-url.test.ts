import { describe, expect, it } from "vitest";
import { billing } from "../../src/plugins/billing";
import type { BillingOptions } from "../../src/plugins/billing/options";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { fixedProduct, webhookEndpoint } from "../db/billing-defects-setup";
import { countingMemoryDatabase } from "../helpers/counting";

/**
 * The buyer endpoint (`POST /checkout`) answers only the checkout's URL: the checkout's full
 * response, and the products' benefits only it shows, are built and read only when
 * checkout.created goes somewhere (a subscribed webhook endpoint or an `onEvent` listener).
 */
async function setup(opts: { endpointEvents?: string[]; onEvent?: BillingOptions["onEvent"] } = {}) {
  const { database, trips } = countingMemoryDatabase();
  const { auth, signUp } = createTestAuth({
    database,
    plugins: [billing(opts.onEvent ? { onEvent: opts.onEvent } : {})],
  });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const merchant = await services.merchants.defaultMerchant();
  const db = auth.$context.adapter;
  const productId = await fixedProduct(db, merchant.id, 2500, { name: "E-book" });
  const benefit = await db.create<{ id: string }>({
    model: "billingBenefit",
    data: {
      merchantId: merchant.id,
      type: "custom",
      description: "Private community",
      metadata: {},
      properties: { note: "Welcome" },
    },
  });
  await db.create({ model: "billingProductBenefit", data: { productId, benefitId: benefit.id, order: 0 } });
  if (opts.endpointEvents) {
    await webhookEndpoint(db, merchant.id, opts.endpointEvents);
  }
  const { browser } = await signUp({ email: "buyer@example.com" });
  const checkout = async () => {
    trips.reset();
    const res = await browser.post<{ url: string; redirect: boolean }>("/checkout", {
      products: [productId],
    });
    expect(res.status).toBe(200);
    return { ...res.data, benefitReads: trips.readsByTable.billingProductBenefit ?? 0 };
  };
  const created = async () =>
    (
      await db.findMany<{ type: string; payload: string }>({
        model: "billingWebhookEvent",
        where: [{ field: "type", value: "checkout.created" }],
      })
    ).map((e) => JSON.parse(e.payload) as { data: Record<string, unknown> });
  return { services, db, checkout, created, benefitId: benefit.id };
}

const benefitsOf = (data: Record<string, unknown>) =>
  (data.products as { benefits: { id: string; description: string }[] }[])[0]!.benefits;

describe("POST /checkout answers the URL only", () => {
  it("nothing subscribed: the URL of a working checkout; the benefits are not read", async () => {
    const { services, checkout } = await setup();
    const answer = await checkout();
    expect(answer.redirect).toBe(true);
    expect(answer.benefitReads).toBe(0);
    const secret = decodeURIComponent(answer.url.split("/").pop()!);
    expect(answer.url.endsWith(`/checkout/${encodeURIComponent(secret)}`)).toBe(true);
    // The checkout behind the URL is complete: its response shows the product's benefit.
    const view = await services.checkouts.get(secret);
    expect(view.status).toBe("open");
    expect(view.url).toBe(answer.url);
    expect(view.products[0]!.benefits.map((b) => b.description)).toEqual(["Private community"]);
  });

  it("checkout.created subscribed: the event carries the full checkout, benefits included", async () => {
    const { checkout, created, benefitId } = await setup({ endpointEvents: ["checkout.created"] });
    const answer = await checkout();
    expect(answer.benefitReads).toBe(1);
    const [event] = await created();
    expect(event!.data.url).toBe(answer.url);
    expect(benefitsOf(event!.data).map((b) => b.id)).toEqual([benefitId]);
  });

  it("an endpoint subscribed to other events only: the benefits are not read", async () => {
    const { checkout, created } = await setup({ endpointEvents: ["order.paid"] });
    expect((await checkout()).benefitReads).toBe(0);
    expect(await created()).toEqual([]);
  });

  it("an onEvent listener: it receives the full checkout", async () => {
    const events: { type: string; data: unknown }[] = [];
    const { checkout, benefitId } = await setup({ onEvent: (e) => void events.push(e) });
    const answer = await checkout();
    const event = events.find((e) => e.type === "checkout.created");
    expect(event).toBeDefined();
    const data = event!.data as Record<string, unknown>;
    expect(data.url).toBe(answer.url);
    expect(benefitsOf(data).map((b) => b.id)).toEqual([benefitId]);
  });
});
