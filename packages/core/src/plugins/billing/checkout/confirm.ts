import { type DBAdapter, isAdapterError, type Row } from "../../../plugin";
import { loadProductsWithMerchants } from "../catalog/load";
import type { BillingContext, Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { redeemDiscount } from "../discounts/redeem";
import { BILLING_ERRORS, type FieldIssue, paymentFailed, validationFailed } from "../errors";
import { userById } from "../identity";
import type { CustomerRow, MerchantRow } from "../rows";
import { addressFields, computeFlags } from "./amounts";
import { applyCheckoutPatch, type CheckoutPatch, hasLineLevelAddress } from "./changes";
import type { CheckoutDeps } from "./deps";
import { checkoutRepository } from "./repository";
import type { CheckoutRow } from "./serialize";
import type { Settlement } from "./settle";
import { checkoutView, findByIdOrThrow } from "./view";

export interface ConfirmInput extends CheckoutPatch {
  /** The payment method from the buyer's form (Stripe: confirmation token; test: a test id or card number). */
  confirmationTokenId?: string;
}

const ADDRESS_KEYS = ["country", "state", "city", "postalCode", "line1"] as const;

/** Every missing or invalid field at once (BILLING.md 1.7), as one 422. */
function requiredFieldIssues(next: CheckoutRow, paymentForm: boolean, hasToken: boolean): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const required = (path: string[]) => issues.push({ path, message: "Field is required." });
  if (!next.customerEmail && !next.customerId) required(["customerEmail"]);
  const address = next.customerBillingAddress;
  if (paymentForm || next.isBusinessCustomer || next.requireBillingAddress) {
    if (!address?.country) required(["customerBillingAddress"]);
    else {
      const rules = addressFields({
        requireBillingAddress: next.requireBillingAddress,
        isBusinessCustomer: next.isBusinessCustomer,
        country: address.country,
      });
      for (const key of ADDRESS_KEYS)
        if (rules[key] && !address[key]) required(["customerBillingAddress", key]);
    }
  }
  if (next.isBusinessCustomer && !next.customerBillingName) required(["customerBillingName"]);
  if (
    (next.requireBillingAddress || next.isBusinessCustomer) &&
    address?.country &&
    !hasLineLevelAddress(address)
  ) {
    issues.push({ path: ["customerBillingAddress"], message: "Full billing address is required." });
  }
  if (paymentForm && !hasToken)
    issues.push({ path: ["confirmationTokenId"], message: "Confirmation token is required." });
  return issues;
}

/** A JSON value as text with object keys sorted (values read back from the database keep no key order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
/**
 * What a confirm changes on an existing customer from the checkout: only what differs, so a repeat
 * purchase with the same details writes nothing and emits no customer.updated. Null: nothing.
 */
function customerChanges(checkout: CheckoutRow, customer: CustomerRow): Row | null {
  const metadata = checkout.customerMetadata ?? {};
  const wantsUpdate =
    (checkout.customerBillingAddress &&
      canonical(checkout.customerBillingAddress) !== canonical(customer.billingAddress)) ||
    (checkout.customerTaxId && checkout.customerTaxId !== customer.taxId) ||
    (Object.keys(metadata).length > 0 &&
      canonical({ ...customer.metadata, ...metadata }) !== canonical(customer.metadata)) ||
    (!customer.name && checkout.customerName);
  if (!wantsUpdate) return null;
  return {
    ...(checkout.customerBillingAddress ? { billingAddress: checkout.customerBillingAddress } : {}),
    ...(checkout.customerTaxId ? { taxId: checkout.customerTaxId } : {}),
    ...(Object.keys(metadata).length ? { metadata: checkout.customerMetadata } : {}),
    ...(!customer.name && checkout.customerName ? { name: checkout.customerName } : {}),
  };
}

/** Rows read with the checkout (one query): its merchant and its linked customer. */
export interface CheckoutParties {
  readonly merchant: MerchantRow | null;
  readonly customer: CustomerRow | null;
}

/** The linked customer read with the checkout, when it is still the checkout's live customer. */
const linkedCustomer = (checkout: CheckoutRow, parties?: CheckoutParties): CustomerRow | null => {
  const c = parties?.customer;
  return c && c.id === checkout.customerId && c.merchantId === checkout.merchantId && !c.deletedAt ? c : null;
};

