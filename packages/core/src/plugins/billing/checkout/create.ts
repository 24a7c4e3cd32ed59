import { generateRandomString } from "../../../plugin";
import { loadProductsWithMerchants, withBenefits } from "../catalog/load";
import type { KnownEndpoints } from "../context";
import type { BillingAddress, CustomerRow, TaxId } from "../customers/serialize";
import { BILLING_ERRORS } from "../errors";
import { parseInput } from "../input";
import type { TrialInterval } from "../rows";
import { checkoutTrialInput, exceedsProductTrial } from "../subscriptions/trials";
import { checkCheckoutUrls } from "../urls";
import { applyCheckoutPatch, hasLineLevelAddress } from "./changes";
import type { CheckoutDeps } from "./deps";
import { checkoutRepository } from "./repository";
import type { CheckoutRow, SerializedCheckout } from "./serialize";
import { checkoutUrl, checkoutView } from "./view";

export interface CreateCheckoutInput {
  /** Products offered (the first is selected); all of one merchant. */
  products: string[];
  productPriceId?: string;
  amount?: number;
  discountId?: string;
  discountCode?: string;
  allowDiscountCodes?: boolean;
  requireBillingAddress?: boolean;
  customerId?: string;
  customerExternalId?: string;
  customerEmail?: string;
  customerName?: string;
  customerBillingName?: string;
  customerBillingAddress?: BillingAddress;
  customerTaxId?: TaxId;
  customerIpAddress?: string;
  isBusinessCustomer?: boolean;
  customerMetadata?: Record<string, string | number | boolean>;
  customFieldData?: Record<string, unknown>;
  metadata?: Record<string, string | number | boolean>;
  successUrl?: string;
  returnUrl?: string;
  embedOrigin?: string;
  /** Organization (auth side) the purchase is for. */
  referenceId?: string;
  /** The buyer (auth user), when known. */
  userId?: string;
  /** False: no trial even if the product has one (default true). */
  allowTrial?: boolean;
  /** This checkout's trial instead of the product's: both or neither (BILLING.md 3.7). */
  trialInterval?: TrialInterval | null;
  trialIntervalCount?: number | null;
  /**
   * The buyer endpoint sets it: a trial of this checkout may only be shorter than (or as long as)
   * each offered product's own trial; anything else is 403.
   */
  limitTrialToProduct?: boolean;
}

/** Client secrets are the only credential of the buyer endpoints: 48 random characters. */
export const newClientSecret = () => `gh_cs_${generateRandomString(48)}`;

