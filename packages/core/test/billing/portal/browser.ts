import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { toWebRequest, writeWebResponse } from "../../../src/node";
import { billing, memoryFileStorage, type PaymentProcessor } from "../../../src/plugins/billing";
import type { BillingServices } from "../../../src/plugins/billing/services";
import { createTestAuth } from "../../../src/testing";
import { address } from "../fixtures";

/**
 * What the portal's Chromium tests share: the browser (skipped without one, as the other browser
 * tests), the screenshot folder, a shop served over HTTP, and a browser context that records
 * every Content-Security-Policy violation per page.
 */
export const executablePath = process.env.GATEHOUSE_CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasBrowser = existsSync(executablePath);
const requireBrowser = process.env.GATEHOUSE_REQUIRE_BROWSER === "1";
export const skipBrowser = !hasBrowser && !requireBrowser;
if (skipBrowser) {
  console.warn(`[portal] skipped: no Chromium at ${executablePath}. Set GATEHOUSE_CHROMIUM_PATH.`);
}

/** Screenshots land in docs/screenshots (docs/billing/portal.md shows them). */
export const shots = fileURLToPath(new URL("../../../../../docs/screenshots/", import.meta.url));

export type Violation = { directive: string; blocked: string };

/**
 * A shop on a real HTTP server ("Acme Tools", 10% tax, files in memory): "Small" ($10 / month),
 * "Big" ($30 / month) and an "E-book" ($20, partly refunded), a buyer (`email`) subscribed to
 * Small who bought the e-book; `buy` buys more as that buyer. Another processor (Stripe) takes
 * its own payment token.
 */
export async function startPortalApp(
  email: string,
  options: { processor?: PaymentProcessor; paymentToken?: string } = {},
) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { auth, signUp } = createTestAuth({
    baseURL: base,
    plugins: [
      billing({
        tax: ({ amount }) => Math.round(amount / 10),
        files: { storage: memoryFileStorage() },
        ...(options.processor ? { processor: options.processor } : {}),
      }),
    ],
  });
  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/api/auth/")) {
      res.writeHead(404).end();
      return;
    }
    await writeWebResponse(res, await auth.handler(toWebRequest(req, base)));
  });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  await services.organization.update({ name: "Acme Tools", email: "billing@acme.test" });
  const product = async (name: string, amount: number, recurring: boolean) =>
    (
      await services.products.create({
        name,
        ...(recurring ? { recurringInterval: "month" as const } : {}),
        prices: [{ amountType: "fixed", priceAmount: amount }],
      })
    ).id;
  const small = await product("Small", 1000, true);
  const big = await product("Big", 3000, true);
  const ebook = await product("E-book", 2000, false);
  const buyer = await signUp({ email, name: "Ada" });
  const buy = async (productId: string) => {
    const opened = await buyer.browser.post<{ url: string }>("/checkout", { products: [productId] });
    const secret = decodeURIComponent(opened.data.url.split("/").pop()!);
    const done = await buyer.browser.post<{
      status: string;
      subscriptionId: string | null;
      customerId: string;
    }>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      customerBillingName: "Ada Lovelace",
      confirmationTokenId: options.paymentToken ?? "pm_card_visa",
    });
    if (done.data.status !== "succeeded") throw new Error(`checkout: ${JSON.stringify(done.data)}`);
    return done.data;
  };
  const sub = await buy(small);
  await buy(ebook);
  // A partial refund, so the invoice shows its refunds block.
  const [purchase] = (await services.orders.list({ billingReason: "purchase" })).items;
  await services.refunds.create({ orderId: purchase!.id, amount: 500, reason: "customer_request" });
  return {
    server,
    base,
    services,
    small,
    big,
    buy,
    subscriptionId: sub.subscriptionId!,
    customerId: sub.customerId,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A headless Chromium (the project's flags) whose pages report CSP violations into `seen`. */
export async function portalBrowser() {
  await mkdir(shots, { recursive: true });
  const userDataDir = await mkdtemp(join(tmpdir(), "gatehouse-portal-"));
  const seen = new Map<Page, Violation[]>();
  const context: BrowserContext = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    viewport: { width: 1000, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  await context.exposeBinding("__cspViolation", ({ page }, v: Violation) => {
    const list = seen.get(page) ?? [];
    list.push(v);
    seen.set(page, list);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation;
      report({ directive: e.violatedDirective, blocked: e.blockedURI });
    });
  });
  return {
    context,
    seen,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
