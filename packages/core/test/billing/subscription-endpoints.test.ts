import { describe, expect, it } from "vitest";
import { admin } from "../../src/plugins/admin";
import { billing } from "../../src/plugins/billing";
import { testProcessor } from "../../src/plugins/billing/processors/test-processor";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { address } from "./fixtures";

type Sub = { id: string; status: string; cancelAtPeriodEnd: boolean; productId: string };
type Page = { items: Sub[]; pagination: { totalCount: number } };
type Err = { message: string };
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

/** Merchant subscription endpoints as a platform admin (default merchant), and the buyer's. */
async function shop() {
  let t = Date.UTC(2026, 0, 15, 12);
  const processor = testProcessor();
  const app = createTestAuth({
    advanced: { now: () => new Date(t) },
    plugins: [admin(), billing({ processor })],
  });
  const db = app.auth.$context.adapter;
  const services = (app.auth as unknown as { billing: BillingServices }).billing;
  const merchant = await services.merchants.defaultMerchant();
  let admins = 0;
  /** A signed-in platform admin (a fresh session: the clock moves by weeks in these tests). */
  const platformAdmin = async () => {
    const signed = await app.signUp({ email: `owner${++admins}@example.com` });
    await db.update({
      model: "user",
      where: [{ field: "id", value: signed.user.id }],
      update: { role: "admin" },
    });
    return signed.browser;
  };
  const owner = { browser: await platformAdmin() };
  const product = async (name: string, amount: number) => {
    const p = await db.create<{ id: string }>({
      model: "billingProduct",
      data: { merchantId: merchant.id, name, isRecurring: true, recurringInterval: "month", metadata: {} },
    });
    await db.create({
      model: "billingPrice",
      data: {
        productId: p.id,
        merchantId: merchant.id,
        type: "recurring",
        recurringInterval: "month",
        priceCurrency: "usd",
        amountType: "fixed",
        priceAmount: amount,
      },
    });
    return p.id;
  };
  const small = await product("Small", 1000);
  const big = await product("Big", 3000);
  const buyer = await app.signUp({ email: "buyer@example.com" });
  const url = (await buyer.browser.post<{ url: string }>("/checkout", { products: [small] })).data.url;
  const done = await buyer.browser.post<{ subscriptionId: string; customerId: string }>(
    `/checkouts/client/${secretOf(url)}/confirm`,
    { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" },
  );
  const move = (ms: number) => {
    t += ms;
  };
  return {
    app,
    processor,
    platformAdmin,
    owner: owner.browser,
    buyer: buyer.browser,
    small,
    big,
    id: done.data.subscriptionId,
    move,
  };
}

describe("merchant subscription endpoints", () => {
  it("list with filters, get, preview, update (plan change), revoke", async () => {
    const s = await shop();
    const all = await s.owner.get<Page>(`/billing/subscriptions/list?productId=${s.small}&active=true`);
    expect(all.status).toBe(200);
    expect(all.data.items.map((x) => x.id)).toEqual([s.id]);
    expect(all.data.pagination.totalCount).toBe(1);
    const none = await s.owner.get<Page>("/billing/subscriptions/list?status=past_due");
    expect(none.data.items).toEqual([]);
    expect((await s.owner.get<Sub>(`/billing/subscriptions/get?id=${s.id}`)).data.status).toBe("active");
    expect((await s.owner.get<Err>("/billing/subscriptions/get?id=nope")).status).toBe(404);
    expect((await s.buyer.get<Err>(`/billing/subscriptions/get?id=${s.id}`)).status).toBe(403);

    s.move(15.5 * 86_400_000); // half of the 31-day period
    const owner = await s.platformAdmin();
    const preview = await owner.post<Record<string, number>>("/billing/subscriptions/preview-change", {
      id: s.id,
      productId: s.big,
      prorationBehavior: "invoice",
    });
    expect(preview.data).toMatchObject({ creditAmount: 500, debitAmount: 1500, dueNow: 1000 });
    const changed = await owner.post<Sub>("/billing/subscriptions/update", {
      id: s.id,
      productId: s.big,
      prorationBehavior: "invoice",
    });
    expect(changed.data.productId).toBe(s.big);
    expect(s.processor.charges.map((c) => c.amount)).toEqual([1000]);
    const again = await owner.post<Err>("/billing/subscriptions/update", { id: s.id, productId: s.big });
    expect(again.status).toBe(422);
    expect(again.data.message).toBe("The subscription is already on this product.");

    const revoked = await owner.post<Sub>("/billing/subscriptions/revoke", { id: s.id });
    expect(revoked.data.status).toBe("canceled");
    const twice = await owner.post<Err>("/billing/subscriptions/revoke", { id: s.id });
    expect(twice.status).toBe(403);
    const change = await owner.post<Err>("/billing/subscriptions/update", { id: s.id, productId: s.small });
    expect(change.status).toBe(403);
  });

  it("the buyer changes plan from the portal endpoint (merchant default: prorate)", async () => {
    const s = await shop();
    const res = await s.buyer.post<Sub>("/customer/subscriptions/update", {
      subscriptionId: s.id,
      productId: s.big,
    });
    expect(res.status).toBe(200);
    expect(res.data.productId).toBe(s.big);
    expect(s.processor.charges).toHaveLength(0); // carried to the renewal
  });
});
