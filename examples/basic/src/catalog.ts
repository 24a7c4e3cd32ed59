import type { ConfiguredProduct } from "@gatehouse-js/core/plugins/billing";
import type { ExampleAuth } from "./auth";

/** Slugs the page buys by (`client.checkout({ slug })`), filled once the catalog exists. */
export const storeProducts: ConfiguredProduct[] = [];

/** The demo catalog; the pricing page reads it from `GET /demo/catalog`. */
export const CATALOG = [
  {
    slug: "handbook",
    name: "The Gatehouse handbook",
    description: "The e-book: accounts, organizations and billing on your own database. One-time purchase.",
    prices: [{ amountType: "fixed" as const, priceAmount: 2500, priceCurrency: "usd" }],
  },
  {
    slug: "pro",
    name: "Gatehouse Pro",
    description: "Priority support and early features for your team. Billed monthly, cancel any time.",
    recurringInterval: "month" as const,
    prices: [{ amountType: "fixed" as const, priceAmount: 1900, priceCurrency: "usd" }],
  },
  {
    slug: "starter",
    name: "Starter kit",
    description: "Templates to get going: sign-in pages, emails and a pricing table. Free.",
    prices: [{ amountType: "free" as const, priceCurrency: "usd" }],
  },
];

/**
 * Creates the demo products at the store's merchant organization through the billing server API
 * the first time (a real app does this in its admin screens or a seed script), and registers their
 * slugs for `POST /checkout`.
 */
export async function seedCatalog(auth: ExampleAuth, organizationId: string): Promise<void> {
  const existing = await auth.billing.products.list({ organizationId, limit: 100 });
  storeProducts.length = 0;
  for (const { slug, ...product } of CATALOG) {
    const found = existing.items.find((p) => p.name === product.name);
    const id = found ? found.id : (await auth.billing.products.create({ organizationId, ...product })).id;
    storeProducts.push({ productId: id, slug });
  }
}
