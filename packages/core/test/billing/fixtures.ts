import { billing } from "../../src/plugins/billing";
import type { BillingOptions } from "../../src/plugins/billing/options";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";

export function clock(start = Date.UTC(2026, 0, 15, 12)) {
  let t = start;
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
    set: (d: Date) => {
      t = d.getTime();
    },
  };
}

/** A test app with billing on the memory adapter and a movable clock; catalog rows inserted directly. */
export async function billingApp(options: BillingOptions = {}, c = clock()) {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  const { auth, signUp, browser } = createTestAuth({
    advanced: { now: c.now },
    plugins: [
      billing({
        ...options,
        onEvent: (e) => {
          events.push({ type: e.type, data: e.data as Record<string, unknown> });
          return options.onEvent?.(e);
        },
      }),
    ],
  });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const merchant = await services.merchants.defaultMerchant();
  const db = auth.$context.adapter;

  async function product(p: {
    name?: string;
    recurring?: "month" | "year";
    price: Record<string, unknown>;
    customFields?: { slug: string; type: string; required?: boolean; properties?: Record<string, unknown> }[];
  }) {
    const product = await db.create<{ id: string }>({
      model: "billingProduct",
      data: {
        merchantId: merchant.id,
        name: p.name ?? "Pro plan",
        isRecurring: Boolean(p.recurring),
        recurringInterval: p.recurring ?? null,
        metadata: {},
      },
    });
    const price = await db.create<{ id: string }>({
      model: "billingPrice",
      data: {
        productId: product.id,
        merchantId: merchant.id,
        type: p.recurring ? "recurring" : "one_time",
        recurringInterval: p.recurring ?? null,
        priceCurrency: "usd",
        ...p.price,
      },
    });
    for (const [i, f] of (p.customFields ?? []).entries()) {
      const field = await db.create<{ id: string }>({
        model: "billingCustomField",
        data: {
          merchantId: merchant.id,
          type: f.type,
          slug: f.slug,
          name: f.slug,
          metadata: {},
          properties: f.properties ?? {},
        },
      });
      await db.create({
        model: "billingProductCustomField",
        data: { productId: product.id, customFieldId: field.id, order: i, required: f.required ?? false },
      });
    }
    return { productId: product.id, priceId: price.id };
  }

  async function discount(d: Record<string, unknown> & { code?: string; products?: string[] }) {
    const { products = [], ...rest } = d;
    const row = await db.create<{ id: string }>({
      model: "billingDiscount",
      data: {
        merchantId: merchant.id,
        name: "Launch",
        duration: "once",
        metadata: {},
        ...rest,
        codeKey: d.code ? String(d.code).toUpperCase() : null,
      },
    });
    for (const productId of products) {
      await db.create({ model: "billingDiscountProduct", data: { discountId: row.id, productId } });
    }
    return row.id;
  }

  return { auth, services, merchant, db, events, signUp, browser, clock: c, product, discount };
}

export const address = {
  country: "US",
  line1: "1 Main St",
  city: "Springfield",
  postalCode: "12345",
  state: "US-IL",
};
