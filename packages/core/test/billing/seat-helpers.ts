import type { DatabaseAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import { type TestProcessor, testProcessor } from "../../src/plugins/billing/processors/test-processor";
import type { SubscriptionRow } from "../../src/plugins/billing/rows";
import type { BillingServices } from "../../src/plugins/billing/services";
import { organization } from "../../src/plugins/organization";
import type { OrganizationServices } from "../../src/plugins/organization/services";
import { createTestAuth } from "../../src/testing";
import { address, clock } from "./fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
let shops = 0;

export type Behavior = "invoice" | "prorate";

/**
 * Organization-backed billing with a seat price: the seller's organization "Shop" sells "Team"
 * (monthly, `seatAmount` per seat), the buyer owns the organization "Buyers" (one member) and
 * every billing event lands in the outbox (a webhook endpoint subscribed to all types).
 */
export async function seatShop(opts: {
  clock: ReturnType<typeof clock>;
  database?: DatabaseAdapter;
  seatAmount?: number;
  minimumSeats?: number;
  behavior?: Behavior;
}) {
  const processor: TestProcessor = testProcessor();
  const { auth, signUp } = createTestAuth({
    ...(opts.database ? { database: opts.database } : {}),
    advanced: { now: opts.clock.now },
    // Sessions outlive the simulated months.
    session: { expiresIn: 365 * 86_400 },
    plugins: [organization({ membershipLimit: 1000 }), billing({ processor })],
  });
  if (opts.database) await migrate(auth);
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const orgs = auth.$context.services.organization as OrganizationServices;
  const db = auth.$context.adapter;
  const n = ++shops;
  const seller = await signUp({ email: `seller${n}@example.com` });
  const shop = (
    await seller.browser.post<{ id: string }>("/organization/create", { name: "Shop", slug: `shop-${n}` })
  ).data;
  const merchant = await services.merchants.resolve(shop.id);
  if (opts.behavior)
    await db.update({
      model: "billingMerchant",
      where: [{ field: "id", value: merchant.id }],
      update: {
        subscriptionSettings: {
          allowMultipleSubscriptions: true,
          allowCustomerUpdates: true,
          prorationBehavior: opts.behavior,
        },
      },
    });
  const seatProduct = async (name: string, seatAmount: number, minimumSeats?: number) => {
    const product = await db.create<{ id: string }>({
      model: "billingProduct",
      data: { merchantId: merchant.id, name, isRecurring: true, recurringInterval: "month", metadata: {} },
    });
    await db.create({
      model: "billingPrice",
      data: {
        productId: product.id,
        merchantId: merchant.id,
        type: "recurring",
        recurringInterval: "month",
        amountType: "seat_based",
        priceCurrency: "usd",
        seatAmount,
        minimumSeats: minimumSeats ?? 1,
      },
    });
    return product.id;
  };
  const productId = await seatProduct("Team", opts.seatAmount ?? 1000, opts.minimumSeats);
  await db.create({
    model: "billingWebhookEndpoint",
    data: {
      merchantId: merchant.id,
      url: "https://hooks.example.com/x",
      secret: "whsec_x",
      events: [],
      enabled: true,
    },
  });
  const buyer = await signUp({ email: `buyer${n}@example.com` });
  const team = (
    await buyer.browser.post<{ id: string }>("/organization/create", { name: "Buyers", slug: `buyers-${n}` })
  ).data;

  let people = 0;
  /** Adds `count` new users to the buyers' organization, one after another or all at once. */
  const addMembers = async (count: number, parallel = false) => {
    const users = [];
    for (let i = 0; i < count; i++)
      users.push((await signUp({ email: `m${n}-${++people}@example.com` })).user);
    const add = (u: { id: string }) =>
      orgs.members.add({ userId: u.id, organizationId: team.id, role: "member" });
    if (parallel) await Promise.all(users.map(add));
    else for (const u of users) await add(u);
    return users.map((u) => u.email as string);
  };
  const removeMember = (email: string) =>
    buyer.browser.post("/organization/remove-member", { memberIdOrEmail: email, organizationId: team.id });

  /** Buys `product` (default: the seat product) for the buyers' organization, or for the buyer alone. */
  const subscribe = async (
    opt: { productId?: string; forOrganization?: boolean; discountId?: string } = {},
  ) => {
    const created = await buyer.browser.post<{ url: string }>("/checkout", {
      products: [opt.productId ?? productId],
      ...(opt.forOrganization === false ? {} : { referenceId: team.id }),
      ...(opt.discountId ? { discountId: opt.discountId } : {}),
    });
    if (created.status !== 200) throw new Error(`checkout: ${JSON.stringify(created.data)}`);
    const secret = secretOf(created.data.url);
    const done = await buyer.browser.post<{ subscriptionId: string; amount: number; totalAmount: number }>(
      `/checkouts/client/${secret}/confirm`,
      { customerBillingAddress: address, confirmationTokenId: "pm_card_visa" },
    );
    if (done.status !== 200) throw new Error(`confirm: ${JSON.stringify(done.data)}`);
    return done.data;
  };
  const sub = async (id: string) => (await services.subscriptions.findById(id)) as SubscriptionRow;
  const ordersOf = (id: string) =>
    db.findMany<{ id: string; status: string; billingReason: string; totalAmount: number }>({
      model: "billingOrder",
      where: [{ field: "subscriptionId", value: id }],
      sortBy: { field: "createdAt", direction: "asc" },
    });
  const itemsOf = async (orderId: string) =>
    (
      await db.findMany<{ label: string; amount: number; proration: boolean }>({
        model: "billingOrderItem",
        where: [{ field: "orderId", value: orderId }],
      })
    )
      .map((i) => [i.label, i.amount, i.proration] as const)
      .sort((a, b) => a[1] - b[1]);
  /** The outbox rows (type and data) written so far, oldest first. */
  const outbox = async () =>
    (
      await db.findMany<{ type: string; payload: string; createdAt: Date }>({
        model: "billingWebhookEvent",
        where: [{ field: "merchantId", value: merchant.id }],
        sortBy: { field: "createdAt", direction: "asc" },
      })
    ).map((e) => ({ type: e.type, data: (JSON.parse(e.payload) as { data: Record<string, unknown> }).data }));

  return {
    auth,
    db,
    services,
    orgs,
    processor,
    seller,
    shop,
    merchant,
    productId,
    seatProduct,
    buyer,
    team,
    addMembers,
    removeMember,
    subscribe,
    sub,
    ordersOf,
    itemsOf,
    outbox,
  };
}

/** 15 Jan 12:00 -> 15 Feb 12:00; 31 Jan 00:00 is exactly half of that period. */
export const START = Date.UTC(2026, 0, 15, 12);
export const HALF = new Date("2026-01-31T00:00:00.000Z");
export const RENEWAL = new Date("2026-02-15T12:00:00.000Z");
export const NEXT_RENEWAL = new Date("2026-03-15T12:00:00.000Z");

/** A shop, three members in the buyers' organization, and their seat subscription (1000 a seat). */
export async function threeSeats(opts: { behavior?: Behavior; minimumSeats?: number } = {}) {
  const time = clock(START);
  const t = await seatShop({ clock: time, ...opts });
  const [second, third] = await t.addMembers(2);
  const checkout = await t.subscribe();
  return { ...t, time, id: checkout.subscriptionId, checkout, emails: [second!, third!] };
}

export type ThreeSeats = Awaited<ReturnType<typeof threeSeats>>;

/** POST /billing/subscriptions/update as the seller (owner of the merchant organization). */
export const merchantUpdate = (t: ThreeSeats, body: Record<string, unknown>) =>
  t.seller.browser.post<{ seats: number; amount: number; message: string }>("/billing/subscriptions/update", {
    organizationId: t.shop.id,
    ...body,
  });
