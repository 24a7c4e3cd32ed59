import { describe, expect, it } from "vitest";
import { testProcessor } from "../../src/plugins/billing/processors/test-processor";
import { address, billingApp, clock } from "./fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

/** Renewal amounts of a 10.00 monthly plan bought with a 50 % code of the given duration. */
async function renewals(duration: "once" | "forever" | "repeating", months = 4) {
  const processor = testProcessor();
  const app = await billingApp({ processor }, clock(Date.UTC(2026, 0, 15, 12)));
  const { productId } = await app.product({
    recurring: "month",
    price: { amountType: "fixed", priceAmount: 1000 },
  });
  await app.discount({
    code: "HALF",
    type: "percentage",
    basisPoints: 5000,
    duration,
    ...(duration === "repeating" ? { durationInMonths: 2 } : {}),
  });
  const { browser } = await app.signUp({ email: `${duration}@example.com` });
  const secret = secretOf(
    (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
  );
  await browser.request(`/checkouts/client/${secret}`, { method: "PATCH", body: { discountCode: "HALF" } });
  const done = await browser.post<{ totalAmount: number }>(`/checkouts/client/${secret}/confirm`, {
    customerBillingAddress: address,
    confirmationTokenId: "pm_card_visa",
  });
  const amounts = [done.data.totalAmount];
  for (let m = 1; m <= months; m++) {
    app.clock.set(new Date(Date.UTC(2026, m, 15, 12)));
    await app.services.runDue();
  }
  return [...amounts, ...processor.charges.map((c) => c.amount)];
}

describe("discounts at renewal (BILLING.md 4.2)", () => {
  it("once: only the first period", async () => {
    expect(await renewals("once")).toEqual([500, 1000, 1000, 1000, 1000]);
  });
  it("forever: every period", async () => {
    expect(await renewals("forever")).toEqual([500, 500, 500, 500, 500]);
  });
  it("repeating for 2 months: the periods starting within 2 months of the start", async () => {
    expect(await renewals("repeating")).toEqual([500, 500, 1000, 1000, 1000]);
  });
});
