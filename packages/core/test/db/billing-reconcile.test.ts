import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBrowser } from "../../src/testing";
import { crashingDatabase, ledgerProcessor } from "./billing-crash-tools";
import {
  allStores,
  cappedDiscount,
  fixedProduct,
  type OpenedApp,
  openBillingApp,
  secretOf,
  usAddress,
} from "./billing-defects-setup";
import type { OpenStore } from "./stores";

/**
 * Reconciliation of checkouts left `confirmed` by a process that died between the processor's
 * answer and the order write (issue 11, defect 5), on every store. The crash is simulated in
 * process (a failing write that rolls its transaction back, or a processor answer that never
 * arrives); test/billing/reconcile-crash.test.ts kills a real process.
 */
const stores = await allStores();
const LEASE_S = 600;
type Checkout = { id: string; status: string; discountId: string | null; totalAmount: number };
type Row = Checkout & {
  intentId: string | null;
  paymentProcessorMetadata: Record<string, string>;
  modifiedAt: Date;
};

for (const store of stores) {
  describe.skipIf(!store.available)(`checkout reconciliation on ${store.name}`, () => {
    let opened: OpenStore;
    let app: OpenedApp;
    let crash: ReturnType<typeof crashingDatabase>;
    let ledger: ReturnType<typeof ledgerProcessor>;
    let merchantId: string;
    let product: string;

    beforeAll(async () => {
      opened = store.open("gr");
      crash = crashingDatabase(opened.database);
      ledger = ledgerProcessor();
      app = await openBillingApp(crash.database, { processor: ledger.processor });
      merchantId = (await app.services.merchants.defaultMerchant()).id;
      product = await fixedProduct(app.db(), merchantId, 1000);
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    const row = async (id: string) =>
      (await app.db().findOne<Row>({ model: "billingCheckout", where: [{ field: "id", value: id }] }))!;
    const orders = (checkoutId: string) =>
      app.db().findMany<{ status: string; totalAmount: number }>({
        model: "billingOrder",
        where: [{ field: "checkoutId", value: checkoutId }],
      });
    const uses = async (discountId: string) =>
      (
        await app.db().findOne<{ redemptionsCount: number }>({
          model: "billingDiscount",
          where: [{ field: "id", value: discountId }],
        })
      )?.redemptionsCount;

    /** A checkout with a capped discount applied, confirmed, its order write "crashed". */
    async function stuckAfterPayment(browser: TestBrowser, code: string) {
      const discountId = await cappedDiscount(app.db(), merchantId, code, 1);
      const secret = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [product] })).data.url,
      );
      await browser.request(`/checkouts/client/${secret}`, { method: "PATCH", body: { discountCode: code } });
      crash.crashBefore("billingOrder");
      const res = await browser.post(`/checkouts/client/${secret}/confirm`, {
        customerBillingAddress: usAddress,
        confirmationTokenId: "pm_card_visa",
      });
      expect(res.status).toBe(500);
      const id = (await browser.get<Checkout>(`/checkouts/client/${secret}`)).data.id;
      const stuck = await row(id);
      expect(stuck.status).toBe("confirmed");
      expect(stuck.intentId).toMatch(/^tpi_ok_/);
      expect(await orders(id)).toHaveLength(0);
      expect(await uses(discountId)).toBe(1);
      return { secret, id, discountId };
    }

    it("a checkout stuck after a successful payment settles into one paid order after the lease", async () => {
      const { browser } = await app.signUp();
      const { secret, id, discountId } = await stuckAfterPayment(browser, `OK${store.name}`);
      // A retry answers 409; before the lease runs out runDue leaves it alone.
      expect((await browser.post(`/checkouts/client/${secret}/confirm`, {})).status).toBe(409);
      app.clock.advance((LEASE_S - 1) * 1000);
      expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 0, failed: 0, pending: 0 });
      expect((await row(id)).status).toBe("confirmed");

      app.clock.advance(2000);
      expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 1, failed: 0, pending: 0 });
      expect((await row(id)).status).toBe("succeeded");
      expect((await orders(id)).map((o) => [o.status, o.totalAmount])).toEqual([["paid", 700]]);
      expect(await uses(discountId)).toBe(1);

      // The processor's late success webhook and further runs change nothing.
      const outcome = await app.services.checkouts.handleProcessorEvent({
        id: `evt_late_${store.name}`,
        type: "payment.succeeded",
        intentId: (await row(id)).intentId!,
        checkoutId: id,
        payload: "{}",
      });
      expect(outcome).toBe("handled");
      app.clock.advance(LEASE_S * 2000);
      expect((await app.services.runDue()).reconciled.succeeded).toBe(0);
      expect(await orders(id)).toHaveLength(1);
      expect((await browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, {})).data.status).toBe(
        "succeeded",
      );
    });

    it("an answer lost before it was recorded: the payment is found by checkout and settled once", async () => {
      const { browser } = await app.signUp();
      const secret = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [product] })).data.url,
      );
      ledger.dieAfterNextConfirm();
      // The request never answers (its process is gone); do not wait for it.
      void browser.post(`/checkouts/client/${secret}/confirm`, {
        customerBillingAddress: usAddress,
        confirmationTokenId: "pm_card_visa",
      });
      const { id } = (await browser.get<Checkout>(`/checkouts/client/${secret}`)).data;
      await waitFor(async () => ledger.answered(id) === "succeeded");
      const stuck = await row(id);
      expect([stuck.status, stuck.intentId]).toEqual(["confirmed", null]);
      app.clock.advance((LEASE_S + 1) * 1000);
      expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 1, failed: 0, pending: 0 });
      const settled = await row(id);
      expect(settled.status).toBe("succeeded");
      expect(settled.intentId).toMatch(/^tpi_ok_/);
      expect((await orders(id)).map((o) => [o.status, o.totalAmount])).toEqual([["paid", 1000]]);
    });

    it("nothing at the processor: the checkout reopens, the discount use is released, the buyer pays", async () => {
      const { browser } = await app.signUp();
      const code = `GONE${store.name}`;
      const discountId = await cappedDiscount(app.db(), merchantId, code, 1);
      const secret = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [product] })).data.url,
      );
      await browser.request(`/checkouts/client/${secret}`, { method: "PATCH", body: { discountCode: code } });
      const { id } = (await browser.get<Checkout>(`/checkouts/client/${secret}`)).data;
      // Confirmed and the use taken, then the process died before the processor got the request.
      await app.db().updateMany({
        model: "billingCheckout",
        where: [{ field: "id", value: id }],
        update: { status: "confirmed", modifiedAt: app.clock.now() },
      });
      await app.db().incrementOne({
        model: "billingDiscount",
        where: [{ field: "id", value: discountId }],
        field: "redemptionsCount",
        by: 1,
      });
      await app.db().create({
        model: "billingDiscountRedemption",
        data: { discountId, checkoutId: id, createdAt: app.clock.now() },
      });
      app.clock.advance((LEASE_S + 1) * 1000);
      expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 0, failed: 1, pending: 0 });
      expect((await row(id)).status).toBe("open");
      expect(await uses(discountId)).toBe(0);
      expect(await orders(id)).toHaveLength(0);
      const paid = await browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, {
        customerBillingAddress: usAddress,
        confirmationTokenId: "pm_card_visa",
      });
      expect(paid.data).toMatchObject({ status: "succeeded", totalAmount: 700 });
      expect(await uses(discountId)).toBe(1);
    });

    it("a payment still processing is left confirmed, noted, and not asked about again", async () => {
      const { browser } = await app.signUp();
      const { id } = await stuckAfterPayment(browser, `WAIT${store.name}`);
      ledger.answer({ status: "processing", intentId: "tpi_ok_processing" });
      try {
        app.clock.advance((LEASE_S + 1) * 1000);
        const before = ledger.queries.filter((q) => q === id).length;
        expect((await app.services.runDue()).reconciled).toEqual({ succeeded: 0, failed: 0, pending: 1 });
        const waiting = await row(id);
        expect(waiting.status).toBe("confirmed");
        expect(waiting.paymentProcessorMetadata.intent_status).toBe("processing");
        app.clock.advance((LEASE_S + 1) * 1000);
        await app.services.runDue();
        expect(ledger.queries.filter((q) => q === id).length).toBe(before + 1);
        expect(await orders(id)).toHaveLength(0);
      } finally {
        ledger.answer(null);
      }
    });

    it("20 runDue() calls at once settle a stuck checkout exactly once", async () => {
      const { browser } = await app.signUp();
      const { id, discountId } = await stuckAfterPayment(browser, `PAR${store.name}`);
      app.clock.advance((LEASE_S + 1) * 1000);
      const asked = ledger.queries.filter((q) => q === id).length;
      const results = await Promise.all(Array.from({ length: 20 }, () => app.services.runDue()));
      expect(results.reduce((n, r) => n + r.reconciled.succeeded, 0)).toBe(1);
      expect(ledger.queries.filter((q) => q === id).length).toBe(asked + 1);
      expect((await orders(id)).map((o) => o.status)).toEqual(["paid"]);
      expect((await row(id)).status).toBe("succeeded");
      expect(await uses(discountId)).toBe(1);
    }, 60_000);
  });
}

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("condition not reached");
}
