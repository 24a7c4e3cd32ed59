import { testProcessor } from "../../src/plugins/billing/processors/test-processor";
import { address, billingApp, clock } from "./fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

/** A buyer subscribed (checkout with pm_card_visa, saved for renewals) on the memory adapter. */
export async function subscribed(start: number, price = 1900, recurring: "month" | "year" = "month") {
  const processor = testProcessor();
  const app = await billingApp({ processor }, clock(start));
  const { productId } = await app.product({
    name: "Pro",
    recurring,
    price: { amountType: "fixed", priceAmount: price },
  });
  const { browser } = await app.signUp({ email: "buyer@example.com" });
  const url = (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url;
  const done = await browser.post<{ subscriptionId: string }>(`/checkouts/client/${secretOf(url)}/confirm`, {
    customerBillingAddress: address,
    confirmationTokenId: "pm_card_visa",
  });
  const id = done.data.subscriptionId;
  const sub = async () => (await app.services.subscriptions.findById(id))!;
  const ordersOf = async () =>
    (await app.db.findMany<{ status: string; billingReason: string; totalAmount: number; id: string }>({
      model: "billingOrder",
      where: [{ field: "subscriptionId", value: id }],
      sortBy: { field: "createdAt", direction: "asc" },
    })) ?? [];
  return { app, processor, browser, id, sub, ordersOf, productId };
}
