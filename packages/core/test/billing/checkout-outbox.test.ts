import { describe, expect, it } from "vitest";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { fixedProduct, webhookEndpoint } from "../db/billing-defects-setup";
import { countingMemoryDatabase } from "../helpers/counting";
import { address, clock } from "./fixtures";

/**
 * A purchase's events and its transactions without an `onEvent` listener (the other billing tests
 * all have one): an event goes to the outbox for each subscribed endpoint, with the payload it
 * always had; an event that goes nowhere is not built, and a change of one statement whose events
 * go nowhere runs without a transaction.
 */
async function setup(endpointEvents?: string[]) {
  const { database, trips } = countingMemoryDatabase();
  const { auth } = createTestAuth({ database, advanced: { now: clock().now }, plugins: [billing()] });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const merchant = await services.merchants.defaultMerchant();
  const db = auth.$context.adapter;
  const productId = await fixedProduct(db, merchant.id, 2500, { name: "E-book" });
  if (endpointEvents) {
    await webhookEndpoint(db, merchant.id, endpointEvents);
  }
  /** Round trips (and transactions) of each step of the last purchase. */
  const steps: Record<"create" | "confirm", { total: number; endpoints: number; transactions: number }> = {
    create: { total: 0, endpoints: 0, transactions: 0 },
    confirm: { total: 0, endpoints: 0, transactions: 0 },
  };
  const counted = async <T>(step: keyof typeof steps, run: () => Promise<T>): Promise<T> => {
    const before = { total: trips.total, transactions: trips.transactions };
    const endpointsBefore = trips.readsByTable.billingWebhookEndpoint ?? 0;
    const value = await run();
    steps[step] = {
      total: trips.total - before.total,
      endpoints: (trips.readsByTable.billingWebhookEndpoint ?? 0) - endpointsBefore,
      transactions: trips.transactions - before.transactions,
    };
    return value;
  };
  const purchase = async () => {
    const created = await counted("create", () =>
      services.checkouts.create({
        products: [productId],
        customerEmail: "buyer@example.com",
        customerExternalId: "user_1",
      }),
    );
    const confirmed = await counted("confirm", () =>
      services.checkouts.confirm(created.clientSecret, {
        customerBillingAddress: address,
        confirmationTokenId: "pm_card_visa",
      }),
    );
    expect(confirmed.status).toBe("succeeded");
    return confirmed;
  };
  const outbox = async () =>
    (
      await db.findMany<{ type: string; payload: string }>({
        model: "billingWebhookEvent",
        sortBy: { field: "createdAt" },
      })
    ).map((e) => ({
      type: e.type,
      event: JSON.parse(e.payload) as { type: string; data: Record<string, unknown> },
    }));
  return { services, trips, db, purchase, outbox, steps };
}

describe("a purchase's outbox and transactions", () => {
  it("no endpoint, no listener: no outbox row, no customer state built, one transaction per purchase", async () => {
    const { trips, purchase, outbox, db } = await setup();
    await purchase(); // the first one creates the customer (its own transaction)
    trips.reset();
    const confirmed = await purchase();
    const orders = await db.findMany<{ status: string; checkoutId: string }>({ model: "billingOrder" });
    expect(orders.filter((o) => o.checkoutId === confirmed.id).map((o) => o.status)).toEqual(["paid"]);
    expect(await outbox()).toEqual([]);
    // Checkout insert and open -> confirmed: one statement each; only the settlement is a transaction.
    expect(trips.transactions).toBe(1);
    // customer.state_changed goes nowhere: its subscriptions, meters and grants are not read.
    expect(trips.readsByTable.billingSubscription ?? 0).toBe(0);
    expect(trips.readsByTable.billingMeter ?? 0).toBe(0);
    expect(trips.readsByTable.billingBenefitGrant ?? 0).toBe(0);
  });

  it("a repeat purchase's round trips: endpoints and catalog kept under the merchant's versions, no statement more", async () => {
    // Create: the merchant (its catalogVersion), the linked customer, the insert. Confirm: the
    // checkout (merchant joined), open -> confirmed, the intent, then one transaction: confirmed
    // -> succeeded, the invoice counter, the order, its item. The merchant's endpoints and the
    // product's prices, benefit and custom field links were read by the first purchase; neither
    // webhookVersion nor catalogVersion has moved since, so they are not read again.
    for (const endpoints of [undefined, ["order.paid"], []]) {
      const { purchase, steps } = await setup(endpoints);
      await purchase();
      expect(steps.confirm.endpoints).toBe(0); // kept by the create of the same purchase
      await purchase();
      const transactional = endpoints?.length === 0; // checkout.created / .updated go somewhere
      expect(steps.create).toEqual({
        total: transactional ? 4 : 3,
        endpoints: 0,
        transactions: transactional ? 1 : 0,
      });
      expect(steps.confirm).toEqual({
        total: transactional ? 14 : endpoints ? 9 : 8,
        endpoints: 0,
        transactions: transactional ? 2 : 1,
      });
    }
  });

  it("an endpoint subscribed to some types: exactly their rows, with full payloads", async () => {
    const { trips, purchase, outbox, db } = await setup(["order.paid", "customer.state_changed"]);
    await purchase();
    trips.reset();
    const confirmed = await purchase();
    const rows = (await outbox()).slice(-2);
    expect(rows.map((r) => r.type).sort()).toEqual(["customer.state_changed", "order.paid"]);
    const paid = rows.find((r) => r.type === "order.paid")!.event.data;
    const [order] = await db.findMany<{ id: string }>({
      model: "billingOrder",
      where: [{ field: "checkoutId", value: confirmed.id }],
    });
    expect(paid).toMatchObject({
      id: order!.id,
      status: "paid",
      totalAmount: 2500,
      checkoutId: confirmed.id,
    });
    expect((paid.items as unknown[]).length).toBe(1);
    expect((paid.customer as { email: string }).email).toBe("buyer@example.com");
    expect((paid.product as { name: string }).name).toBe("E-book");
    const state = rows.find((r) => r.type === "customer.state_changed")!.event.data;
    expect(state).toMatchObject({ email: "buyer@example.com", activeSubscriptions: [], grantedBenefits: [] });
    // checkout.created / checkout.updated go nowhere: still no transaction for them.
    expect(trips.transactions).toBe(1);
  });

  it("an endpoint subscribed to every type: every event of the purchase, in transactions", async () => {
    const { trips, purchase, outbox } = await setup([]);
    await purchase();
    const before = (await outbox()).length;
    trips.reset();
    await purchase();
    const types = (await outbox()).slice(before).map((r) => r.type);
    expect(types.sort()).toEqual(
      [
        "checkout.created",
        "checkout.updated",
        "checkout.updated",
        "customer.state_changed",
        "order.created",
        "order.paid",
        "order.updated",
      ].sort(),
    );
    expect(trips.transactions).toBe(3);
  });
});
