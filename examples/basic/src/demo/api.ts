import type { IncomingMessage, ServerResponse } from "node:http";
import type { ExampleAuth } from "../auth";
import { CATALOG, storeProducts } from "../catalog";
import type { Mailbox } from "./mailbox";
import { DEMO_PASSWORD, DEMO_USERS } from "./seed";

interface DemoContext {
  auth: ExampleAuth;
  mailbox: Mailbox;
  storeId: string;
}

interface OrderRow {
  id: string;
  invoiceNumber: string;
  status: string;
  totalAmount: number;
  currency: string;
  billingName: string | null;
  customerId: string;
  productId: string;
  createdAt: Date;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
};

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(key, value);
  return headers;
}

/**
 * Orders of the store, for its merchant page. Gatehouse has no merchant order-list endpoint yet, so
 * the demo reads them here, for platform admins and the store's members only.
 */
async function storeOrders(ctx: DemoContext, req: IncomingMessage) {
  const session = await ctx.auth.api.getSession({ headers: headersOf(req) });
  if (!session) return { status: 401, body: { code: "UNAUTHORIZED", message: "Sign in first." } };
  const db = ctx.auth.$context.adapter;
  const isAdmin = String((session.user as { role?: string }).role ?? "")
    .split(",")
    .includes("admin");
  const member = await db.findOne({
    model: "member",
    where: [
      { field: "organizationId", value: ctx.storeId },
      { field: "userId", value: session.user.id },
    ],
  });
  if (!isAdmin && !member)
    return { status: 403, body: { code: "NOT_A_MEMBER", message: "Only the store's team sees its orders." } };
  const orders = await db.findMany<OrderRow>({
    model: "billingOrder",
    where: [{ field: "merchantId", value: ctx.storeId }],
    sortBy: { field: "createdAt", direction: "desc" },
    limit: 50,
  });
  const customers = await db.findMany<{ id: string; email: string }>({
    model: "billingCustomer",
    limit: 1000,
  });
  const email = new Map(customers.map((c) => [c.id, c.email]));
  const product = new Map(
    storeProducts.map((p) => [p.productId, CATALOG.find((c) => c.slug === p.slug)?.name ?? p.slug]),
  );
  return {
    status: 200,
    body: orders.map((o) => ({
      id: o.id,
      invoiceNumber: o.invoiceNumber,
      status: o.status,
      totalAmount: Number(o.totalAmount),
      currency: o.currency,
      customerEmail: email.get(o.customerId) ?? null,
      productName: product.get(o.productId) ?? "Product",
      createdAt: o.createdAt,
    })),
  };
}

/** The demo's own small API under /demo (development only: the mailbox shows sign-in links). */
export function createDemoApi(ctx: DemoContext) {
  const received: { type: string; at: string }[] = [];
  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    if (!pathname.startsWith("/demo/")) return false;
    const route = `${req.method} ${pathname}`;
    if (route === "GET /demo/config") {
      const providers = ctx.auth.$context.options.socialProviders ?? {};
      json(res, 200, {
        socialProviders: { github: "github" in providers },
        demoUsers: Object.values(DEMO_USERS).map(({ email, name }) => ({ email, name })),
        demoPassword: DEMO_PASSWORD,
        storeId: ctx.storeId,
      });
    } else if (route === "GET /demo/mailbox") {
      json(res, 200, ctx.mailbox.list());
    } else if (route === "GET /demo/catalog") {
      const { items } = await ctx.auth.billing.products.list({ organizationId: ctx.storeId, limit: 100 });
      const slugOf = new Map(storeProducts.map((p) => [p.productId, p.slug]));
      const rank = (slug: string | null) => CATALOG.findIndex((c) => c.slug === slug);
      const products = items.map((p) => ({ ...p, slug: slugOf.get(p.id) ?? null }));
      json(
        res,
        200,
        products.sort((a, b) => rank(a.slug) - rank(b.slug)),
      );
    } else if (route === "GET /demo/merchant/orders") {
      const { status, body } = await storeOrders(ctx, req);
      json(res, status, body);
    } else if (route === "POST /demo/webhook-receiver") {
      // The store's webhook endpoint points here, so deliveries in the merchant page succeed.
      let body = "";
      for await (const chunk of req) body += chunk;
      const type = (JSON.parse(body || "{}") as { type?: string }).type ?? "unknown";
      received.unshift({ type, at: new Date().toISOString() });
      received.length = Math.min(received.length, 100);
      json(res, 200, { received: true });
    } else {
      json(res, 404, { code: "NOT_FOUND", message: "No such demo route." });
    }
    return true;
  };
}
