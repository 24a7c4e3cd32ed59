import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { migrate } from "../../../src/db/migrate";
import { webhookPolicy } from "../../../src/plugins/billing/webhooks/policy";
import type { WebhookDeliveryRow, WebhookEventRow } from "../../../src/plugins/billing/webhooks/rows";
import { clock } from "../fixtures";
import { type Receiver, startReceiver } from "./receiver";
import { sqliteBillingApp } from "./sqlite-app";

const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, "../../..");
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function startChild(file: string, now: Date): { child: ChildProcess; output: () => string } {
  const child = spawn(
    process.execPath,
    ["--conditions=gatehouse-source", "--import", "tsx", join(here, "crash-child.ts")],
    {
      cwd: coreDir,
      env: { ...process.env, GATEHOUSE_CRASH_DB: file, GATEHOUSE_CRASH_NOW: String(now.getTime()) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (d: Buffer) => chunks.push(d));
  child.stderr?.on("data", (d: Buffer) => chunks.push(d));
  return { child, output: () => Buffer.concat(chunks).toString() };
}

describe("crash safety (SQLite file shared with a child process)", () => {
  it("a process killed mid-delivery loses no event: redelivered after the lease, same id and bytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-webhooks-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "billing.sqlite");
    const c = clock();
    const app = sqliteBillingApp(file, c.now);
    cleanups.push(() => app.close());
    await migrate(app.auth);
    const merchant = await app.services.merchants.defaultMerchant();

    let hang = true;
    const receiver: Receiver = await startReceiver({ now: c.now, behaviour: () => (hang ? "hang" : 200) });
    cleanups.push(() => receiver.close());
    const endpoint = await app.services.webhooks.createEndpoint(merchant.id, { url: receiver.url });
    receiver.secret = endpoint.secret;
    await app.services.merchants.update(merchant.id, { name: "Acme Inc" });
    await app.services.ctx.write((_tx, emit) =>
      emit(merchant.id, "order.paid", { id: "ord_1", total: 2500 }),
    );
    const rows = await app.auth.$context.adapter.findMany<WebhookEventRow>({ model: "billingWebhookEvent" });
    expect(rows.map((r) => r.type).sort()).toEqual(["order.paid", "organization.updated"]);

    // The child claims both rows and sends them; the receiver holds the requests open.
    const { child, output } = startChild(file, c.now());
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on("exit", (code, signal) => resolve(signal ?? code)),
    );
    cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
    const arrived = receiver.waitForHits(2);
    const first = await Promise.race([arrived.then(() => "hits"), exited.then(() => "exited")]);
    expect(first, output()).toBe("hits");
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(output()).toBe("");

    // Killed mid-delivery: pending, leased, no attempt recorded.
    const leased = await app.auth.$context.adapter.findMany<WebhookEventRow>({
      model: "billingWebhookEvent",
    });
    for (const row of leased) {
      expect(row).toMatchObject({ status: "pending", attempts: 0 });
      expect(row.lockedUntil?.getTime()).toBeGreaterThan(c.now().getTime());
    }
    // While the lease holds, nobody else sends them.
    hang = false;
    expect((await app.services.runDue()).webhooks).toEqual({ delivered: 0, failed: 0, skipped: 0 });
    expect(receiver.hits).toHaveLength(2);

    c.advance(webhookPolicy().leaseMs + 1);
    expect((await app.services.runDue()).webhooks).toEqual({ delivered: 2, failed: 0, skipped: 0 });

    for (const row of rows) {
      const hits = receiver.hitsFor(row.id);
      expect(hits.map((h) => h.status)).toEqual([0, 200]); // the killed attempt, then the redelivery
      expect(hits.every((h) => h.error === null)).toBe(true);
      expect(hits.every((h) => h.body.equals(Buffer.from(row.payload, "utf8")))).toBe(true);
    }
    const done = await app.auth.$context.adapter.findMany<WebhookEventRow>({ model: "billingWebhookEvent" });
    expect(done.map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual([
      ["succeeded", 1, null],
      ["succeeded", 1, null],
    ]);
    const log = await app.auth.$context.adapter.findMany<WebhookDeliveryRow>({
      model: "billingWebhookDelivery",
    });
    expect(log.map((d) => [d.attempt, d.succeeded, d.httpCode])).toEqual([
      [1, true, 200],
      [1, true, 200],
    ]);
    expect((await app.services.runDue()).webhooks.delivered).toBe(0);
  }, 90_000);
});
