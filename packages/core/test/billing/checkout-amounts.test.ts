import { describe, expect, it } from "vitest";
import { address, billingApp } from "./fixtures";

type Checkout = Record<string, unknown> & {
  id: string;
  status: string;
  amount: number;
  discountAmount: number;
  netAmount: number;
  taxAmount: number | null;
  totalAmount: number;
  successUrl: string | null;
};
type Err = { message: string; code: string; issues?: { path: string[]; message: string }[] };
type Order = {
  subtotalAmount: number;
  discountAmount: number;
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
};

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

async function setup(opts: Parameters<typeof billingApp>[0] = {}) {
  const app = await billingApp(opts);
  const { browser, user } = await app.signUp({ email: "buyer@example.com" });
  const open = async (body: Record<string, unknown>) => {
    const res = await browser.post<{ url: string }>("/checkout", body);
    if (res.status !== 200) throw new Error(JSON.stringify(res.data));
    return secretOf(res.data.url);
  };
  const orders = async () => (await browser.get<{ items: Order[] }>("/customer/orders/list")).data.items;
  return { ...app, anonymous: app.browser, browser, user, open, orders };
}

describe("checkout amounts and rules (BILLING.md arithmetic)", () => {
  it("fixed discount: capped at the amount; order totals follow", async () => {
    const app = await setup();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 2000 } });
    await app.discount({ code: "TENOFF", type: "fixed", amount: 1000, currency: "usd" });
    const secret = await app.open({ products: [productId] });
    const patched = await app.browser.request<Checkout>(`/checkouts/client/${secret}`, {
      method: "PATCH",
      body: { discountCode: "tenoff" },
    });
    expect(patched.data).toMatchObject({
      amount: 2000,
      discountAmount: 1000,
      netAmount: 1000,
      totalAmount: 1000,
    });
    const done = await app.browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_visa",
    });
    expect(done.data.status).toBe("succeeded");
    expect((await app.orders())[0]).toMatchObject({
      subtotalAmount: 2000,
      discountAmount: 1000,
      netAmount: 1000,
      taxAmount: 0,
      totalAmount: 1000,
    });
    const big = await app.discount({ code: "HUGE", type: "fixed", amount: 5000, currency: "usd" });
    expect(big).toBeTruthy();
    const s2 = await app.open({ products: [productId] });
    const capped = await app.browser.request<Checkout>(`/checkouts/client/${s2}`, {
      method: "PATCH",
      body: { discountCode: "HUGE" },
    });
    expect(capped.data).toMatchObject({ discountAmount: 2000, totalAmount: 0, isPaymentRequired: false });
  });

  it("percentage discount rounds half away from zero (25.5% of 1999 = 509.745 -> 510; 50% of 999 = 499.5 -> 500)", async () => {
    const app = await setup();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1999 } });
    await app.discount({ code: "QUARTER", type: "percentage", basisPoints: 2550 });
    const { productId: p2 } = await app.product({ price: { amountType: "fixed", priceAmount: 999 } });
    await app.discount({ code: "HALF", type: "percentage", basisPoints: 5000 });
    const s1 = await app.open({ products: [productId] });
    const a = await app.browser.request<Checkout>(`/checkouts/client/${s1}`, {
      method: "PATCH",
      body: { discountCode: "QUARTER" },
    });
    expect(a.data).toMatchObject({ amount: 1999, discountAmount: 510, netAmount: 1489, totalAmount: 1489 });
    const s2 = await app.open({ products: [p2] });
    const b = await app.browser.request<Checkout>(`/checkouts/client/${s2}`, {
      method: "PATCH",
      body: { discountCode: "HALF" },
    });
    expect(b.data).toMatchObject({ discountAmount: 500, totalAmount: 499 });
    const ok = await app.browser.post<Checkout>(`/checkouts/client/${s1}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_visa",
    });
    expect(ok.data.status).toBe("succeeded");
    expect((await app.orders())[0]).toMatchObject({
      subtotalAmount: 1999,
      discountAmount: 510,
      totalAmount: 1489,
    });
  });

  it("unknown, expired, not-yet-started, exhausted and restricted discounts: 422 Discount does not exist.", async () => {
    const app = await setup();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const { productId: other } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const now = app.clock.now().getTime();
    await app.discount({
      code: "OLD",
      type: "fixed",
      amount: 100,
      currency: "usd",
      endsAt: new Date(now - 1000),
    });
    await app.discount({
      code: "SOON",
      type: "fixed",
      amount: 100,
      currency: "usd",
      startsAt: new Date(now + 60_000),
    });
    await app.discount({
      code: "USED",
      type: "fixed",
      amount: 100,
      currency: "usd",
      maxRedemptions: 1,
      redemptionsCount: 1,
    });
    await app.discount({ code: "OTHER", type: "fixed", amount: 100, currency: "usd", products: [other] });
    await app.discount({ code: "EURO", type: "fixed", amount: 100, currency: "eur" });
    const secret = await app.open({ products: [productId] });
    for (const code of ["NOPE", "OLD", "SOON", "USED", "OTHER", "EURO"]) {
      const res = await app.browser.request<Err>(`/checkouts/client/${secret}`, {
        method: "PATCH",
        body: { discountCode: code },
      });
      expect(res.status, code).toBe(422);
      expect(res.data.message).toBe("Discount does not exist.");
    }
  });

  it("a free product needs no payment form and succeeds at once", async () => {
    const app = await setup();
    const { productId } = await app.product({ name: "Free tier", price: { amountType: "free" } });
    const secret = await app.open({ products: [productId] });
    const got = await app.browser.get<Checkout>(`/checkouts/client/${secret}`);
    expect(got.data).toMatchObject({
      totalAmount: 0,
      isFreeProductPrice: true,
      isPaymentRequired: false,
      isPaymentSetupRequired: false,
      isPaymentFormRequired: false,
      isDiscountApplicable: false,
    });
    const done = await app.browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, {});
    expect(done.status).toBe(200);
    expect(done.data.status).toBe("succeeded");
    expect((await app.orders())[0]).toMatchObject({ totalAmount: 0 });
  });

  it("custom price at its bounds; below minimum and above maximum are refused", async () => {
    const app = await setup();
    const { productId } = await app.product({
      price: { amountType: "custom", minimumAmount: 500, maximumAmount: 10_000, presetAmount: 1500 },
    });
    const secret = await app.open({ products: [productId] });
    expect((await app.browser.get<Checkout>(`/checkouts/client/${secret}`)).data.amount).toBe(1500);
    const patch = (amount: number) =>
      app.browser.request<Checkout & Err>(`/checkouts/client/${secret}`, {
        method: "PATCH",
        body: { amount },
      });
    expect((await patch(499)).data.message).toBe("Amount is below minimum.");
    expect((await patch(10_001)).data.message).toBe("Amount is above maximum.");
    expect((await patch(500)).data.totalAmount).toBe(500);
    expect((await patch(10_000)).data.totalAmount).toBe(10_000);
    const done = await app.browser.post<Checkout>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_visa",
    });
    expect(done.data.status).toBe("succeeded");
    expect((await app.orders())[0]).toMatchObject({ subtotalAmount: 10_000, totalAmount: 10_000 });
  });

  it("an expired checkout reads 410 and cannot be confirmed; runDue expires open ones", async () => {
    const app = await setup({ checkout: { expiresIn: 3600 } });
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const a = await app.open({ products: [productId] });
    const b = await app.open({ products: [productId] });
    app.clock.advance(3601 * 1000);
    const gone = await app.browser.get<Err>(`/checkouts/client/${a}`);
    expect(gone.status).toBe(410);
    expect(gone.data.message).toBe("This checkout session has expired.");
    const confirm = await app.browser.post<Err>(`/checkouts/client/${a}/confirm`, {
      confirmationTokenId: "pm_card_visa",
    });
    expect(confirm.status).toBe(410);
    const swept = await app.services.runDue();
    expect(swept.checkouts.expired).toBe(1);
    expect((await app.browser.get(`/checkouts/client/${b}`)).status).toBe(410);
    expect((await app.browser.get(`/checkouts/client/nope`)).status).toBe(404);
  });

  it("tax hook: taxAmount added to the total when an address exists", async () => {
    const app = await setup({ tax: ({ amount }) => Math.round(amount * 0.2) });
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = await app.open({ products: [productId] });
    expect((await app.browser.get<Checkout>(`/checkouts/client/${secret}`)).data.taxAmount).toBeNull();
    const patched = await app.browser.request<Checkout>(`/checkouts/client/${secret}`, {
      method: "PATCH",
      body: { customerBillingAddress: address },
    });
    expect(patched.data).toMatchObject({ netAmount: 1000, taxAmount: 200, totalAmount: 1200 });
  });

  it("confirm lists every missing field at once (422)", async () => {
    const app = await setup();
    const { productId } = await app.product({
      price: { amountType: "fixed", priceAmount: 1000 },
      customFields: [{ slug: "company", type: "text", required: true }],
    });
    const secret = await app.open({ products: [productId] });
    const res = await app.browser.post<Err>(`/checkouts/client/${secret}/confirm`, {});
    expect(res.status).toBe(422);
    const paths = res.data.issues!.map((i) => i.path.join("."));
    expect(paths).toEqual(["customFieldData.company"]);
    const res2 = await app.browser.post<Err>(`/checkouts/client/${secret}/confirm`, {
      customFieldData: { company: "Acme" },
    });
    expect(res2.data.issues!.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["customerBillingAddress", "confirmationTokenId"]),
    );
    expect(res2.data.issues!.find((i) => i.path[0] === "confirmationTokenId")?.message).toBe(
      "Confirmation token is required.",
    );
  });

  it("relative successUrl resolves against the base URL and {CHECKOUT_ID} is replaced", async () => {
    const app = await setup();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = await app.open({ products: [productId], successUrl: "/thanks?checkout={CHECKOUT_ID}" });
    const got = await app.browser.get<Checkout>(`/checkouts/client/${secret}`);
    expect(got.data.successUrl).toBe(`http://localhost:3000/thanks?checkout=${got.data.id}`);
  });

  it("anonymous POST /checkout is 401 unless authenticatedUsersOnly is off; unknown slug 400", async () => {
    const app = await setup({ products: [] });
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const anon = await app.anonymous().post<Err>("/checkout", { products: [productId] });
    expect(anon.status).toBe(401);
    expect(anon.data.message).toBe("You must be logged in to checkout");
    const slug = await app.browser.post<Err>("/checkout", { slug: "pro" });
    expect(slug.status).toBe(400);
    expect(slug.data.message).toBe("Product not found");
    const open = await setup({ authenticatedUsersOnly: false, products: [{ productId: "x", slug: "x" }] });
    const p = await open.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    expect((await open.anonymous().post("/checkout", { products: [p.productId] })).status).toBe(200);
  });
});
