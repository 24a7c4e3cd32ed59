import type { ConfiguredProduct } from "@gatehouse-js/core/plugins/billing";
import type { ExampleAuth } from "./auth";
import { API_REQUEST_EVENT } from "./usage-event";

/** Slugs the page buys by (`client.checkout({ slug })`), filled once the catalog exists. */
export const storeProducts: ConfiguredProduct[] = [];

/** The demo catalog; the pricing page reads it from `GET /demo/catalog`. */
export const CATALOG = [
  {
    slug: "handbook",
    benefits: ["Handbook license key"],
    name: "The Gatehouse handbook",
    description: "The e-book: accounts, organizations and billing on your own database. One-time purchase.",
    prices: [{ amountType: "fixed" as const, priceAmount: 2500, priceCurrency: "usd" }],
  },
  {
    slug: "pro",
    name: "Gatehouse Pro",
    description:
      "Priority support and early features. Billed monthly, plus $0.01 per API request (at most $10.00 a month).",
    recurringInterval: "month" as const,
    benefits: ["Priority support"],
    prices: [{ amountType: "fixed" as const, priceAmount: 1900, priceCurrency: "usd" }],
    meteredRequests: true,
  },
  {
    slug: "team",
    name: "Gatehouse Team",
    description: "Pro for the whole team, with API requests included. Billed monthly, cancel any time.",
    recurringInterval: "month" as const,
    benefits: ["Priority support"],
    prices: [{ amountType: "fixed" as const, priceAmount: 4900, priceCurrency: "usd" }],
  },
  {
    slug: "starter",
    name: "Starter kit",
    description: "Templates to get going: sign-in pages, emails and a pricing table. Free.",
    prices: [{ amountType: "free" as const, priceCurrency: "usd" }],
    benefits: [] as string[],
  },
];

/** The meter behind Pro's usage price: API requests the buyer records (`POST /usage/ingest`). */
const METER = {
  name: "API requests",
  filter: {
    conjunction: "and" as const,
    clauses: [{ property: "name", operator: "eq" as const, value: API_REQUEST_EVENT }],
  },
  aggregation: { func: "count" as const },
};

async function seedMeter(auth: ExampleAuth, organizationId: string): Promise<string> {
  const existing = await auth.billing.meters.list({ organizationId, limit: 100 });
  const found = existing.items.find((m) => m.name === METER.name);
  return found ? found.id : (await auth.billing.meters.create({ organizationId, ...METER })).id;
}

/** Benefits the products grant (shown in the billing page and the customer portal). */
const BENEFITS = [
  {
    type: "license_keys" as const,
    description: "Handbook license key",
    properties: { prefix: "GH", activations: { limit: 3, enableCustomerAdmin: true } },
  },
  {
    type: "custom" as const,
    description: "Priority support",
    properties: { note: "Write to support@example.com from your account's address: answers within a day." },
  },
];

async function seedBenefits(auth: ExampleAuth, organizationId: string): Promise<Map<string, string>> {
  const existing = await auth.billing.benefits.list({ organizationId, limit: 100 });
  const ids = new Map(existing.items.map((b) => [b.description, b.id]));
  for (const benefit of BENEFITS)
    if (!ids.has(benefit.description))
      ids.set(benefit.description, (await auth.billing.benefits.create({ organizationId, ...benefit })).id);
  return ids;
}

/**
 * Creates the demo products at the store's merchant organization through the billing server API
 * the first time (a real app does this in its admin screens or a seed script), and registers their
 * slugs for `POST /checkout`.
 */
export async function seedCatalog(auth: ExampleAuth, organizationId: string): Promise<void> {
  const benefitIds = await seedBenefits(auth, organizationId);
  const meterId = await seedMeter(auth, organizationId);
  const existing = await auth.billing.products.list({ organizationId, limit: 100 });
  storeProducts.length = 0;
  for (const { slug, benefits, ...entry } of CATALOG) {
    const { meteredRequests, ...product } = { meteredRequests: false, ...entry };
    const usagePrice = {
      amountType: "metered_unit" as const,
      priceCurrency: "usd",
      unitAmount: "1",
      capAmount: 1000,
      meterId,
    };
    const found = existing.items.find((p) => p.name === product.name);
    const id = found
      ? found.id
      : (
          await auth.billing.products.create({
            organizationId,
            ...product,
            prices: meteredRequests ? [...product.prices, usagePrice] : product.prices,
            benefits: benefits.map((d) => benefitIds.get(d) as string),
          })
        ).id;
    storeProducts.push({ productId: id, slug });
  }
}