export function createCheckoutCreator(deps: CheckoutDeps) {
  const { ctx, merchants, customers, subscriptions } = deps;
  const db = ctx.app.adapter;

  /**
   * `request`: the request the checkout is created for (trusted origins of a `trustedOrigins`
   * function). `answer: "url"`: the caller needs only the checkout's URL, so the response is
   * built (and the products' benefits read) only when checkout.created goes somewhere.
   */
  async function open(input: CreateCheckoutInput, request: Request | undefined, answer: "view" | "url") {
    if (input.products.length === 0) throw BILLING_ERRORS.PRODUCT_NOT_FOUND();
    const trial = parseInput(checkoutTrialInput, {
      allowTrial: input.allowTrial,
      trialInterval: input.trialInterval,
      trialIntervalCount: input.trialIntervalCount,
    });
    const urls = await checkCheckoutUrls(ctx, input, request);
    const loaded = await loadProductsWithMerchants(db, input.products, {
      benefits: answer === "view",
      cache: ctx.catalog,
    });
    const { merchants: priced } = loaded;
    let products = loaded.products;
    if (products.length !== new Set(input.products).size) throw BILLING_ERRORS.PRODUCT_NOT_FOUND();
    const merchantId = products[0]!.product.merchantId;
    if (products.some((p) => p.product.merchantId !== merchantId || p.product.isArchived)) {
      throw BILLING_ERRORS.PRODUCT_NOT_FOUND();
    }
    // The merchant came with the prices (the same query); read only if it did not.
    const merchant = priced.get(merchantId) ?? (await merchants.byId(merchantId));
    if (input.limitTrialToProduct && products.some((p) => exceedsProductTrial(p.product, trial, ctx.now())))
      throw BILLING_ERRORS.THIS_TRIAL_IS_LONGER_THAN_THE_PRODUCT_S_TRIAL();
    const trialOptions = {
      allowTrial: trial.allowTrial ?? true,
      trialInterval: trial.trialInterval ?? null,
      trialIntervalCount: trial.trialIntervalCount ?? null,
    };

    // The linked customer and the merchant's webhook endpoints (for checkout.created), at once.
    const [customer, endpoints]: [CustomerRow | null, KnownEndpoints] = await Promise.all([
      input.customerId
        ? customers.byIdOrThrow(db, merchantId, input.customerId)
        : input.customerExternalId
          ? customers.byExternalId(db, merchantId, input.customerExternalId)
          : null,
      ctx.readEndpoints(merchantId, merchant),
    ]);

    // Prefill from a linked customer only where the caller gave nothing (BILLING.md 1.2 rule 6).
    const address = input.customerBillingAddress ?? customer?.billingAddress ?? null;
    const selected = products[0]!.product.id;
    const { changes, product } = await applyCheckoutPatch(
      ctx,
      db,
      {
        merchantId,
        productId: selected,
        productPriceId: input.productPriceId ?? "",
        productIds: input.products,
        amount: input.amount ?? 0,
        discountId: input.discountId ?? null,
        allowDiscountCodes: input.allowDiscountCodes ?? true,
        customFieldData: {},
        referenceId: input.referenceId ?? null,
        ...trialOptions,
      },
      products,
      {
        productPriceId: input.productPriceId,
        amount: input.amount ?? null,
        discountId: input.discountId ?? null,
        discountCode: input.discountCode ?? null,
        customerBillingAddress: address,
        customerTaxId: input.customerTaxId ?? customer?.taxId ?? null,
        customFieldData: input.customFieldData ?? {},
      },
      "draft",
    );
    if (product.product.isRecurring)
      await subscriptions.assertCanSubscribe(db, merchant, customer?.id ?? null);

    const now = ctx.now();
    const id = ctx.app.core.generateId("billingCheckout");
    const successUrl = urls.successUrl ?? null;
    const needsView = answer === "view" || ctx.delivers(endpoints, ["checkout.created"]);
    if (needsView && answer === "url") products = await withBenefits(db, products);
    const row: Partial<CheckoutRow> & Pick<CheckoutRow, "status"> = {
      ...changes,
      ...trialOptions,
      id,
      merchantId,
      status: "open",
      paymentProcessor: ctx.processor.id,
      clientSecret: newClientSecret(),
      expiresAt: new Date(now.getTime() + ctx.options.checkoutExpiresIn * 1000),
      // `{CHECKOUT_ID}` in a success URL becomes this checkout's id.
      successUrl: successUrl ? successUrl.replace(/\{CHECKOUT_ID\}|%7BCHECKOUT_ID%7D/gi, id) : null,
      returnUrl: urls.returnUrl ?? null,
      embedOrigin: urls.embedOrigin ?? null,
      productIds: input.products,
      allowDiscountCodes: input.allowDiscountCodes ?? true,
      requireBillingAddress: (input.requireBillingAddress ?? false) || hasLineLevelAddress(address),
      customerId: customer?.id ?? null,
      isBusinessCustomer: input.isBusinessCustomer ?? false,
      customerName: input.customerName ?? customer?.name ?? null,
      customerEmail: (input.customerEmail ?? customer?.email)?.trim().toLowerCase() ?? null,
      customerIpAddress: input.customerIpAddress ?? null,
      customerBillingName: input.customerBillingName ?? null,
      customerExternalId: input.customerExternalId ?? customer?.externalId ?? null,
      customerMetadata: input.customerMetadata ?? {},
      paymentProcessorMetadata: { ...ctx.processor.clientConfig() },
      metadata: input.metadata ?? {},
      userId: input.userId ?? null,
      referenceId: input.referenceId ?? null,
      createdAt: now,
      modifiedAt: now,
    };
    // One insert: without a transaction when checkout.created goes nowhere.
    return ctx.writeOne(
      merchantId,
      ["checkout.created"],
      async (tx, emit) => {
        const checkout = await checkoutRepository(tx).insert(row);
        if (!needsView) return { view: null, url: checkoutUrl(ctx, checkout.clientSecret) };
        // The offered products were loaded above: the response is not read again.
        const view = await checkoutView(ctx, tx, checkout, { products });
        await emit(merchantId, "checkout.created", view);
        return { view, url: view.url };
      },
      endpoints,
    );
  }

  return {
    /** Creates a checkout; its response (the spec's Checkout). */
    async create(input: CreateCheckoutInput, request?: Request): Promise<SerializedCheckout> {
      const { view } = await open(input, request, "view");
      return view!;
    },
    /** Creates a checkout; only its URL (the buyer endpoint's answer). */
    async createUrl(input: CreateCheckoutInput, request?: Request): Promise<{ url: string }> {
      const { url } = await open(input, request, "url");
      return { url };
    },
  };
}
