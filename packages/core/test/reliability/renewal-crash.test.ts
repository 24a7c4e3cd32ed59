import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { clock } from "../billing/fixtures";
import { serviceAvailable } from "../helpers/services";
import { doneResult, killLeftovers, startChild } from "./child";
import { record } from "./counters";
import { appInstance } from "./instance";
import { pgTables } from "./pg-tables";

/*
 * Crash safety of renewals on PostgreSQL: a real child process (crash-child.ts, same tables) runs
 * `runDue()` on a due subscription and is SIGKILLed inside the renewal transaction, right before
 * the cycle order is written. Its claim on the subscription survives (it was committed before
 * the transaction), the renewal itself rolls back. This process plays the restarted app: nobody
 * renews while the dead worker's claim holds; after the claim lapses exactly one renewal happens,
 * with one cycle order charged once; more runs do nothing more. Then two live processes and this
 * one renew the next period at the same moment: once.
 */

const available = await serviceAvailable("postgres");
const tables = pgTables("gh_renew_kill_");
const DAY = 86_400_000;
const CLAIM_LAPSE = 5 * 60 * 1000 + 1000;
const c = clock(Date.UTC(2026, 0, 31, 9));
let app: ReturnType<typeof appInstance>;

afterEach(() => killLeftovers());

interface OrderRow {
  id: string;
  status: string;
  billingReason: string;
  totalAmount: number;
}
interface SubRow {
  id: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  lockedUntil: Date | null;
}

describe.skipIf(!available)("SIGKILL during a renewal on PostgreSQL", () => {
  beforeAll(async () => {
    const connected = tables.connect();
    app = appInstance({ database: connected.database, now: c.now });
    await migrate(app.auth);
  }, 60_000);

  afterAll(async () => {
    killLeftovers();
    await tables.drop(app?.auth.$context.schema);
  });

  const base = () => ({ GATEHOUSE_REL_PREFIX: tables.prefix, GATEHOUSE_REL_NOW: String(c.now().getTime()) });

  /** A monthly subscription of 19.00 bought now through the hosted checkout with a test card. */
  async function subscribe() {
    const db = app.auth.$context.adapter;
    const merchant = await app.services.merchants.defaultMerchant();
    const product = await db.create<{ id: string }>({
      model: "billingProduct",
      data: {
        merchantId: merchant.id,
        name: "Pro",
        isRecurring: true,
        recurringInterval: "month",
        metadata: {},
      },
    });
    await db.create({
      model: "billingPrice",
      data: {
        productId: product.id,
        merchantId: merchant.id,
        type: "recurring",
        recurringInterval: "month",
        amountType: "fixed",
        priceAmount: 1900,
        priceCurrency: "usd",
      },
    });
    const { browser } = await app.signUp({
      email: `renew-${Math.random().toString(36).slice(2)}@example.com`,
    });
    const url = (await browser.post<{ url: string }>("/checkout", { products: [product.id] })).data.url;
    const secret = decodeURIComponent(url.split("/").pop()!);
    const done = await browser.post<{ subscriptionId: string }>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: {
        country: "US",
        line1: "1 Main St",
        city: "Springfield",
        postalCode: "12345",
        state: "US-IL",
      },
      confirmationTokenId: "pm_card_visa",
    });
    expect(done.status).toBe(200);
    return done.data.subscriptionId;
  }

  const subOf = async (id: string) =>
    (await app.auth.$context.adapter.findOne<SubRow>({
      model: "billingSubscription",
      where: [{ field: "id", value: id }],
    }))!;
  const cycleOrders = async (id: string) =>
    (
      await app.auth.$context.adapter.findMany<OrderRow>({
        model: "billingOrder",
        where: [{ field: "subscriptionId", value: id }],
      })
    ).filter((o) => o.billingReason === "subscription_cycle");

  it("killed inside the renewal transaction: renewed exactly once after the claim lapses", async () => {
    const id = await subscribe();
    const before = await subOf(id);
    expect(before.currentPeriodEnd.toISOString()).toBe("2026-02-28T09:00:00.000Z");
    c.set(new Date("2026-02-28T10:00:00.000Z"));

    const child = startChild({ ...base(), GATEHOUSE_REL_MODE: "renew", GATEHOUSE_REL_PAUSE: "order" });
    await child.waitFor("PAUSED");
    await child.kill();

    // The renewal rolled back with the connection; the claim (committed before it) remains.
    const after = await subOf(id);
    expect(after.status).toBe("active");
    expect(after.currentPeriodEnd.toISOString()).toBe("2026-02-28T09:00:00.000Z");
    expect(after.lockedUntil!.getTime()).toBeGreaterThan(c.now().getTime());
    expect(await cycleOrders(id)).toHaveLength(0);

    // While the dead worker's claim holds, nobody renews it.
    expect((await app.services.runDue()).subscriptions.renewed).toBe(0);
    expect(await cycleOrders(id)).toHaveLength(0);

    c.advance(CLAIM_LAPSE);
    const run = await app.services.runDue();
    expect(run.subscriptions.renewed).toBe(1);
    const renewed = await subOf(id);
    expect(renewed.currentPeriodStart.toISOString()).toBe("2026-02-28T09:00:00.000Z");
    expect(renewed.currentPeriodEnd.toISOString()).toBe("2026-03-31T09:00:00.000Z");
    expect(renewed.lockedUntil).toBeNull();
    const orders = await cycleOrders(id);
    expect(orders.map((o) => [o.status, o.totalAmount])).toEqual([["paid", 1900]]);

    // Later runs change nothing.
    expect((await app.services.runDue()).subscriptions.renewed).toBe(0);
    expect(await cycleOrders(id)).toHaveLength(1);
  }, 60_000);

  it("two processes and this one renew the next period at the same moment: once", async () => {
    const id = await subscribe();
    // The first test's subscription (now due again too) is renewed alongside: once as well.
    const others = (
      await app.auth.$context.adapter.findMany<SubRow>({ model: "billingSubscription", where: [] })
    ).filter((s) => s.id !== id);
    const cyclesBefore = await Promise.all(others.map(async (s) => (await cycleOrders(s.id)).length));
    c.set(new Date(c.now().getTime() + 32 * DAY));
    const children = [1, 2].map(() =>
      startChild({ ...base(), GATEHOUSE_REL_MODE: "renew", GATEHOUSE_REL_WAIT: "1" }),
    );
    await Promise.all(children.map((ch) => ch.waitFor("READY")));
    for (const ch of children) ch.send("go");
    const mine = await app.services.runDue();
    await Promise.all(children.map((ch) => ch.waitFor("DONE")));
    const total =
      mine.subscriptions.renewed +
      children.map((ch) => doneResult<{ renewed: number }>(ch).renewed).reduce((a, b) => a + b, 0);
    expect(total).toBe(1 + others.length);
    for (const [i, s] of others.entries()) expect(await cycleOrders(s.id)).toHaveLength(cyclesBefore[i]! + 1);
    const orders = await cycleOrders(id);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.billingReason).toBe("subscription_cycle");
    record({ instanceChecks: 1 });
  }, 60_000);
});
