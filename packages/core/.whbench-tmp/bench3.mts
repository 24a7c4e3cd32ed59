import { createServer } from "node:http";
import Database from "better-sqlite3";
import { PGlite } from "@electric-sql/pglite";
import { sqliteAdapter, pgliteAdapter } from "/work/main/packages/core/src/adapters/kysely/index";
import { migrate } from "/work/main/packages/core/src/db/migrate";
import { billing } from "/work/main/packages/core/src/plugins/billing/index";
import type { BillingServices } from "/work/main/packages/core/src/plugins/billing/services";
import { createTestAuth } from "/work/main/packages/core/src/testing";

const server = createServer((req, res) => { req.resume(); req.on("end", () => { res.writeHead(200); res.end("ok"); }); });
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
const N = Number(process.env.N ?? 1000);
let t = performance.now();
for (let i = 0; i < 200; i++) await (await fetch(url, { method: "POST", body: "x" })).text();
console.log(`raw sequential fetch: ${(200 / ((performance.now() - t) / 1000)).toFixed(0)}/s`);
for (const [name, make] of [["pglite", () => pgliteAdapter(new PGlite())]] as const) {
  for (const concurrency of [1, 10, 50]) {
    const { auth } = createTestAuth({ database: make(), plugins: [billing()] });
    await migrate(auth);
    const s = (auth as unknown as { billing: BillingServices }).billing;
    const m = await s.merchants.defaultMerchant();
    await s.webhooks.createEndpoint(m.id, { url });
    await s.ctx.write(async (_tx, emit) => { for (let i = 0; i < N; i++) await emit(m.id, "order.paid", { id: `o${i}`, amount: 2500 }); });
    t = performance.now();
    const r = await s.webhooks.deliverDue({ limit: N, concurrency });
    const ms = performance.now() - t;
    const bad = await auth.$context.adapter.findMany<{ status: string; lastError: string | null }>({ model: "billingWebhookEvent", where: [{ field: "status", operator: "ne", value: "succeeded" }] });
    if (bad.length) console.log(JSON.stringify(r), bad.length, [...new Set(bad.map((b) => `${b.status}: ${b.lastError}`))]);
    console.log(`${name} concurrency ${concurrency}: ${r.delivered} delivered in ${ms.toFixed(0)} ms = ${(r.delivered / (ms / 1000)).toFixed(0)}/s`);
  }
}
server.close();