export function createConfirm(deps: CheckoutDeps, settlement: Settlement) {
  const { ctx, merchants, customers, subscriptions } = deps;
  const db = ctx.app.adapter;

  /** The buyer's customer: linked, by auth user, by external id, by email, or created. */
  async function resolveCustomer(
    tx: DBAdapter,
    emit: Emit,
    checkout: CheckoutRow,
    known?: MerchantRow | null,
  ): Promise<CustomerRow> {
    const merchant =
      known?.id === checkout.merchantId ? known : await merchants.byId(checkout.merchantId, tx);
    let customer: CustomerRow | null = checkout.customerId
      ? await customers.byIdOrThrow(tx, checkout.merchantId, checkout.customerId)
      : null;
    if (!customer && checkout.userId) {
      const user = await userById(ctx.app, checkout.userId, tx);
      if (user) customer = await customers.forUser(tx, emit, merchant, user);
    }
    const email = checkout.customerEmail ?? "";
    if (!customer && checkout.customerExternalId) {
      customer = await customers.byExternalId(tx, merchant.id, checkout.customerExternalId);
    }
    if (!customer && email) {
      customer = await customers.byEmail(tx, merchant.id, email);
      if (
        customer?.externalId &&
        checkout.customerExternalId &&
        customer.externalId !== checkout.customerExternalId
      ) {
        throw BILLING_ERRORS.A_CUSTOMER_WITH_THIS_EXTERNAL_ID_ALREADY_EXISTS_BUT_WITH_A_DIFFERENT_EMAIL_ADDRESS();
      }
    }
    if (!customer) {
      return customers.create(tx, emit, merchant, {
        email,
        name: checkout.customerName,
        externalId: checkout.customerExternalId,
        billingAddress: checkout.customerBillingAddress,
        taxId: checkout.customerTaxId,
        metadata: checkout.customerMetadata,
        referenceId: checkout.referenceId,
      });
    }
    const changes = customerChanges(checkout, customer);
    return changes ? customers.update(tx, emit, customer, changes) : customer;
  }

  return async function confirm(current: CheckoutRow, input: ConfirmInput, parties?: CheckoutParties) {
    // The checkout's products and its merchant's webhook endpoints are read once here (at the
    // same time) and handed to every later step and transaction.
    const [products, endpoints] = await Promise.all([
      loadProductsWithMerchants(db, current.productIds?.length ? current.productIds : [current.productId], {
        merchants: false,
        cache: ctx.catalog,
        merchant: parties?.merchant?.id === current.merchantId ? parties.merchant : null,
      }).then((loaded) => loaded.products),
      ctx.readEndpoints(current.merchantId, parties?.merchant),
    ]);
    const { changes, product, discount } = await applyCheckoutPatch(
      ctx,
      db,
      current,
      products,
      input,
      "confirm",
    );
    const next = { ...current, ...changes } as CheckoutRow;
    const price = product.prices.find((p) => p.id === next.productPriceId)!;
    const flags = computeFlags({
      product: product.product,
      prices: product.prices,
      price,
      amounts: next,
      discount,
      trialEnd: next.trialEnd,
    });
    const issues = requiredFieldIssues(next, flags.isPaymentFormRequired, Boolean(input.confirmationTokenId));
    if (issues.length > 0) throw validationFailed(issues);

    // The customer first, in its own transaction: two first purchases of one user at once race on
    // the unique (merchant, externalId); the loser retries in a fresh transaction and finds the
    // winner's row (an aborted transaction could not read it on PostgreSQL).
    // A linked customer read with the checkout that this purchase does not change needs no write.
    const target = { ...next, id: current.id } as CheckoutRow;
    const merchant = parties?.merchant?.id === current.merchantId ? parties.merchant : null;
    const linked = linkedCustomer(target, parties);
    let customer =
      linked && !customerChanges(target, linked)
        ? linked
        : await ctx
            .write((tx, emit) => resolveCustomer(tx, emit, target, merchant), endpoints)
            .catch((error: unknown) => {
              if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
              return ctx.write((tx, emit) => resolveCustomer(tx, emit, target, merchant), endpoints);
            });

    // open -> confirmed as a compare-and-set; the row after it is known without reading it back.
    const claim = async (tx: DBAdapter, emit: Emit): Promise<CheckoutRow | null> => {
      const update = { ...changes, customerId: customer.id, modifiedAt: ctx.now() };
      if (!(await checkoutRepository(tx).move(current.id, "open", "confirmed", update))) return null;
      const checkout = { ...current, ...update, status: "confirmed" } as CheckoutRow;
      if (product.product.isRecurring) {
        await subscriptions.assertCanSubscribe(
          tx,
          merchant ?? (await merchants.byId(checkout.merchantId, tx)),
          customer.id,
        );
      }
      if (discount) await redeemDiscount(tx, discount, checkout.id, ctx.now());
      await emit(checkout.merchantId, "checkout.updated", () =>
        checkoutView(ctx, tx, checkout, { products }),
      );
      return checkout;
    };
    // The compare-and-set alone (no discount use to redeem, no subscription check that could
    // undo it) is one statement: no transaction when checkout.updated goes nowhere.
    const claimed =
      !discount && !product.product.isRecurring
        ? await ctx.writeOne(current.merchantId, ["checkout.updated"], claim, endpoints)
        : await ctx.write(claim, endpoints);
    if (!claimed) return notOpen(ctx, db, await findByIdOrThrow(db, current.id));
    if (!flags.isPaymentFormRequired)
      return settlement.succeed(current.id, undefined, {
        checkout: claimed,
        products,
        customer,
        endpoints,
        ...(merchant ? { merchant } : {}),
      });

    const checkout = claimed;
    const result = await (async () => {
      const processorCustomerId = await ctx.processor.ensureCustomer({
        customerId: customer.id,
        email: customer.email,
        name: checkout.customerBillingName ?? customer.name,
        existingId: customer.processorCustomerId ?? null,
      });
      if (processorCustomerId !== customer.processorCustomerId) {
        customer = (await customerRepository(db).update(customer.id, { processorCustomerId })) ?? customer;
      }
      return ctx.processor.confirm({
        checkoutId: checkout.id,
        merchantId: checkout.merchantId,
        amount: flags.isPaymentRequired ? checkout.totalAmount : 0,
        currency: checkout.currency,
        mode: flags.isPaymentRequired ? "payment" : "setup",
        processorCustomerId,
        paymentMethod: input.confirmationTokenId!,
        setupFutureUsage: product.product.isRecurring,
        metadata: { checkout_id: checkout.id, organization_id: checkout.merchantId, type: "product" },
        // Stable across a retry whose answer was lost (no double charge); new after each decline.
        idempotencyKey: `checkout_confirm:${checkout.id}:${checkout.paymentProcessorMetadata?.attempt ?? "0"}:${input.confirmationTokenId!.slice(0, 120)}`,
      });
    })().catch((error: unknown) => ({
      status: "failed" as const,
      intentId: undefined,
      reason: error instanceof Error ? error.message : "Payment processor error",
      declineCode: undefined,
    }));

    if (result.status === "failed") {
      await settlement.fail(checkout.id, { intentId: result.intentId ?? null, source: "confirm" });
      throw paymentFailed(result.reason, result.declineCode);
    }
    const intent = {
      intentId: result.intentId,
      paymentProcessorMetadata: {
        ...checkout.paymentProcessorMetadata,
        intent_status: result.status,
        ...(result.status === "requires_action" ? { intent_client_secret: result.clientSecret } : {}),
      },
      modifiedAt: ctx.now(),
    };
    // The intent is recorded before the order's transaction: a process that dies in between
    // leaves it for reconciliation to find at the processor.
    await checkoutRepository(db).patch(checkout.id, intent);
    const withIntent = { ...checkout, ...intent } as CheckoutRow;
    if (result.status === "succeeded")
      return settlement.succeed(
        checkout.id,
        {
          id: result.intentId,
          ...(result.paymentMethodId ? { paymentMethodId: result.paymentMethodId } : {}),
        },
        { checkout: withIntent, products, customer, endpoints, ...(merchant ? { merchant } : {}) },
      );
    return ctx.write(async (tx, emit) => {
      const view = await checkoutView(ctx, tx, withIntent, { products });
      await emit(checkout.merchantId, "checkout.updated", view);
      return view;
    }, endpoints);
  };
}

/**
 * The answer to a confirm of a checkout that is not open: a succeeded one answers as it is
 * (confirm is idempotent), a confirmed one is being processed (409), any other is not open.
 */
export async function notOpen(ctx: BillingContext, db: DBAdapter, checkout: CheckoutRow) {
  if (checkout.status === "succeeded") return checkoutView(ctx, db, checkout);
  if (checkout.status === "confirmed")
    throw BILLING_ERRORS.CHECKOUT_IS_CURRENTLY_BEING_PROCESSED_PLEASE_TRY_AGAIN();
  throw BILLING_ERRORS.CHECKOUT_IS_NOT_OPEN({ status: checkout.status });
}
