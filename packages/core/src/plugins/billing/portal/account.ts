import { z } from "zod";
import type { DBAdapter } from "../../../db/adapter";
import { addressFields } from "../checkout/amounts";
import { countryChoices, STATE_CHOICES } from "../checkout-page/countries";
import type { Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { serializeAddress } from "../customers/serialize";
import { TAX_ID_TYPES } from "../customers/validate";
import { type FieldIssue, paymentFailed, validationFailed } from "../errors";
import { parseInput } from "../input";
import { orderRepository } from "../orders/repository";
import type { CustomerRow, SubscriptionRow } from "../rows";
import type { BillingServices } from "../services";
import { emitSubscription } from "../subscriptions/events";
import { subscriptionRepository } from "../subscriptions/repository";
import { BILLABLE_STATUSES } from "../subscriptions/status";
import type { PortalAccess } from "./service";

const line = (max: number) => z.string().trim().max(max).nullish();

export const portalDetailsInput = z.object({
  name: line(256),
  billingAddress: z.object({
    country: z.string().trim().max(2),
    line1: line(256),
    line2: line(256),
    city: line(128),
    postalCode: line(32),
    state: line(8),
  }),
  taxId: z.object({ value: z.string().trim().max(64), type: z.enum(TAX_ID_TYPES) }).nullish(),
});

export const portalPaymentMethodInput = z.object({
  /** Test processor: a test card number or method id; Stripe: a confirmation token (`ctoken_...`). */
  paymentMethod: z.string().trim().min(1).max(255),
});

const ADDRESS_KEYS = ["country", "line1", "city", "postalCode", "state"] as const;
const COUNTRIES = new Set(countryChoices().map((c) => c.value));

/**
 * The address a customer may save: a known country, and the fields its addresses need (the
 * checkout's `addressFields` rule: a full address for the US or with a tax id, a state or
 * province for the US and Canada, chosen from the list). Every problem at once, as 422 issues.
 */
function checkedAddress(data: z.output<typeof portalDetailsInput>) {
  const a = data.billingAddress;
  const country = a.country.toUpperCase();
  const issues: FieldIssue[] = [];
  const path = (key: string) => ["billingAddress", key];
  if (!COUNTRIES.has(country)) issues.push({ path: path("country"), message: "Field is required." });
  const rules = addressFields({
    requireBillingAddress: false,
    isBusinessCustomer: Boolean(data.taxId),
    country,
  });
  for (const key of ADDRESS_KEYS)
    if (rules[key] && !a[key] && key !== "country")
      issues.push({ path: path(key), message: "Field is required." });
  const states = STATE_CHOICES[country];
  if (a.state && !states?.some((s) => s.value === a.state))
    issues.push({ path: path("state"), message: "Invalid state." });
  if (issues.length) throw validationFailed(issues);
  return {
    country,
    line1: a.line1 || null,
    line2: a.line2 || null,
    city: a.city || null,
    postalCode: a.postalCode || null,
    state: states ? a.state || null : null,
  };
}

/**
 * Words for a saved method: the test processor's `tpm_4242` is "Card ending in 4242" (`tpm_visa`,
 * saved from a method id, "Test card (visa)"); other processors' ids by their last characters.
 */
export function paymentMethodLabel(id: string) {
  const test = /^tpm_(.+)$/.exec(id)?.[1];
  if (test) return /^\d{4}$/.test(test) ? `Card ending in ${test}` : `Test card (${test})`;
  return `Saved payment method ...${id.slice(-4)}`;
}

/**
 * The portal's account actions: the payment method the customer's subscriptions charge, replaced
 * through the processor (a setup, nothing charged), and the billing name, address and tax id.
 */
export function createPortalAccount(billing: BillingServices) {
  const { ctx } = billing;
  const db = ctx.app.adapter;

  const billable = async (customerId: string) =>
    (
      await subscriptionRepository(db).page({ customerIds: [customerId] }, BILLABLE_STATUSES, {
        page: 1,
        limit: 100,
      })
    ).rows;

  /**
   * The methods on file: those the customer's live subscriptions charge, newest subscription's
   * first (the default, used at the next renewal), with the processor's public settings.
   */
  async function paymentMethods(a: PortalAccess) {
    const subs = await billable(a.customer.id);
    const ids = [...new Set(subs.flatMap((s) => (s.paymentMethodId ? [s.paymentMethodId] : [])))];
    return {
      items: ids.map((id, i) => ({
        id,
        label: paymentMethodLabel(id),
        isDefault: i === 0,
        subscriptions: subs.filter((s) => s.paymentMethodId === id).map((s) => s.id),
      })),
      hasSubscriptions: subs.length > 0,
      /** The currency of the newest live subscription (Stripe's Payment Element needs one). */
      currency: subs[0]?.currency ?? null,
      processor: ctx.processor.clientConfig(),
    };
  }

  /**
   * Puts the method on every live subscription of the customer, each with `subscription.updated`;
   * the unpaid orders of a past-due one become due now (as Polar retries them on a new default),
   * so the next `runDue()` charges the new method. Orders whose dunning ended stay as they are.
   */
  async function useMethod(tx: DBAdapter, emit: Emit, subs: SubscriptionRow[], paymentMethodId: string) {
    const repo = subscriptionRepository(tx);
    const now = ctx.now();
    for (const sub of subs) {
      if (sub.paymentMethodId === paymentMethodId) continue;
      const changes = { paymentMethodId, modifiedAt: now };
      if (!(await repo.patch(sub.id, sub.status, changes))) continue;
      await emitSubscription(tx, emit, { ...sub, ...changes }, ["subscription.updated"], false, "unchanged");
      if (sub.status !== "past_due") continue;
      const orders = orderRepository(tx);
      for (const order of await orders.pendingOf(sub.id))
        if (order.nextPaymentAttemptAt && order.nextPaymentAttemptAt > now)
          await orders.patchPending(order.id, { nextPaymentAttemptAt: now, modifiedAt: now });
    }
  }

  /**
   * Saves a new payment method (a setup through the processor: Stripe creates and confirms a
   * SetupIntent for off-session use) and makes it the one the customer's subscriptions charge
   * from their next renewal. A declined or unauthenticated method changes nothing (400).
   */
  async function updatePaymentMethod(a: PortalAccess, input: unknown) {
    const data = parseInput(portalPaymentMethodInput, input);
    let customer: CustomerRow = a.customer;
    const processorCustomerId = await ctx.processor.ensureCustomer({
      customerId: customer.id,
      email: customer.email,
      name: customer.name ?? null,
      existingId: customer.processorCustomerId ?? null,
    });
    if (processorCustomerId !== customer.processorCustomerId)
      customer = (await customerRepository(db).update(customer.id, { processorCustomerId })) ?? customer;
    const reference = `portal_${a.session.id}_${crypto.randomUUID()}`;
    const result = await ctx.processor.confirm({
      checkoutId: reference,
      merchantId: a.merchant.id,
      amount: 0,
      currency: "usd",
      mode: "setup",
      processorCustomerId,
      paymentMethod: data.paymentMethod,
      setupFutureUsage: true,
      metadata: { customer_id: customer.id, purpose: "customer_portal_payment_method" },
      idempotencyKey: `portal_setup:${reference}`,
    });
    if (result.status === "requires_action") {
      await ctx.processor.cancelIntent(result.intentId).catch(() => undefined);
      throw paymentFailed("The card needs authentication", "authentication_required");
    }
    if (result.status !== "succeeded" || !result.paymentMethodId)
      throw paymentFailed(
        result.status === "failed" ? result.reason : "The payment method was not saved",
        result.status === "failed" ? result.declineCode : undefined,
      );
    const paymentMethodId = result.paymentMethodId;
    const subs = await billable(customer.id);
    await ctx.write((tx, emit) => useMethod(tx, emit, subs, paymentMethodId));
    return { id: paymentMethodId, label: paymentMethodLabel(paymentMethodId), subscriptions: subs.length };
  }

  /** The billing name, address and tax id the portal shows and edits. */
  const detailsOf = (a: Pick<PortalAccess, "customer">) => ({
    name: a.customer.name ?? null,
    billingAddress: serializeAddress(a.customer.billingAddress),
    taxId: a.customer.taxId ?? null,
  });

  /** The billing name, address and tax id on the customer (`customer.updated` in the outbox). */
  async function updateDetails(a: PortalAccess, input: unknown) {
    const data = parseInput(portalDetailsInput, input);
    const billingAddress = checkedAddress(data);
    const taxId = data.taxId?.value ? ([data.taxId.value, data.taxId.type] as [string, string]) : null;
    const updated = await ctx.write(async (tx, emit) => {
      const current = await billing.customers.byIdOrThrow(tx, a.merchant.id, a.customer.id);
      return billing.customers.update(tx, emit, current, {
        ...(data.name !== undefined ? { name: data.name || null } : {}),
        billingAddress,
        taxId,
      });
    });
    return detailsOf({ customer: updated });
  }

  return { paymentMethods, updatePaymentMethod, updateDetails, detailsOf };
}

export type PortalAccount = ReturnType<typeof createPortalAccount>;
