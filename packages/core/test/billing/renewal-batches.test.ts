import { describe, expect, it } from "vitest";
import { testProcessor } from "../../src/plugins/billing/processors/test-processor";
import { address, billingApp, clock } from "./fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
type Order = {
  id: string;
  invoiceNumber: string;
  billingReason: string;
  status: string;
  subscriptionId: string;
};

/**
 * `runDue()` renews a claimed batch in shared transactions (memory adapter, real rollback): a
 * renewal that fails rolls its transaction back, the others of that transaction are renewed again
 * one by one, and invoice numbers stay unique and gap-free.
 */
describe("renewals in shared transactions", () => {
  it("one failing renewal holds back no other; invoice numbers have no gap or duplicate", async () => {
    const processor = testProcessor();
    const app = await billingApp(
      { processor, subscriptions: { renewalConcurrency: 2 } },
      clock(Date.UTC(2026, 0, 15, 12)),
    );
    const { productId } = await app.product({
      name: "Pro",
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 1000 },
    });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { browser } = await app.signUp({ email: `buyer${i}@example.com` });
      const url = (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url;
      const done = await browser.post<{ subscriptionId: string }>(
        `/checkouts/client/${secretOf(url)}/confirm`,
        {
          customerBillingAddress: address,
          confirmationTokenId: "pm_card_visa",
        },
      );
      ids.push(done.data.subscriptionId);
    }
    // A pending line the order-item model rejects: this renewal throws inside its transaction.
    const broken = ids[3]!;
    await app.db.update({
      model: "billingSubscription",
      where: [{ field: "id", value: broken }],
      update: { pendingItems: [{ label: "bad", amount: 5, productPriceId: null, bogus: true }] },
    });

    app.clock.set(new Date(Date.UTC(2026, 1, 15, 12)));
    const before = app.events.length;
    const result = await app.services.runDue();
    expect(result.subscriptions.renewed).toBe(11);
    expect(result.subscriptions.charges.paid).toBe(11);
    expect(processor.charges.map((c) => c.amount)).toEqual(Array(11).fill(1000));

    for (const id of ids) {
      const sub = (await app.services.subscriptions.findById(id))!;
      expect(sub.currentPeriodEnd?.toISOString()).toBe(
        id === broken ? "2026-02-15T12:00:00.000Z" : "2026-03-15T12:00:00.000Z",
      );
    }
    const orders = await app.db.findMany<Order>({ model: "billingOrder", sortBy: { field: "createdAt" } });
    const cycles = orders.filter((o) => o.billingReason === "subscription_cycle");
    expect(cycles.map((o) => o.subscriptionId).sort()).toEqual(ids.filter((id) => id !== broken).sort());
    expect(cycles.every((o) => o.status === "paid")).toBe(true);
    // 12 checkout orders, then 11 renewals: 1..23, each once (the failed transaction's reservation rolled back).
    const numbers = orders.map((o) => Number(o.invoiceNumber.split("-").pop())).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    // Each order.created of a renewal carries the stored (final) invoice number.
    const created = app.events.slice(before).filter((e) => e.type === "order.created");
    expect(created.map((e) => e.data.invoiceNumber).sort()).toEqual(
      cycles.map((o) => o.invoiceNumber).sort(),
    );
  });
});
