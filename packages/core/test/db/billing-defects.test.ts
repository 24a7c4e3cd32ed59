import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerRow } from "../../src/plugins/billing/customers/serialize";
import type { TestBrowser } from "../../src/testing";
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
 * Defects of issue 11 (sign-up customers, dropping a discount code, the state rule, the email of
 * an authenticated checkout), through the HTTP handler on every store.
 */
const stores = await allStores();
const card = { customerBillingAddress: usAddress, confirmationTokenId: "pm_card_visa" };
const deAddress = { country: "DE", line1: "Hauptstr. 1", city: "Berlin", postalCode: "10115" };
type Checkout = {
  id: string;
  status: string;
  amount: number;
  discountId: string | null;
  discountAmount: number;
  netAmount: number;
  totalAmount: number;
  customerEmail: string | null;
};
type Err = { message: string; code: string; issues?: { path: string[]; message: string }[] };
const HOOK = "https://hooks.example.com/billing";

for (const store of stores) {
  describe.skipIf(!store.available)(`billing defects on ${store.name}`, () => {
    const opened: OpenStore[] = [];
    const apps: OpenedApp[] = [];
    let app: OpenedApp;
    let merchantId: string;

    async function open(options: Parameters<typeof openBillingApp>[1] = {}) {
      const s = store.open("gd");
      opened.push(s);
      const made = await openBillingApp(s.database, options);
      apps.push(made);
      return made;
    }

    beforeAll(async () => {
      app = await open({ createCustomerOnSignUp: true });
      merchantId = (await app.services.merchants.defaultMerchant()).id;
    }, 120_000);

    afterAll(async () => {
      for (const [i, s] of opened.entries()) await s.cleanup(apps[i]!.auth.$context.schema);
    });

    async function openCheckout(browser: TestBrowser, p: string) {
      const res = await browser.post<{ url: string }>("/checkout", { products: [p] });
      expect(res.status).toBe(200);
      return secretOf(res.data.url);
    }

    const customersOf = (a: OpenedApp, userId: string) =>
      a.db().findMany<CustomerRow>({
        model: "billingCustomer",
        where: [{ field: "externalId", value: userId }],
      });
    const outboxTypes = async (a: OpenedApp, merchant: string) =>
      (
        await a.db().findMany<{ type: string; payload: string }>({
          model: "billingWebhookEvent",
          where: [{ field: "merchantId", value: merchant }],
        })
      ).map((r) => ({ type: r.type, data: JSON.parse(r.payload).data as Record<string, unknown> }));

    describe("1. createCustomerOnSignUp", () => {
      it("billing alone: sign-up creates the customer and emits customer.created (outbox and onEvent)", async () => {
        await app.services.webhooks.createEndpoint(merchantId, { url: HOOK });
        const { user } = await app.signUp({ email: "Alone@Example.com", name: "Alone" });
        const rows = await customersOf(app, user.id);
        expect(rows.map((r) => [r.merchantId, r.email, r.name])).toEqual([
          [merchantId, "alone@example.com", "Alone"],
        ]);
        const created = (await outboxTypes(app, merchantId)).filter((e) => e.type === "customer.created");
        expect(created.map((e) => e.data.externalId)).toContain(user.id);
        expect(
          app.events.filter((e) => e.type === "customer.created" && e.data.externalId === user.id),
        ).toHaveLength(1);
      });

      it("billing + organization: the customer is created at the merchant selling the configured products, and a purchase for an organization (referenceId) reuses it", async () => {
        const catalog: { productId: string; slug: string }[] = [];
        const orgApp = await open({
          organizations: true,
          createCustomerOnSignUp: true,
          products: () => catalog,
        });
        const seller = await orgApp.signUp({ email: "seller@example.com" });
        const shop = await seller.browser.post<{ id: string }>("/organization/create", {
          name: "Shop",
          slug: `shop-${store.name}`,
        });
        const merchant = await orgApp.services.merchants.resolve(shop.data.id);
        await orgApp.services.webhooks.createEndpoint(merchant.id, { url: HOOK });
        catalog.push({ productId: await fixedProduct(orgApp.db(), merchant.id, 4900), slug: "team" });

        const buyer = await orgApp.signUp({ email: "Buyer@Example.com", name: "Buyer" });
        const rows = await customersOf(orgApp, buyer.user.id);
        expect(rows.map((r) => [r.merchantId, r.email, r.name])).toEqual([
          [merchant.id, "buyer@example.com", "Buyer"],
        ]);
        const outbox = await outboxTypes(orgApp, merchant.id);
        expect(outbox.filter((e) => e.type === "customer.created").map((e) => e.data.externalId)).toContain(
          buyer.user.id,
        );
        expect(
          orgApp.events.filter((e) => e.type === "customer.created" && e.data.externalId === buyer.user.id),
        ).toHaveLength(1);

        // Buying for the buyer's organization goes to the same customer (no second one).
        const team = await buyer.browser.post<{ id: string }>("/organization/create", {
          name: "Team",
          slug: `team-${store.name}`,
        });
        const created = await buyer.browser.post<{ url: string }>("/checkout", {
          slug: "team",
          referenceId: team.data.id,
        });
        expect(created.status).toBe(200);
        const done = await buyer.browser.post<{ status: string }>(
          `/checkouts/client/${secretOf(created.data.url)}/confirm`,
          card,
        );
        expect(done.data.status).toBe("succeeded");
        const after = await customersOf(orgApp, buyer.user.id);
        expect(after.map((r) => r.id)).toEqual([rows[0]!.id]);
        expect(
          orgApp.events.filter((e) => e.type === "customer.created" && e.data.externalId === buyer.user.id),
        ).toHaveLength(1);
      });

      it("billing + organization without configured products: the default merchant's customer", async () => {
        const orgApp = await open({ organizations: true, createCustomerOnSignUp: true });
        const { user } = await orgApp.signUp({ email: "plain@example.com", name: "Plain" });
        const rows = await customersOf(orgApp, user.id);
        const fallback = await orgApp.services.merchants.defaultMerchant();
        expect(rows.map((r) => [r.merchantId, r.email, r.name])).toEqual([
          [fallback.id, "plain@example.com", "Plain"],
        ]);
        expect(
          orgApp.events.filter((e) => e.type === "customer.created" && e.data.externalId === user.id),
        ).toHaveLength(1);
      });
    });

    describe("2. dropping a discount code", () => {
      it("discountCode: null removes the discount: totals as without it, the use count unchanged", async () => {
        const { browser } = await app.signUp();
        const p = await fixedProduct(app.db(), merchantId, 1000);
        const code = `DROP${store.name}`;
        const discountId = await cappedDiscount(app.db(), merchantId, code, 1);
        const secret = await openCheckout(browser, p);
        const plain = (await browser.get<Checkout>(`/checkouts/client/${secret}`)).data;
        const applied = await browser.request<Checkout>(`/checkouts/client/${secret}`, {
          method: "PATCH",
          body: { discountCode: code },
        });
        expect(applied.data).toMatchObject({ discountId, discountAmount: 300, totalAmount: 700 });
        const dropped = await browser.request<Checkout>(`/checkouts/client/${secret}`, {
          method: "PATCH",
          body: { discountCode: null },
        });
        expect(dropped.status).toBe(200);
        expect(dropped.data).toMatchObject({
          discountId: null,
          discountAmount: 0,
          amount: plain.amount,
          netAmount: plain.netAmount,
          totalAmount: plain.totalAmount,
        });
        const row = await app.db().findOne<{ redemptionsCount: number }>({
          model: "billingDiscount",
          where: [{ field: "id", value: discountId }],
        });
        expect(row?.redemptionsCount).toBe(0);
        const done = await browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, card);
        expect(done.data).toMatchObject({ status: "succeeded", totalAmount: 1000, discountId: null });
      });

      it("a use left held by an interrupted attempt is released when the code is dropped", async () => {
        const { browser } = await app.signUp();
        const p = await fixedProduct(app.db(), merchantId, 1000);
        const code = `HELD${store.name}`;
        const discountId = await cappedDiscount(app.db(), merchantId, code, 1);
        const secret = await openCheckout(browser, p);
        const applied = await browser.request<Checkout>(`/checkouts/client/${secret}`, {
          method: "PATCH",
          body: { discountCode: code },
        });
        // The use a confirm took and never gave back (e.g. the process died before reopening).
        await app.db().incrementOne({
          model: "billingDiscount",
          where: [{ field: "id", value: discountId }],
          field: "redemptionsCount",
          by: 1,
        });
        await app.db().create({
          model: "billingDiscountRedemption",
          data: { discountId, checkoutId: applied.data.id, createdAt: app.clock.now() },
        });
        await browser.request(`/checkouts/client/${secret}`, {
          method: "PATCH",
          body: { discountCode: null },
        });
        const row = await app.db().findOne<{ redemptionsCount: number }>({
          model: "billingDiscount",
          where: [{ field: "id", value: discountId }],
        });
        expect(row?.redemptionsCount).toBe(0);
        expect(
          await app.db().count({
            model: "billingDiscountRedemption",
            where: [{ field: "checkoutId", value: applied.data.id }],
          }),
        ).toBe(0);
      });

      it("a buyer refused because the code ran out drops it and pays the full amount", async () => {
        const p = await fixedProduct(app.db(), merchantId, 1000);
        const code = `LAST${store.name}`;
        const discountId = await cappedDiscount(app.db(), merchantId, code, 1);
        const late = await app.signUp();
        const early = await app.signUp();
        const lateSecret = await openCheckout(late.browser, p);
        const earlySecret = await openCheckout(early.browser, p);
        for (const [b, s] of [
          [late.browser, lateSecret],
          [early.browser, earlySecret],
        ] as const) {
          const res = await b.request(`/checkouts/client/${s}`, {
            method: "PATCH",
            body: { discountCode: code },
          });
          expect(res.status).toBe(200);
        }
        const first = await early.browser.post<Checkout>(`/checkouts/client/${earlySecret}/confirm`, card);
        expect(first.data).toMatchObject({ status: "succeeded", totalAmount: 700 });

        const refused = await late.browser.post<Err>(`/checkouts/client/${lateSecret}/confirm`, card);
        // The code is re-checked at confirm: used up, it no longer resolves.
        expect(refused.status).toBe(422);
        expect(refused.data.message).toBe("Discount does not exist.");
        const dropped = await late.browser.request<Checkout>(`/checkouts/client/${lateSecret}`, {
          method: "PATCH",
          body: { discountCode: null },
        });
        expect(dropped.data).toMatchObject({ discountId: null, totalAmount: 1000 });
        const paid = await late.browser.post<Checkout>(`/checkouts/client/${lateSecret}/confirm`, card);
        expect(paid.status).toBe(200);
        expect(paid.data).toMatchObject({ status: "succeeded", totalAmount: 1000, discountId: null });
        const order = await app.db().findOne<{ totalAmount: number; discountId: string | null }>({
          model: "billingOrder",
          where: [{ field: "checkoutId", value: paid.data.id }],
        });
        expect(order).toMatchObject({ totalAmount: 1000, discountId: null });
        const row = await app.db().findOne<{ redemptionsCount: number }>({
          model: "billingDiscount",
          where: [{ field: "id", value: discountId }],
        });
        expect(row?.redemptionsCount).toBe(1);
      });
    });

    describe("3. state only for the US and Canada", () => {
      it("a buyer from Germany without a state buys twice (the second time with the saved address)", async () => {
        const { browser } = await app.signUp();
        const p = await fixedProduct(app.db(), merchantId, 1500);
        const first = await openCheckout(browser, p);
        const one = await browser.post<Checkout>(`/checkouts/client/${first}/confirm`, {
          customerBillingAddress: deAddress,
          confirmationTokenId: "pm_card_visa",
        });
        expect(one.status).toBe(200);
        expect(one.data.status).toBe("succeeded");

        const second = await openCheckout(browser, p);
        const prefilled = await browser.get<{
          customerBillingAddress: Record<string, string | null>;
          customerBillingAddressFields: Record<string, boolean>;
        }>(`/checkouts/client/${second}`);
        expect(prefilled.data.customerBillingAddress).toMatchObject({ country: "DE", city: "Berlin" });
        expect(prefilled.data.customerBillingAddressFields).toMatchObject({ country: true, state: false });
        const two = await browser.post<Checkout>(`/checkouts/client/${second}/confirm`, {
          confirmationTokenId: "pm_card_visa",
        });
        expect(two.status).toBe(200);
        expect(two.data.status).toBe("succeeded");
      });

      it("a US address without a state is a 422 naming the field", async () => {
        const { browser } = await app.signUp();
        const p = await fixedProduct(app.db(), merchantId, 1500);
        const secret = await openCheckout(browser, p);
        const { state: _state, ...noState } = usAddress;
        const res = await browser.post<Err>(`/checkouts/client/${secret}/confirm`, {
          customerBillingAddress: noState,
          confirmationTokenId: "pm_card_visa",
        });
        expect(res.status).toBe(422);
        expect(res.data.issues).toEqual([
          { path: ["customerBillingAddress", "state"], message: "Field is required." },
        ]);
      });
    });

    describe("6. the email of an authenticated checkout", () => {
      it("is the user's: a change is refused, the same address (any case) is accepted", async () => {
        const { browser, email } = await app.signUp({ email: "owner@example.com" });
        const p = await fixedProduct(app.db(), merchantId, 800);
        const secret = await openCheckout(browser, p);
        const changed = await browser.request<Err>(`/checkouts/client/${secret}`, {
          method: "PATCH",
          body: { customerEmail: "someone-else@example.com" },
        });
        expect(changed.status).toBe(422);
        expect(changed.data.message).toBe("Customer email cannot be changed for an authenticated checkout.");
        const cleared = await browser.request<Err>(`/checkouts/client/${secret}`, {
          method: "PATCH",
          body: { customerEmail: null },
        });
        expect(cleared.status).toBe(422);
        const viaConfirm = await browser.post<Err>(`/checkouts/client/${secret}/confirm`, {
          ...card,
          customerEmail: "someone-else@example.com",
        });
        expect(viaConfirm.status).toBe(422);
        expect(viaConfirm.data.message).toBe(
          "Customer email cannot be changed for an authenticated checkout.",
        );
        const same = await browser.request<Checkout>(`/checkouts/client/${secret}`, {
          method: "PATCH",
          body: { customerEmail: email.toUpperCase() },
        });
        expect(same.status).toBe(200);
        expect(same.data.customerEmail).toBe(email);
        const paid = await browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, card);
        expect(paid.data).toMatchObject({ status: "succeeded", customerEmail: email });
      });

      it("an anonymous checkout may still change its email", async () => {
        const anon = await open({ authenticatedUsersOnly: false });
        const m = await anon.services.merchants.defaultMerchant();
        const p = await fixedProduct(anon.db(), m.id, 800);
        const browser = anon.browser();
        const secret = await openCheckout(browser, p);
        for (const email of ["first@example.com", "second@example.com"]) {
          const res = await browser.request<Checkout>(`/checkouts/client/${secret}`, {
            method: "PATCH",
            body: { customerEmail: email },
          });
          expect(res.status).toBe(200);
          expect(res.data.customerEmail).toBe(email);
        }
      });
    });
  });
}
