import { memoryAdapter } from "../../src/adapters/memory";
import type { DatabaseAdapter, DBAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import { merchantRepository } from "../../src/plugins/billing/merchants/repository";
import type { BillingOptions } from "../../src/plugins/billing/options";
import type { BillingServices } from "../../src/plugins/billing/services";
import { organization } from "../../src/plugins/organization";
import { createTestAuth } from "../../src/testing";
import { clock } from "../billing/fixtures";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

export interface Store {
  name: string;
  available: boolean;
  open: (tag: string) => OpenStore;
}

/** Memory plus the four SQL stores (PostgreSQL and MariaDB when their servers answer). */
export async function allStores(): Promise<Store[]> {
  const sql = await sqlStores();
  return [
    {
      name: "memory",
      available: true,
      open: () => ({ database: memoryAdapter(), cleanup: async () => {} }),
    },
    ...sql.map((s) => ({
      name: s.name,
      available: s.available,
      open: (tag: string) => s.open({ tablePrefix: randomPrefix(tag) }),
    })),
  ];
}

export interface EventLog {
  type: string;
  data: Record<string, unknown>;
}

/** A migrated app with billing (and optionally the organization plugin) on a store, with a movable clock. */
export async function openBillingApp(
  database: DatabaseAdapter,
  options: BillingOptions & { organizations?: boolean } = {},
  c = clock(),
) {
  const events: EventLog[] = [];
  const { organizations, ...billingOptions } = options;
  const made = createTestAuth({
    database,
    advanced: { now: c.now },
    plugins: [
      ...(organizations ? [organization()] : []),
      billing({
        ...billingOptions,
        onEvent: (e) => {
          events.push({ type: e.type, data: e.data as Record<string, unknown> });
        },
      }),
    ],
  });
  await migrate(made.auth);
  const services = (made.auth as unknown as { billing: BillingServices }).billing;
  const db = (): DBAdapter => made.auth.$context.adapter;
  return { ...made, services, db, events, clock: c };
}

export type OpenedApp = Awaited<ReturnType<typeof openBillingApp>>;

/** A product with one fixed price at a merchant, inserted directly. */
export async function fixedProduct(
  db: DBAdapter,
  merchantId: string,
  amount: number,
  opts: { recurring?: boolean; currency?: string; name?: string } = {},
) {
  const product = await db.create<{ id: string }>({
    model: "billingProduct",
    data: {
      merchantId,
      name: opts.name ?? "Plan",
      isRecurring: Boolean(opts.recurring),
      recurringInterval: opts.recurring ? "month" : null,
      metadata: {},
    },
  });
  await db.create({
    model: "billingPrice",
    data: {
      productId: product.id,
      merchantId,
      type: opts.recurring ? "recurring" : "one_time",
      recurringInterval: opts.recurring ? "month" : null,
      amountType: "fixed",
      priceAmount: amount,
      priceCurrency: opts.currency ?? "usd",
    },
  });
  return product.id;
}

/**
 * An enabled webhook endpoint of the merchant subscribed to `events` (`[]`: every event), inserted
 * directly; the merchant's `webhookVersion` moves as the webhook service moves it.
 */
export async function webhookEndpoint(db: DBAdapter, merchantId: string, events: readonly string[]) {
  await db.transaction(async (tx) => {
    await tx.create({
      model: "billingWebhookEndpoint",
      data: { merchantId, url: "https://hooks.example.com/in", secret: "whsec_test", events, enabled: true },
    });
    await merchantRepository(tx).bumpWebhookVersion(merchantId);
  });
}

/** A fixed discount with a code and a use cap, inserted directly. */
export async function cappedDiscount(
  db: DBAdapter,
  merchantId: string,
  code: string,
  maxRedemptions: number,
) {
  const row = await db.create<{ id: string }>({
    model: "billingDiscount",
    data: {
      merchantId,
      name: code,
      code,
      codeKey: code.toUpperCase(),
      type: "fixed",
      amount: 300,
      currency: "usd",
      duration: "once",
      maxRedemptions,
      metadata: {},
    },
  });
  return row.id;
}

export const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

export const usAddress = {
  country: "US",
  line1: "1 Main St",
  city: "Springfield",
  postalCode: "12345",
  state: "US-IL",
};
