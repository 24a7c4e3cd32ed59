import { type LoadedProduct, loadProductsById } from "../catalog/load";
import { customerRepository } from "../customers/repository";
import { customerState } from "../customers/state";
import { linkRedemption, releaseRedemption } from "../discounts/redeem";
import { discountRepository } from "../discounts/repository";
import type { CustomerRow, MerchantRow } from "../rows";
import type { KnownEndpoints } from "../webhooks/outbox";
import type { CheckoutDeps } from "./deps";
import { checkoutRepository } from "./repository";
import type { CheckoutRow } from "./serialize";
import { checkoutView, findByIdOrThrow } from "./view";

const CONFIRM_GRACE_MS = 15 * 60 * 1000;

/**
 * What a confirm already holds when it settles its own checkout: the row as it stands (status
 * confirmed), its offered products and its customer, so none is read again.
 */
export interface KnownSettlement {
  readonly checkout: CheckoutRow;
  readonly products: readonly LoadedProduct[];
  readonly customer: CustomerRow;
  /** The checkout's merchant, when read with the checkout. */
  readonly merchant?: MerchantRow;
  /** The merchant's webhook endpoints, read earlier in this request (not read again). */
  readonly endpoints?: KnownEndpoints;
}

/**
 * How a confirmed checkout ends: success (order, subscription, events) or failure (back to open,
 * or failed when terminal). Each is one transaction that first moves the status with a
 * compare-and-set, so concurrent confirms, processor webhooks and redeliveries settle it once.
 */
