/**
 * The server of the checkout benchmark over HTTP (`bench/checkout-http.ts` forks it): the billing
 * app on PostgreSQL (GATEHOUSE_PG_URL) behind a real node:http server (`toNodeHandler`), in a
 * process of its own. Creates the product and 32 signed-in buyers in-process, listens on
 * 127.0.0.1 (port 0) and sends the parent one `ServerReady` message. On "close" (or SIGTERM, or the
 * parent going away) it closes the server, drops its tables (`app.close()`) and exits.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "../src/node";
import { type CheckoutTables, checkoutTables, pgBillingApp } from "./pg-app";

const BUYERS = 32;

/** What the parent needs: where to send, as whom, and where to look in the database. */
export interface ServerReady extends CheckoutTables {
  readonly port: number;
  readonly pid: number;
  readonly productId: string;
  /** Cookie header of each buyer (`h${i}@example.com`). */
  readonly cookies: string[];
  /** The tables' prefix, also the `application_name` of the server's PostgreSQL connections. */
  readonly tablePrefix: string;
}

async function start(url: string) {
  // The rate limiter stays on (memory store, as deployed) with its limit raised: the rows measure
  // what it costs, not its refusals (the default 100 requests per 10 s per address and path would
  // refuse a long row even with the buyers on addresses of their own).
  const app = await pgBillingApp(url, "h", { poolSize: 20, rateLimit: { enabled: true, max: 1_000_000 } });
  let closing: Promise<void> | undefined;
  const server = createServer(toNodeHandler(app.auth));
  const shutdown = () => {
    closing ??= (async () => {
      server.closeAllConnections();
      server.close();
      try {
        await app.close();
      } finally {
        process.exit(0);
      }
    })();
    return closing;
  };
  process.on("message", (message) => {
    if (message === "close") void shutdown();
  });
  process.on("disconnect", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
  try {
    const product = await app.shop.post<{ id: string }>("/billing/products/create", {
      name: "E-book",
      prices: [{ amountType: "fixed", priceAmount: 2500 }],
    });
    if (product.status !== 200) throw new Error(`product: ${product.status} ${JSON.stringify(product.data)}`);
    const cookies: string[] = [];
    for (let i = 0; i < BUYERS; i++) {
      cookies.push((await app.signUp({ email: `h${i}@example.com` })).browser.cookieHeader());
    }
    const { rows } = await app.pool.query<{ name: string }>(
      "SELECT current_setting('application_name') AS name",
    );
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const ready: ServerReady = {
      port: (server.address() as AddressInfo).port,
      pid: process.pid,
      productId: product.data.id,
      cookies,
      tablePrefix: rows[0]!.name,
      ...checkoutTables(app.physical),
    };
    process.send!(ready);
  } catch (error) {
    process.send!({ error: String(error) });
    await shutdown();
  }
}

const url = process.env.GATEHOUSE_PG_URL;
if (!url || !process.send) {
  console.error("checkout-server: forked by bench/checkout-http.ts with GATEHOUSE_PG_URL set");
  process.exit(1);
}
await start(url).catch((error: unknown) => {
  process.send!({ error: String(error) }, () => process.exit(1));
});
