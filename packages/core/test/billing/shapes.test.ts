import { describe, expect, it } from "vitest";
import { address, billingApp } from "./fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

/** Spec section 3: every field of Checkout, Order, Customer and Subscription, with its name. */
const CHECKOUT_FIELDS =
  `id status paymentProcessor clientSecret url expiresAt successUrl embedOrigin amount discountAmount
netAmount taxAmount totalAmount currency productId productPriceId discountId allowDiscountCodes requireBillingAddress
isDiscountApplicable isFreeProductPrice isPaymentRequired isPaymentSetupRequired isPaymentFormRequired customerId
isBusinessCustomer customerName customerEmail customerIpAddress customerBillingName customerBillingAddress customerTaxId
customerExternalId customerMetadata customFieldData attachedCustomFields customerBillingAddressFields
paymentProcessorMetadata metadata products product productPrice discount subscriptionId`.split(/\s+/);
const ORDER_FIELDS =
  `id status paid subtotalAmount discountAmount netAmount amount taxAmount totalAmount refundedAmount
refundedTaxAmount currency billingReason billingAddress customerId productId discountId subscriptionId checkoutId metadata
customFieldData customer userId product discount subscription items`.split(/\s+/);
const CUSTOMER_FIELDS =
  `id createdAt modifiedAt metadata externalId email emailVerified name billingAddress taxId
organizationId deletedAt avatarUrl`.split(/\s+/);
const STATE_SUBSCRIPTION_FIELDS =
  `id amount currency recurringInterval status currentPeriodStart currentPeriodEnd
cancelAtPeriodEnd canceledAt startedAt endsAt customerId productId discountId customerCancellationReason
customerCancellationComment metadata customFieldData`.split(/\s+/);
const PRODUCT_FIELDS =
  `id name description recurringInterval isRecurring isArchived organizationId metadata prices
benefits medias attachedCustomFields createdAt modifiedAt`.split(/\s+/);

describe("response shapes carry every field the specification lists", () => {
  it("checkout, order, customer state, product", async () => {
    const app = await billingApp();
    const { browser } = await app.signUp();
    const { productId } = await app.product({
      recurring: "month",
      price: { amountType: "fixed", priceAmount: 990 },
    });
    const secret = secretOf(
      (await browser.post<{ url: string }>("/checkout", { products: [productId], metadata: { plan: "pro" } }))
        .data.url,
    );
    const checkout = await browser.get<Record<string, unknown>>(`/checkouts/client/${secret}`);
    expect(Object.keys(checkout.data)).toEqual(expect.arrayContaining(CHECKOUT_FIELDS));
    expect(checkout.data.metadata).toEqual({ plan: "pro" });
    expect(checkout.data.paymentProcessor).toBe("test");
    expect(Object.keys(checkout.data.product as object)).toEqual(expect.arrayContaining(PRODUCT_FIELDS));
    expect(
      Object.values(checkout.data.customerBillingAddressFields as object).every(
        (v) => typeof v === "boolean",
      ),
    ).toBe(true);
    expect(checkout.data.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await browser.post(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      customerTaxId: ["12-3456789", "us_ein"],
      confirmationTokenId: "pm_card_visa",
    });
    const orders = await browser.get<{ items: Record<string, unknown>[] }>("/customer/orders/list");
    const order = orders.data.items[0]!;
    expect(Object.keys(order)).toEqual(expect.arrayContaining(ORDER_FIELDS));
    for (const key of [
      "subtotalAmount",
      "discountAmount",
      "netAmount",
      "taxAmount",
      "totalAmount",
      "refundedAmount",
    ]) {
      expect(Number.isInteger(order[key]), key).toBe(true);
    }
    const state = await browser.get<
      Record<string, unknown> & { activeSubscriptions: Record<string, unknown>[] }
    >("/customer/state");
    expect(Object.keys(state.data)).toEqual(
      expect.arrayContaining([...CUSTOMER_FIELDS, "activeSubscriptions", "grantedBenefits", "activeMeters"]),
    );
    expect(state.data.taxId).toEqual(["12-3456789", "us_ein"]);
    expect(state.data.organizationId).toBe(app.merchant.id);
    expect(Object.keys(state.data.activeSubscriptions[0]!)).toEqual(
      expect.arrayContaining(STATE_SUBSCRIPTION_FIELDS),
    );
  });
});