export function createSettlement(deps: CheckoutDeps) {
  const { ctx, orders, subscriptions } = deps;

  async function succeed(
    checkoutId: string,
    intent?: { id?: string | null; paymentMethodId?: string },
    known?: KnownSettlement,
  ) {
    return ctx.write(async (tx, emit) => {
      const repo = checkoutRepository(tx);
      const checkout = known?.checkout ?? (await findByIdOrThrow(tx, checkoutId));
      if (checkout.status !== "confirmed") return checkoutView(ctx, tx, checkout);
      // A success for an older attempt's intent is outdated (BILLING.md 12.3).
      if (intent?.id && checkout.intentId && intent.id !== checkout.intentId)
        return checkoutView(ctx, tx, checkout);
      const succeeded: Partial<CheckoutRow> = {
        paymentProcessorMetadata: { ...checkout.paymentProcessorMetadata, intent_status: "succeeded" },
        modifiedAt: ctx.now(),
      };
      if (!(await repo.move(checkout.id, "confirmed", "succeeded", succeeded)))
        return checkoutView(ctx, tx, await findByIdOrThrow(tx, checkoutId));
      const products = known?.products ?? (await loadProductsById(tx, [checkout.productId]));
      const product = products.find((p) => p.product.id === checkout.productId);
      const price = product?.prices.find((p) => p.id === checkout.productPriceId);
      const customer =
        known?.customer ??
        (checkout.customerId ? await customerRepository(tx).findAnyById(checkout.customerId) : null);
      if (!product || !price || !customer)
        throw new Error(`Checkout ${checkout.id} cannot settle: missing product, price or customer`);
      const discount = checkout.discountId
        ? await discountRepository(tx).findAnyById(checkout.discountId)
        : null;
      const subscription = product.product.isRecurring
        ? await subscriptions.createFromCheckout(tx, emit, {
            checkout,
            product,
            price,
            customer,
            paymentMethodId: intent?.paymentMethodId ?? null,
          })
        : null;
      if (subscription) {
        await emit(checkout.merchantId, "customer.state_changed", () => customerState(tx, customer));
        await linkRedemption(tx, checkout.id, subscription.id);
        succeeded.subscriptionId = subscription.id;
        succeeded.modifiedAt = ctx.now();
        await repo.patch(checkout.id, { subscriptionId: subscription.id, modifiedAt: succeeded.modifiedAt });
      }
      await orders.createFromCheckout(tx, emit, {
        checkout,
        product,
        price,
        customer,
        discount,
        subscription,
        products,
        ...(known?.merchant ? { merchant: known.merchant } : {}),
        settling: true,
      });
      if (!subscription)
        await emit(checkout.merchantId, "customer.state_changed", () => customerState(tx, customer));
      // The row as now stored, without reading it back.
      const settled = { ...checkout, ...succeeded, status: "succeeded" } as CheckoutRow;
      const view = await checkoutView(ctx, tx, settled, known ? { products: known.products } : undefined);
      await emit(checkout.merchantId, "checkout.updated", view);
      return view;
    }, known?.endpoints);
  }

  /**
   * Declined: back to open (the buyer may retry; the discount use is released), or failed when
   * terminal. Only a confirmed checkout moves. A processor event must name the checkout's current
   * intent: a late failure of an earlier attempt (Stripe sends one after every decline) must not
   * reopen a checkout whose new attempt is under way.
   */
  async function fail(
    checkoutId: string,
    opts: { terminal?: boolean; intentId?: string | null; source: "confirm" | "processor" | "reconcile" },
  ) {
    return ctx.write(async (tx, emit) => {
      const checkout = await findByIdOrThrow(tx, checkoutId);
      if (checkout.status !== "confirmed") return checkoutView(ctx, tx, checkout);
      if (opts.source === "processor" && (!checkout.intentId || opts.intentId !== checkout.intentId)) {
        return checkoutView(ctx, tx, checkout);
      }
      const {
        intent_status: _s,
        intent_client_secret: _c,
        ...rest
      } = checkout.paymentProcessorMetadata ?? {};
      // Each declined attempt gets its own idempotency key next time (see confirm).
      const metadata = { ...rest, attempt: String(Number(rest.attempt ?? "0") + 1) };
      const moved = await checkoutRepository(tx).move(
        checkout.id,
        checkout.status,
        opts.terminal ? "failed" : "open",
        {
          intentId: null,
          paymentProcessorMetadata: metadata,
          modifiedAt: ctx.now(),
        },
      );
      if (moved) await releaseRedemption(tx, checkout.id);
      const view = await checkoutView(ctx, tx, await findByIdOrThrow(tx, checkout.id));
      if (moved) await emit(checkout.merchantId, "checkout.updated", view);
      return view;
    });
  }

  /** Open (or confirmed with nothing paid) past expiresAt -> expired. Whether this call moved it. */
  async function expire(checkout: CheckoutRow): Promise<boolean> {
    return ctx.write(async (tx, emit) => {
      const moved = await checkoutRepository(tx).move(checkout.id, checkout.status, "expired", {
        modifiedAt: ctx.now(),
      });
      if (moved) {
        await emit(
          checkout.merchantId,
          "checkout.updated",
          await checkoutView(ctx, tx, await findByIdOrThrow(tx, checkout.id)),
        );
      }
      return moved;
    });
  }

  /**
   * Background sweep (called by `runDue`): expires open checkouts past `expiresAt`, and fails
   * confirmed ones whose authentication was abandoned past expiry (the processor cancels the intent).
   */
  async function sweep(limit = 100): Promise<{ expired: number; failed: number }> {
    const now = ctx.now();
    const due = await checkoutRepository(ctx.app.adapter).due(now, limit);
    let expired = 0;
    let failed = 0;
    // A confirmation may be mid-flight at the processor: leave recently confirmed rows alone.
    const settled = (c: CheckoutRow) => now.getTime() - c.modifiedAt.getTime() > CONFIRM_GRACE_MS;
    for (const checkout of due) {
      if (checkout.status === "confirmed" && !settled(checkout)) continue;
      if (checkout.status === "open" || !checkout.intentId) {
        if (await expire(checkout)) expired++;
      } else {
        // Only an abandoned authentication fails; a payment still processing (bank debits can take
        // days) waits for the processor's webhook.
        if (checkout.paymentProcessorMetadata?.intent_status !== "requires_action") continue;
        await ctx.processor.cancelIntent(checkout.intentId);
        await fail(checkout.id, { terminal: true, intentId: checkout.intentId, source: "processor" });
        failed++;
      }
    }
    return { expired, failed };
  }

  return { succeed, fail, expire, sweep };
}

export type Settlement = ReturnType<typeof createSettlement>;
