import type { ConfiguredProduct } from "@gatehouse/core/plugins/billing";
import type { ExampleAuth } from "./auth";

/** Slugs the page buys by (`client.checkout({ slug })`), filled once the catalog exists. */
export const storeProducts: ConfiguredProduct[] = [];

const CATALOG = [
  {
    slug: "ebook",
    name: "The Gatehouse handbook (e-book)",
    description: "A one-time purchase.",
    prices: [{ amountType: "fixed" as const, priceAmount: 2500, priceCurrency: "usd" }],
  },
  {
    slug: "pro",
    name: "Gatehouse Pro",
    description: "A monthly subscription.",
    recurringInterval: "month" as const,
    prices: [{ amountType: "fixed" as const, priceAmount: 1900, priceCurrency: "usd" }],
  },
];

/**
 * Creates the demo products through the billing server API the first time (a real app does this in
 * its admin screens or a seed script), and registers their slugs for `POST /checkout`.
 */
export async function seedCatalog(auth: ExampleAuth): Promise<void> {
  const existing = await auth.billing.products.list({ limit: 100 });
  for (const { slug, ...product } of CATALOG) {
    const found = existing.items.find((p) => p.name === product.name);
    const id = found ? found.id : (await auth.billing.products.create(product)).id;
    storeProducts.push({ productId: id, slug });
  }
}
