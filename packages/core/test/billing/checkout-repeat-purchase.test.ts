import { describe, expect, it } from "vitest";
import { address, billingApp } from "./fixtures";

/**
 * A buyer's repeat purchase with the details their customer already has does not rewrite the
 * customer (no UPDATE, no customer.updated); different details still update it.
 */
type Customer = {
  id: string;
  billingAddress: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
};

async function setup() {
  const app = await billingApp();
  const { productId } = await app.product({
    name: "E-book",
    price: { amountType: "fixed", priceAmount: 900 },
  });
  const { browser } = await app.signUp({ email: "repeat@example.com" });
  const buy = async (body: Record<string, unknown>) => {
    const created = await browser.post<{ url: string }>("/checkout", { products: [productId] });
    expect(created.status).toBe(200);
    const secret = decodeURIComponent(created.data.url.split("/").pop()!);
    const confirmed = await browser.post<{ status: string; customerId: string }>(
      `/checkouts/client/${secret}/confirm`,
      { confirmationTokenId: "pm_card_visa", ...body },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.status).toBe("succeeded");
    return confirmed.data.customerId;
  };
  /** Server-side: details (metadata too) given when the checkout is created. */
  const buyWith = async (details: Record<string, unknown>) => {
    const checkout = await app.services.checkouts.create({
      products: [productId],
      customerEmail: "repeat@example.com",
      ...details,
    });
    const confirmed = await app.services.checkouts.confirm(checkout.clientSecret, {
      confirmationTokenId: "pm_card_visa",
    });
    expect(confirmed.status).toBe("succeeded");
  };
  const customer = (id: string) =>
    app.db.findOne<Customer>({ model: "billingCustomer", where: [{ field: "id", value: id }] });
  const updates = () => app.events.filter((e) => e.type === "customer.updated").length;
  return { ...app, buy, buyWith, customer, updates };
}

describe("repeat purchases and the customer", () => {
  it("the same billing address again: the customer is not written, no customer.updated", async () => {
    const app = await setup();
    const id = await app.buy({ customerBillingAddress: address });
    const first = await app.customer(id);
    const before = app.updates();
    // Same address, keys in another order.
    const reordered = Object.fromEntries(Object.entries(address).reverse());
    expect(await app.buy({ customerBillingAddress: reordered })).toBe(id);
    expect(app.updates()).toBe(before);
    const again = await app.customer(id);
    expect(again).toEqual(first);
    expect(app.events.filter((e) => e.type === "order.paid")).toHaveLength(2);
  });

  it("a different address (or new metadata) updates the customer and emits customer.updated", async () => {
    const app = await setup();
    const id = await app.buy({ customerBillingAddress: address });
    const before = app.updates();
    const moved = { ...address, line1: "2 Other St" };
    await app.buy({ customerBillingAddress: moved });
    expect(app.updates()).toBe(before + 1);
    expect((await app.customer(id))?.billingAddress).toMatchObject({ line1: "2 Other St" });
    await app.buyWith({ customerBillingAddress: moved, customerMetadata: { tier: "gold" } });
    expect(app.updates()).toBe(before + 2);
    expect((await app.customer(id))?.metadata).toMatchObject({ tier: "gold" });
    await app.buyWith({ customerBillingAddress: moved, customerMetadata: { tier: "gold" } });
    expect(app.updates()).toBe(before + 2);
  });
});
