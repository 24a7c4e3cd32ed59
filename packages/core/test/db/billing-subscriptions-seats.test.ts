import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseAdapter } from "../../src/db/adapter";
import { prorate } from "../../src/plugins/billing/subscriptions/proration";
import { clock } from "../billing/fixtures";
import { HALF, RENEWAL, START, seatShop } from "../billing/seat-helpers";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

const PERIOD = [new Date(START), RENEWAL] as const;

/**
 * Seats following membership on every store (memory and the four SQL stores): a checkout for 3
 * members, a member added and removed mid-period (prorated), 10 members added at once (the seat
 * count is the member count read under the organization's lock, whatever order the syncs run in),
 * a seat count set by the merchant (invoiced now), and the renewal that bills it all.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;

for (const store of stores) {
  describe.skipIf(!store.available)(`seats following membership on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    const time = clock(START);
    let t: Awaited<ReturnType<typeof seatShop>>;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gs") }) : null;
      const database: DatabaseAdapter | undefined = opened?.database;
      t = await seatShop({ clock: time, behavior: "prorate", ...(database ? { database } : {}) });
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(t.auth.$context.schema);
    });

    it("seats follow the member count, prorated, and concurrent joins end with the right count", async () => {
      const [second] = await t.addMembers(2);
      const { subscriptionId: id, amount } = await t.subscribe();
      expect(amount).toBe(3000);
      expect(await t.sub(id)).toMatchObject({ seats: 3, amount: 3000 });

      time.set(HALF);
      await t.addMembers(1);
      expect(await t.sub(id)).toMatchObject({ seats: 4, amount: 4000 });
      expect((await t.removeMember(second!)).status).toBe(200);
      expect(await t.sub(id)).toMatchObject({ seats: 3, amount: 3000 });

      // 10 members join at once: 13 seats, whatever order the membership events were handled in.
      await t.addMembers(10, true);
      const after = await t.sub(id);
      expect(after).toMatchObject({ seats: 13, amount: 13_000 });
      expect(await t.orgs.countMembers(t.team.id)).toBe(13);
      // Every step credits the amount the previous one debited (same instant): the carried lines
      // add up to the debit at 13 seats less the credit at 3, to the minor unit.
      const carried = (after.pendingItems ?? []).reduce((sum, line) => sum + line.amount, 0);
      expect(carried).toBe(prorate(13_000, ...PERIOD, HALF) - prorate(3000, ...PERIOD, HALF));
      expect(carried).toBe(5000);
      const updates = (await t.outbox()).filter((e) => e.type === "subscription.updated" && e.data.id === id);
      // Outbox rows written at one instant have no order between them: look at the values.
      const seatsSeen = updates.map((e) => e.data.seats as number);
      expect(seatsSeen).toContain(13);
      expect(Math.max(...seatsSeen)).toBe(13);
      expect(updates.find((e) => e.data.seats === 13)?.data.amount).toBe(13_000);
      expect(updates.length).toBeGreaterThanOrEqual(3);
      expect(
        (await t.outbox()).filter((e) => e.type === "customer.state_changed").length,
      ).toBeGreaterThanOrEqual(updates.length);
      expect(t.processor.charges).toHaveLength(0);

      // The merchant sets 15 seats, invoiced now: half of 15000 less half of 13000.
      const set = await t.services.subscriptions.applyUpdate(after, {
        seats: 15,
        prorationBehavior: "invoice",
      });
      expect(set).toMatchObject({ seats: 15, amount: 15_000 });
      expect(t.processor.charges.map((c) => c.amount)).toEqual([1000]);

      time.set(RENEWAL);
      await t.services.runDue();
      // 15 seats, plus the 5000 carried by the membership changes.
      expect(t.processor.charges.map((c) => c.amount)).toEqual([1000, 20_000]);
      const orders = await t.ordersOf(id);
      expect(orders.map((o) => [o.billingReason, o.status, o.totalAmount])).toEqual([
        ["subscription_create", "paid", 3000],
        ["subscription_update", "paid", 1000],
        ["subscription_cycle", "paid", 20_000],
      ]);
      const items = await t.itemsOf(orders[2]!.id);
      expect(items.at(-1)).toEqual(["Team — 15 seats — From 2026-02-15 to 2026-03-15", 15_000, false]);
    }, 180_000);
  });
}
