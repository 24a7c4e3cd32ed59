import { describe, expect, it } from "vitest";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { organization } from "../../src/plugins/organization";
import { createTestAuth } from "../../src/testing";

const address = { country: "DE", line1: "Hauptstr. 1", city: "Berlin", postalCode: "10115" };
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

/** Billing with the organization plugin: organizations are merchants; buyers buy for their orgs. */
async function setup() {
  const { auth, signUp } = createTestAuth({ plugins: [organization(), billing()] });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const seller = await signUp({ email: "seller@example.com" });
  const shop = await seller.browser.post<{ id: string }>("/organization/create", {
    name: "Shop",
    slug: "shop",
  });
  const merchant = await services.merchants.resolve(shop.data.id);
  const db = auth.$context.adapter;
  const product = await db.create<{ id: string }>({
    model: "billingProduct",
    data: {
      merchantId: merchant.id,
      name: "Team plan",
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
      priceAmount: 4900,
      priceCurrency: "eur",
    },
  });
  const buyer = await signUp({ email: "buyer@example.com" });
  const team = await buyer.browser.post<{ id: string }>("/organization/create", {
    name: "Buyers",
    slug: "buyers",
  });
  return { auth, services, signUp, seller, shop: shop.data, merchant, product, buyer, team: team.data };
}

describe("billing with the organization plugin", () => {
  it("an organization is the merchant: its id is the merchant id and organizationId of entities", async () => {
    const { merchant, shop, buyer, product } = await setup();
    expect(merchant.id).toBe(shop.id);
    const created = await buyer.browser.post<{ url: string }>("/checkout", { products: [product.id] });
    const checkout = await buyer.browser.get<{ product: { organizationId: string } }>(
      `/checkouts/client/${secretOf(created.data.url)}`,
    );
    expect(checkout.data.product.organizationId).toBe(shop.id);
  });

  it("buys for an organization the buyer belongs to; others cannot use or list it", async () => {
    const { buyer, product, team, signUp } = await setup();
    const created = await buyer.browser.post<{ url: string }>("/checkout", {
      products: [product.id],
      referenceId: team.id,
    });
    expect(created.status).toBe(200);
    const secret = secretOf(created.data.url);
    const done = await buyer.browser.post<{ status: string; metadata: Record<string, string> }>(
      `/checkouts/client/${secret}/confirm`,
      { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" },
    );
    expect(done.data.status).toBe("succeeded");
    expect(done.data.metadata.referenceId).toBe(team.id);
    const list = await buyer.browser.get<{ items: { status: string }[] }>("/customer/subscriptions/list", {
      query: { referenceId: team.id },
    });
    expect(list.data.items).toHaveLength(1);

    const stranger = await signUp({ email: "stranger@example.com" });
    const forbidden = await stranger.browser.post<{ message: string }>("/checkout", {
      products: [product.id],
      referenceId: team.id,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.data.message).toBe("You are not a member of this organization");
    const peek = await stranger.browser.get("/customer/subscriptions/list", {
      query: { referenceId: team.id },
    });
    expect(peek.status).toBe(403);
  });
});
