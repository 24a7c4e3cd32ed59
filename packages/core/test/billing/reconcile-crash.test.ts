import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  cappedDiscount,
  fixedProduct,
  openBillingApp,
  secretOf,
  usAddress,
} from "../db/billing-defects-setup";
import { randomPrefix, sqlStores } from "../db/stores";
import { clock } from "./fixtures";

/**
 * A real process killed (SIGKILL) between the processor's answer and the engine's write, on
 * PostgreSQL and MariaDB: the parent then runs runDue() past the lease and the checkout ends as
 * the payment did, once (issue 11, defect 5).
 */
const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, "../..");
const LEASE_MS = 600_000;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const stores = (await sqlStores()).filter((s) => s.name === "postgres" || s.name === "mysql");

function startChild(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(
    process.execPath,
    ["--conditions=gatehouse-source", "--import", "tsx", join(here, "reconcile-crash-child.ts")],
    { cwd: coreDir, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (d: Buffer) => chunks.push(d));
  child.stderr?.on("data", (d: Buffer) => chunks.push(d));
  return { child, output: () => Buffer.concat(chunks).toString() };
}

for (const store of stores) {
  describe.skipIf(!store.available)(`a confirm killed mid-way on ${store.name}`, () => {
    async function setup() {
      const prefix = randomPrefix("gk");
      const opened = store.open({ tablePrefix: prefix });
      const c = clock();
      const app = await openBillingApp(opened.database, {}, c);
      cleanups.push(() => opened.cleanup(app.auth.$context.schema));
      const merchantId = (await app.services.merchants.defaultMerchant()).id;
      const product = await fixedProduct(app.db(), merchantId, 1000);
      const discountId = await cappedDiscount(app.db(), merchantId, "KILL", 1);
      const { browser } = await app.signUp();
      const secret = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [product] })).data.url,
      );
      await browser.request(`/checkouts/client/${secret}`, {
        method: "PATCH",
        body: { discountCode: "KILL" },
      });
      const { id } = (await browser.get<{ id: string }>(`/checkouts/client/${secret}`)).data;

      const row = async () =>
        (await app.db().findOne<{ status: string; intentId: string | null }>({
          model: "billingCheckout",
          where: [{ field: "id", value: id }],
        }))!;
      const orders = () =>
        app.db().findMany<{ status: string; totalAmount: number }>({
          model: "billingOrder",
          where: [{ field: "checkoutId", value: id }],
        });
      const uses = async () =>
        (
          await app.db().findOne<{ redemptionsCount: number }>({
            model: "billingDiscount",
            where: [{ field: "id", value: discountId }],
          })
        )?.redemptionsCount;

      /** Runs the child until it pauses at `at`, then kills it. */
      async function killDuring(at: "order" | "reopen", token: string) {
        const { child, output } = startChild({
          GATEHOUSE_CRASH_STORE: store.name,
          GATEHOUSE_CRASH_PREFIX: prefix,
          GATEHOUSE_CRASH_SECRET: secret,
          GATEHOUSE_CRASH_TOKEN: token,
          GATEHOUSE_CRASH_AT: at,
          GATEHOUSE_CRASH_NOW: String(c.now().getTime()),
        });
        cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
        const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
          child.on("exit", (code, signal) => resolve(signal ?? code)),
        );
        const paused = new Promise<"paused">((resolve) => {
          const check = () => (output().includes("PAUSED") ? resolve("paused") : undefined);
          child.stdout?.on("data", check);
        });
        const first = await Promise.race([paused, exited.then(() => "exited")]);
        expect(first, output()).toBe("paused");
        child.kill("SIGKILL");
        expect(await exited).toBe("SIGKILL");
        expect(output().trim()).toBe("PAUSED");
      }

      return { app, c, browser, secret, row, orders, uses, killDuring };
    }

    it("killed after the payment succeeded, before the order: runDue settles exactly one paid order", async () => {
      const t = await setup();
      await t.killDuring("order", "pm_card_visa");
      // The payment went through, the order write died with its transaction.
      expect(await t.row()).toMatchObject({
        status: "confirmed",
        intentId: expect.stringMatching(/^tpi_ok_/),
      });
      expect(await t.orders()).toEqual([]);
      expect(await t.uses()).toBe(1);
      expect((await t.browser.post(`/checkouts/client/${t.secret}/confirm`, {})).status).toBe(409);

      expect((await t.app.services.runDue()).reconciled.succeeded).toBe(0);
      t.c.advance(LEASE_MS + 1000);
      expect((await t.app.services.runDue()).reconciled).toEqual({ succeeded: 1, failed: 0, pending: 0 });
      expect((await t.row()).status).toBe("succeeded");
      expect((await t.orders()).map((o) => [o.status, o.totalAmount])).toEqual([["paid", 700]]);
      expect(await t.uses()).toBe(1);
    }, 90_000);

    it("killed after a decline, before reopening: runDue reopens it and releases the discount use", async () => {
      const t = await setup();
      await t.killDuring("reopen", "pm_card_chargeDeclined");
      expect(await t.row()).toMatchObject({ status: "confirmed", intentId: null });
      expect(await t.uses()).toBe(1);
      t.c.advance(LEASE_MS + 1000);
      expect((await t.app.services.runDue()).reconciled).toEqual({ succeeded: 0, failed: 1, pending: 0 });
      expect((await t.row()).status).toBe("open");
      expect(await t.uses()).toBe(0);
      expect(await t.orders()).toEqual([]);
      const paid = await t.browser.post<{ status: string; totalAmount: number }>(
        `/checkouts/client/${t.secret}/confirm`,
        { customerBillingAddress: usAddress, confirmationTokenId: "pm_card_visa" },
      );
      expect(paid.data).toMatchObject({ status: "succeeded", totalAmount: 700 });
      expect(await t.uses()).toBe(1);
    }, 90_000);

    it("20 runDue() calls at once after the kill: exactly one order", async () => {
      const t = await setup();
      await t.killDuring("order", "pm_card_visa");
      t.c.advance(LEASE_MS + 1000);
      const results = await Promise.all(Array.from({ length: 20 }, () => t.app.services.runDue()));
      expect(results.reduce((n, r) => n + r.reconciled.succeeded, 0)).toBe(1);
      expect((await t.orders()).map((o) => o.status)).toEqual(["paid"]);
      expect((await t.row()).status).toBe("succeeded");
      expect(await t.uses()).toBe(1);
    }, 90_000);
  });
}
