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

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
};

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
