import pg from "pg";
import { address } from "../test/billing/fixtures";
import { pgBillingApp, pgUrl } from "./pg-app";

const app = await pgBillingApp(pgUrl!, "s", { poolSize: 4 });
try {
  const product = await app.shop.post<{ id: string }>("/billing/products/create", {
    name: "E-book", prices: [{ amountType: "fixed", priceAmount: 2500 }],
  });
  const buyer = (await app.signUp({ email: "b@example.com" })).browser;
  const purchase = async () => {
    const created = await buyer.post<{ url: string }>("/checkout", { products: [product.data.id] });
    const secret = decodeURIComponent(created.data.url.split("/").pop()!);
    console.log("---- confirm");
    const c = await buyer.post<{ status: string }>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address, confirmationTokenId: "pm_card_visa" });
    if (c.data.status !== "succeeded") throw new Error(JSON.stringify(c.data));
  };
  await purchase();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const a = args[0] as string | { text: string };
    const text = typeof a === "string" ? a : a.text;
    console.log(text.replace(/"bench\w+?_/g, '"').slice(0, Number(process.env.W ?? 200)));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  console.log("---- create");
  await purchase();
  if (process.env.HOOK) {
    pg.Client.prototype.query = query;
    await app.db.create({ model: "billingWebhookEndpoint", data: { merchantId: app.merchant.id, url: "https://hooks.example.com/in", secret: "whsec_bench", events: [], enabled: true } });
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const a = args[0] as string | { text: string };
      const text = typeof a === "string" ? a : a.text;
      console.log(text.replace(/"bench\w+?_/g, '"').slice(0, Number(process.env.W ?? 200)));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    console.log("==== with hook");
    await purchase();
  }
  pg.Client.prototype.query = query;
} finally { await app.close(); }
