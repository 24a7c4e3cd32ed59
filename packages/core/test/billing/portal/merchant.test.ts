import { describe, expect, it } from "vitest";
import type { OrderRow } from "../../../src/plugins/billing/rows";
import { countingMemoryDatabase } from "../../helpers/counting";
import { ok } from "../catalog/helpers";
import { portalShop } from "./setup";

type ErrorBody = { code: string; message: string };
type Page<T> = {
  items: T[];
  pagination: { totalCount: number; maxPage: number };
  page: number;
  limit: number;
};
type Order = { id: string; status: string; billingReason: string; productId: string; customerId: string };
type Checkout = { id: string; status: string; productId: string; totalAmount: number; url: string };

describe("merchant read API: orders, invoices, checkouts", () => {
  it("GET /billing/orders/list filters by customer, product, billing reason and status, paginated", async () => {
    const app = await portalShop();
    const all = await ok<Page<Order>>(app.shop.get("/billing/orders/list"));
    expect(all.pagination).toEqual({ totalCount: 2, maxPage: 1 });
    expect(all.items.map((o) => o.id)).toEqual([app.purchase.id, app.subscriptionOrder.id]);
    const ids = async (query: Record<string, string>) =>
      (await ok<Page<Order>>(app.shop.get("/billing/orders/list", { query }))).items.map((o) => o.id);
    expect(await ids({ productId: app.ebook })).toEqual([app.purchase.id]);
    expect(await ids({ billingReason: "subscription_create" })).toEqual([app.subscriptionOrder.id]);
    expect(await ids({ billingReason: "purchase" })).toEqual([app.purchase.id]);
    expect(await ids({ status: "partially_refunded" })).toEqual([app.purchase.id]);
    expect(await ids({ status: "paid" })).toEqual([app.subscriptionOrder.id]);
    expect(await ids({ customerId: app.purchase.customerId })).toHaveLength(2);
    expect(await ids({ customerId: "someone-else" })).toEqual([]);
    const paged = await ok<Page<Order>>(
      app.shop.get("/billing/orders/list", { query: { limit: "1", page: "2" } }),
    );
    expect(paged).toMatchObject({ page: 2, limit: 1, pagination: { totalCount: 2, maxPage: 2 } });
    expect(paged.items.map((o) => o.id)).toEqual([app.subscriptionOrder.id]);
    const bad = await app.shop.get<ErrorBody>("/billing/orders/list", { query: { status: "lost" } });
    expect(bad.status).toBe(400);
    expect(bad.data.code).toBe("INVALID_QUERY_PARAMETERS");
    // Buyers are not the merchant.
    expect((await app.buyer.get("/billing/orders/list")).status).toBe(403);
    // The same list as a server call.
    const server = await app.billing.orders.list({ billingReason: "purchase" });
    expect(server.items.map((o) => o.id)).toEqual([app.purchase.id]);
  });

  it("GET /billing/orders/get has the order shape of the buyer list; another merchant's order is 404", async () => {
    const app = await portalShop();
    const got = await ok<Record<string, unknown>>(
      app.shop.get("/billing/orders/get", { query: { id: app.purchase.id } }),
    );
    const buyerList = await ok<Page<Record<string, unknown>>>(app.buyer.get("/customer/orders/list"));
    expect(got).toEqual(JSON.parse(JSON.stringify(buyerList.items.find((o) => o.id === app.purchase.id))));
    expect(got).toMatchObject({ status: "partially_refunded", totalAmount: 1980, refundedAmount: 500 });

    const other = await app.db.create<{ id: string }>({
      model: "billingMerchant",
      data: { name: "Other shop", slug: "other", socials: [], featureSettings: {}, subscriptionSettings: {} },
    });
    const { id: _id, ...copy } = app.purchase as OrderRow;
    const foreign = await app.db.create<{ id: string }>({
      model: "billingOrder",
      data: { ...copy, merchantId: other.id, invoiceNumber: "OTHER-0001", checkoutId: null },
    });
    for (const path of ["/billing/orders/get", "/billing/orders/invoice"]) {
      const res = await app.shop.get<ErrorBody>(path, { query: { id: foreign.id } });
      expect(res.status).toBe(404);
      expect(res.data).toMatchObject({ code: "ORDER_NOT_FOUND", message: "Order not found" });
    }
    expect((await app.shop.get("/billing/orders/get", { query: { id: "missing" } })).status).toBe(404);
  });

  it("GET /billing/orders/invoice: JSON, and with Accept: text/html the portal's printable invoice", async () => {
    const app = await portalShop();
    const json = await ok<Record<string, unknown>>(
      app.shop.get("/billing/orders/invoice", { query: { id: app.purchase.id } }),
    );
    const { token } = await app.session();
    const portal = await ok(app.anon.get(`${app.api(token)}/orders/${app.purchase.id}/invoice`));
    expect(json).toEqual(portal);
    expect(json).toMatchObject({
      subtotalAmount: 2000,
      discountAmount: 200,
      taxAmount: 180,
      totalAmount: 1980,
    });

    const html = await app.shop.get<string>("/billing/orders/invoice", {
      query: { id: app.purchase.id },
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");
    const body = html.data;
    for (const text of [
      `Invoice ${app.purchase.invoiceNumber}`,
      "Acme Tools",
      "billing@acme.test",
      "Ada Buyer",
      "1 Main St",
      "Springfield",
      "United States",
      "E-book",
      "$20.00",
      "Discount (SAVE10)",
      "-$2.00",
      "$1.80",
      "$19.80",
      "-$5.50",
      "Total after refunds",
      "$14.30",
      "Customer request",
      "@media print",
    ])
      expect(body).toContain(text);
    // The portal's invoice page shows the same invoice markup.
    const page = await app.anon.get<string>(`/customer-portal/${token}/invoices/${app.purchase.id}`);
    const article = (s: string) => s.slice(s.indexOf('<article class="invoice"'), s.indexOf("</article>"));
    expect(article(page.data)).toBe(article(body));
    expect(page.data).toContain("Print or save as PDF");
  });

  it("GET /billing/checkouts/list|get: the spec's Checkout shape, filtered; unknown ids are 404", async () => {
    const app = await portalShop();
    const all = await ok<Page<Checkout>>(app.shop.get("/billing/checkouts/list"));
    expect(all.pagination.totalCount).toBe(2);
    expect(all.items.every((c) => c.status === "succeeded")).toBe(true);
    const ebook = await ok<Page<Checkout>>(
      app.shop.get("/billing/checkouts/list", { query: { productId: app.ebook } }),
    );
    expect(ebook.items).toHaveLength(1);
    expect(ebook.items[0]).toMatchObject({ productId: app.ebook, totalAmount: 1980 });
    const open = await ok<Page<Checkout>>(
      app.shop.get("/billing/checkouts/list", { query: { status: "open" } }),
    );
    expect(open.items).toEqual([]);
    const one = await ok<Checkout & Record<string, unknown>>(
      app.shop.get("/billing/checkouts/get", { query: { id: ebook.items[0]!.id } }),
    );
    expect(one).toEqual(ebook.items[0]);
    expect(one.url).toMatch(/\/checkout\/gh_cs_/);
    expect(one).toHaveProperty("discount.code", "SAVE10");
    const missing = await app.shop.get<ErrorBody>("/billing/checkouts/get", { query: { id: "missing" } });
    expect(missing.status).toBe(404);
    expect(missing.data.code).toBe("CHECKOUT_NOT_FOUND");
    expect((await app.buyer.get("/billing/checkouts/list")).status).toBe(403);
  });

  it("the portal page: strict CSP, nosniff, no referrer, never framed, no store; nonce'd script", async () => {
    const app = await portalShop();
    const { token } = await app.session();
    const res = await app.anon.get<string>(`/customer-portal/${token}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.data).toContain(`<script nonce="${nonce}">`);
    expect(res.data).toContain(`<style nonce="${nonce}">`);
    expect(
      res.data.match(/<script(?![^>]*type="application\/json")[^>]*>/g)?.every((t) => t.includes(nonce!)),
    ).toBe(true);
    expect(res.data).toContain('<section id="subscriptions"');
    expect(res.data).toContain('<section id="orders"');
    expect(res.data).toContain(`/customer-portal/${token}/invoices/${app.purchase.id}`);
    // A second response has a fresh nonce.
    const again = await app.anon.get<string>(`/customer-portal/${token}`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce!);
  });

  it("lists cost a constant number of queries (2 orders and 6 orders)", async () => {
    async function cost(extra: number) {
      const { database, trips } = countingMemoryDatabase();
      const app = await portalShop({}, database);
      for (let i = 0; i < extra; i++) {
        const opened = await ok<{ url: string }>(app.buyer.post("/checkout", { products: [app.ebook] }));
        await ok(
          app.buyer.post(`/checkouts/client/${decodeURIComponent(opened.url.split("/").pop()!)}/confirm`, {
            customerBillingAddress: {
              country: "US",
              line1: "1 Main St",
              city: "Springfield",
              postalCode: "12345",
              state: "US-IL",
            },
            confirmationTokenId: "pm_card_visa",
          }),
        );
      }
      const { token } = await app.session();
      const out: Record<string, number> = {};
      for (const [name, run] of [
        [
          "orders",
          () => ok<Page<unknown>>(app.shop.get("/billing/orders/list", { query: { limit: "100" } })),
        ],
        [
          "checkouts",
          () => ok<Page<unknown>>(app.shop.get("/billing/checkouts/list", { query: { limit: "100" } })),
        ],
        [
          "portalOrders",
          () => ok<Page<unknown>>(app.anon.get(`${app.api(token)}/orders`, { query: { limit: "100" } })),
        ],
      ] as const) {
        trips.reset();
        const page = await run();
        expect(page.items).toHaveLength(2 + extra);
        out[name] = trips.total;
      }
      trips.reset();
      await ok(app.anon.get(`/customer-portal/${token}`));
      out.page = trips.total;
      return out;
    }
    const small = await cost(0);
    const large = await cost(4);
    expect(large).toEqual(small);
    // Orders: merchant (once: the access check's row is reused by the service), page, count, then
    // items, customers, discounts, subscriptions, products.
    // The page: its six sections (benefits, usage and payment method read 9 of the round trips).
    expect(small).toEqual({ orders: 12, checkouts: 10, portalOrders: 13, page: 33 });
  });
});
