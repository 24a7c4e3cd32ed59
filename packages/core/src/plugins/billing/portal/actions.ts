import { z } from "zod";
import { loadProducts, loadProductsById } from "../catalog/load";
import { catalogRepository } from "../catalog/repository";
import { serializeCustomer } from "../customers/serialize";
import { BILLING_ERRORS } from "../errors";
import { parseInput } from "../input";
import type { BillingServices } from "../services";
import { CANCELLATION_REASONS } from "../subscriptions/lifecycle";
import { subscriptionCore } from "../subscriptions/serialize";
import { createPortalAccount } from "./account";
import { createPortalBenefits } from "./benefits";
import type { PortalAccess } from "./service";

export const portalCancelInput = z.object({
  subscriptionId: z.string().min(1).max(128),
  cancellationReason: z.enum(CANCELLATION_REASONS).nullish(),
  cancellationComment: z.string().trim().max(1000).nullish(),
});
export const portalSubscriptionInput = z.object({ subscriptionId: z.string().min(1).max(128) });
export const portalChangeInput = portalSubscriptionInput.extend({ productId: z.string().min(1).max(128) });
export const portalPageInput = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** Most plans offered in the change-plan list (a merchant's live recurring products). */
const MAX_PLANS = 100;

/**
 * What the portal page and its JSON calls do for the customer of a portal session. Subscription
 * actions reuse the subscription services with the buyer endpoints' rules: the customer's own
 * subscriptions only (anything else is 404), plan changes only when the merchant's
 * `allowCustomerUpdates` is not false, with the merchant's default proration.
 */
export function createPortalActions(billing: BillingServices) {
  const db = billing.ctx.app.adapter;

  const allowsUpdates = (a: PortalAccess) => a.merchant.subscriptionSettings?.allowCustomerUpdates !== false;

  async function own(a: PortalAccess, subscriptionId: string) {
    const sub = await billing.subscriptions.findById(subscriptionId);
    if (!sub || sub.customerId !== a.customer.id || sub.merchantId !== a.merchant.id)
      throw BILLING_ERRORS.SUBSCRIPTION_NOT_FOUND();
    return sub;
  }

  function overview(a: PortalAccess) {
    return {
      customer: serializeCustomer(a.customer),
      merchant: {
        name: a.merchant.name,
        email: a.merchant.email ?? null,
        website: a.merchant.website ?? null,
      },
      returnUrl: a.session.returnUrl ?? null,
      expiresAt: a.session.expiresAt,
      allowCustomerUpdates: allowsUpdates(a),
    };
  }

  function orders(a: PortalAccess, input: unknown = {}) {
    const q = parseInput(portalPageInput, input ?? {}, "query");
    return billing.orders.pageOfCustomer(a.merchant.id, a.customer.id, {
      page: q.page ?? 1,
      limit: q.limit ?? 10,
    });
  }

  const invoice = (a: PortalAccess, orderId: string) =>
    billing.orders.invoiceOfCustomer(a.merchant, a.customer.id, orderId);

  /** The live recurring products a subscription may move to (empty when updates are off). */
  async function plans(a: PortalAccess) {
    if (!allowsUpdates(a)) return [];
    const { rows } = await catalogRepository(db).pageProducts(
      a.merchant.id,
      { isArchived: false, isRecurring: true },
      { limit: MAX_PLANS },
    );
    const loaded = await loadProducts(db, rows);
    return loaded
      .map((l) => {
        const price = l.prices.find((p) => !p.isArchived && p.amountType !== "metered_unit");
        if (!price || price.amountType === "custom") return null;
        return {
          productId: l.product.id,
          name: l.product.name,
          amount: price.priceAmount ?? 0,
          currency: price.priceCurrency,
          recurringInterval: price.recurringInterval ?? l.product.recurringInterval ?? null,
        };
      })
      .filter((p): p is NonNullable<typeof p> => p !== null);
  }

  /** The customer's subscriptions (newest first) with their product names, and the plans offered. */
  async function subscriptions(a: PortalAccess) {
    const { rows } = await billing.subscriptions.page({ customerIds: [a.customer.id] }, null, {
      page: 1,
      limit: 100,
    });
    const [products, offered] = await Promise.all([
      loadProductsById(db, [...new Set(rows.map((s) => s.productId))]),
      plans(a),
    ]);
    const names = new Map(products.map((p) => [p.product.id, p.product.name]));
    return {
      items: rows.map((s) => ({ ...subscriptionCore(s), productName: names.get(s.productId) ?? null })),
      plans: offered,
      allowCustomerUpdates: allowsUpdates(a),
    };
  }

  async function cancel(a: PortalAccess, input: unknown) {
    const data = parseInput(portalCancelInput, input);
    const sub = await own(a, data.subscriptionId);
    return subscriptionCore(
      await billing.subscriptions.applyUpdate(sub, { ...data, cancelAtPeriodEnd: true }),
    );
  }

  async function uncancel(a: PortalAccess, input: unknown) {
    const data = parseInput(portalSubscriptionInput, input);
    const sub = await own(a, data.subscriptionId);
    return subscriptionCore(await billing.subscriptions.applyUpdate(sub, { cancelAtPeriodEnd: false }));
  }

  async function changeChecked(a: PortalAccess, input: unknown) {
    const data = parseInput(portalChangeInput, input);
    const sub = await own(a, data.subscriptionId);
    if (!allowsUpdates(a)) throw BILLING_ERRORS.SUBSCRIPTION_UPDATES_ARE_NOT_ALLOWED();
    return { sub, productId: data.productId };
  }

  async function previewChange(a: PortalAccess, input: unknown) {
    const { sub, productId } = await changeChecked(a, input);
    return billing.subscriptions.previewChange(sub, productId);
  }

  async function changePlan(a: PortalAccess, input: unknown) {
    const { sub, productId } = await changeChecked(a, input);
    return subscriptionCore(await billing.subscriptions.applyUpdate(sub, { productId }));
  }

  return {
    overview,
    orders,
    invoice,
    subscriptions,
    plans,
    cancel,
    uncancel,
    previewChange,
    changePlan,
    ...createPortalBenefits(billing),
    ...createPortalAccount(billing),
  };
}

export type PortalActions = ReturnType<typeof createPortalActions>;
