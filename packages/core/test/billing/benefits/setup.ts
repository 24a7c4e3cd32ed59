import type { DatabaseAdapter } from "../../../src/db/adapter";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import type { BenefitGrantRow, OrderRow, WebhookEventRow } from "../../../src/plugins/billing/rows";
import { adminShop, ok } from "../catalog/helpers";
import { address } from "../fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
export const card = { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" };
export const DAY = 86_400_000;

export type Grant = {
  id: string;
  isGranted: boolean;
  isRevoked: boolean;
  grantedAt: string | null;
  revokedAt: string | null;
  subscriptionId: string | null;
  orderId: string | null;
  customerId: string;
  benefitId: string;
  error: { message: string; type: string; timestamp: string } | null;
  properties: Record<string, unknown>;
  benefit: { id: string; type: string } | null;
  customer: { id: string } | null;
  previousProperties: Record<string, unknown> | null;
};
export type Page<T> = { items: T[]; pagination: { totalCount: number; maxPage: number } };

/** Webhooks are "delivered" to a stub so the outbox rows (what the code path emitted) can be read. */
const delivered = {
  webhooks: {
    fetch: async () => new Response("ok"),
    resolveHost: async () => ["93.184.216.34"],
  },
};

/**
 * A platform admin (`shop`) and a buyer; benefits and products through the merchant HTTP API, purchases
 * through the real checkout with the test processor, a webhook endpoint so the outbox fills.
 */
export async function benefitShop(options: BillingOptions = {}, database?: DatabaseAdapter) {
  const app = await adminShop({ ...delivered, ...options }, database);
  await ok(app.shop.post("/billing/webhooks/endpoints/create", { url: "https://merchant.example/hooks" }));

  const benefit = async (type: string, properties: Record<string, unknown>, description = "A benefit") =>
    (await ok<{ id: string }>(app.shop.post("/billing/benefits/create", { type, description, properties })))
      .id;

  async function product(benefits: string[], opts: { recurring?: boolean; amount?: number } = {}) {
    const created = await ok<{ id: string }>(
      app.shop.post("/billing/products/create", {
        name: opts.recurring ? "Monthly plan" : "One-time pack",
        recurringInterval: opts.recurring ? "month" : null,
        prices: [{ amountType: "fixed", priceAmount: opts.amount ?? 2000, priceCurrency: "usd" }],
        benefits,
      }),
    );
    return created.id;
  }

  /** Buys through checkout + confirm: the paid order (and subscription id for recurring products). */
  async function buy(productId: string, buyer = app.buyer) {
    const opened = await ok<{ url: string }>(buyer.post("/checkout", { products: [productId] }));
    const done = await ok<{ id: string; status: string; subscriptionId: string | null }>(
      buyer.post(`/checkouts/client/${secretOf(opened.url)}/confirm`, card),
    );
    if (done.status !== "succeeded") throw new Error(`checkout ${done.status}`);
    const order = await app.db.findOne<OrderRow>({
      model: "billingOrder",
      where: [{ field: "checkoutId", value: done.id }],
    });
    if (!order) throw new Error("no order");
    return { order, subscriptionId: done.subscriptionId };
  }

  const grantRows = (where: { field: string; value: string }[] = []) =>
    app.db.findMany<BenefitGrantRow>({ model: "billingBenefitGrant", where });
  const runDue = () => app.billing.runDue();
  const myBenefits = async () => (await ok<Page<Grant>>(app.buyer.get("/customer/benefits/list"))).items;
  const state = () =>
    ok<{
      grantedBenefits: {
        id: string;
        benefitId: string;
        benefitType: string;
        properties: Record<string, unknown>;
      }[];
    }>(app.buyer.get("/customer/state"));
  /** Outbox rows of some event types, oldest first, with their payload parsed. */
  async function outbox(types: string[]) {
    const rows = await app.db.findMany<WebhookEventRow>({
      model: "billingWebhookEvent",
      where: [{ field: "type", operator: "in", value: types }],
      sortBy: [{ field: "createdAt", direction: "asc" }],
    });
    return rows.map((r) => ({
      type: r.type,
      data: (JSON.parse(r.payload) as { data: Record<string, unknown> }).data,
    }));
  }

  /** Moves the clock on by `days`, keeping both sessions alive (they last 7 days, refreshed daily). */
  async function pass(days: number) {
    for (let left = days; left > 0; left -= 5) {
      app.time.advance(Math.min(5, left) * DAY);
      await app.buyer.get("/get-session");
      await app.shop.get("/get-session");
    }
  }

  return { ...app, pass, benefit, product, buy, grantRows, runDue, myBenefits, state, outbox };
}

export type BenefitShop = Awaited<ReturnType<typeof benefitShop>>;
