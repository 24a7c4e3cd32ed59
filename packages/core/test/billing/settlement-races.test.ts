import { describe, expect, it } from "vitest";
import { address, billingApp } from "./fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

async function threeDSCheckout() {
  const app = await billingApp({ checkout: { expiresIn: 600 } });
  const { browser } = await app.signUp();
  const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
  const secret = secretOf(
    (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
  );
  const res = await browser.post<{ id: string; status: string }>(`/checkouts/client/${secret}/confirm`, {
    customerBillingAddress: address,
    confirmationTokenId: "pm_card_authenticationRequired",
  });
  expect(res.data.status).toBe("confirmed");
  const row = await app.db.findOne<{ id: string; intentId: string }>({
    model: "billingCheckout",
    where: [{ field: "clientSecret", value: secret }],
  });
  return { app, browser, secret, checkoutId: row!.id, intentId: row!.intentId };
}

describe("settlement races", () => {
  it("a failure for another (earlier) intent does not reopen the current attempt", async () => {
    const { app, browser, secret, checkoutId } = await threeDSCheckout();
    const before = app.events.filter((e) => e.type === "checkout.updated").length;
    const outcome = await app.services.checkouts.handleProcessorEvent({
      id: "evt_late_failure",
      type: "payment.failed",
      intentId: "tpi_an_earlier_attempt",
      checkoutId,
      payload: "{}",
    });
    expect(outcome).toBe("handled");
    const now = await browser.get<{ status: string }>(`/checkouts/client/${secret}`);
    expect(now.data.status).toBe("confirmed");
    expect(app.events.filter((e) => e.type === "checkout.updated").length).toBe(before);
  });

  it("a failure for an open checkout changes nothing (no duplicate checkout.updated)", async () => {
    const app = await billingApp();
    const { browser } = await app.signUp();
    const { productId } = await app.product({ price: { amountType: "fixed", priceAmount: 1000 } });
    const secret = secretOf(
      (await browser.post<{ url: string }>("/checkout", { products: [productId] })).data.url,
    );
    await browser.post(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_chargeDeclined",
    });
    const row = await app.db.findOne<{ id: string }>({
      model: "billingCheckout",
      where: [{ field: "clientSecret", value: secret }],
    });
    const before = app.events.length;
    await app.services.checkouts.handleProcessorEvent({
      id: "evt_decline_echo",
      type: "payment.failed",
      intentId: "tpi_whatever",
      checkoutId: row!.id,
      payload: "{}",
    });
    expect(app.events.length).toBe(before);
    expect((await browser.get<{ status: string }>(`/checkouts/client/${secret}`)).data.status).toBe("open");
  });

  it("an abandoned 3-D Secure challenge fails the checkout after expiry; a processing payment waits", async () => {
    const abandoned = await threeDSCheckout();
    abandoned.app.clock.advance(601_000 + 15 * 60_000);
    const swept = await abandoned.app.services.runDue();
    expect(swept.checkouts.failed).toBe(1);
    const failed = await abandoned.app.db.findOne<{ status: string }>({
      model: "billingCheckout",
      where: [{ field: "id", value: abandoned.checkoutId }],
    });
    expect(failed?.status).toBe("failed");

    const processing = await threeDSCheckout();
    await processing.app.db.update({
      model: "billingCheckout",
      where: [{ field: "id", value: processing.checkoutId }],
      update: { paymentProcessorMetadata: { intent_status: "processing" } },
    });
    processing.app.clock.advance(601_000 + 15 * 60_000);
    const none = await processing.app.services.runDue();
    expect(none.checkouts.failed).toBe(0);
    const still = await processing.app.db.findOne<{ status: string }>({
      model: "billingCheckout",
      where: [{ field: "id", value: processing.checkoutId }],
    });
    expect(still?.status).toBe("confirmed");
  });

  it("timestamps follow the app clock (createdAt/modifiedAt defaults)", async () => {
    const app = await billingApp();
    const { user } = await app.signUp();
    const row = await app.db.findOne<{ createdAt: Date }>({
      model: "user",
      where: [{ field: "id", value: user.id }],
    });
    expect(row?.createdAt.toISOString()).toBe(app.clock.now().toISOString());
  });
});
