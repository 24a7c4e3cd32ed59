import type { DBAdapter } from "../../../plugin";
import { loadProductsById } from "../catalog/load";
import { customerRepository } from "../customers/repository";
import { discountRepository } from "../discounts/repository";
import type { PaymentStatus } from "../processors/processor";
import { computeFlags } from "./amounts";
import type { CheckoutDeps } from "./deps";
import { checkoutRepository } from "./repository";
import type { CheckoutRow } from "./serialize";
import type { Settlement } from "./settle";

/** Default lease of a confirmed checkout before reconciliation: 10 minutes. */
export const DEFAULT_CONFIRM_LEASE_SECONDS = 600;

/** Outcomes the processor already reported as under way: its webhook (or the expiry sweep) ends them. */
const AWAITING = new Set(["requires_action", "processing"]);

export interface ReconcileResult {
  /** Checkouts settled into their order because the processor reports the payment succeeded. */
  succeeded: number;
  /** Checkouts reopened (declined, or nothing at the processor) or failed (canceled); use released. */
  failed: number;
  /** Checkouts whose payment is still under way; left confirmed with the intent noted. */
  pending: number;
}

/**
 * Reconciliation of checkouts stuck in `confirmed`: a process that died between the processor's
 * answer and the order write leaves the checkout confirmed, every retry answering 409 and the
 * discount use held. `runDue()` takes each confirmed checkout older than the lease whose outcome
 * was never recorded, claims it (a compare-and-set that moves `modifiedAt` forward, so concurrent
 * runs never handle one twice, and a run that dies mid-way hands it over after another lease),
 * and asks the processor:
 *
 * - succeeded: settled through the same compare-and-set as the processor's success webhook, so
 *   one order exists whichever comes first;
 * - declined, or no payment at all: back to `open` with the discount use released (BILLING.md
 *   1.1: a failure reopens the checkout, the buyer may pay again); canceled for good: `failed`;
 * - still under way: left confirmed, the intent and its status noted for the webhook and the sweep.
 */
export function createReconciler(deps: CheckoutDeps, settlement: Settlement) {
  const { ctx } = deps;
  const db = ctx.app.adapter;
  const checkouts = checkoutRepository(db);
  const leaseMs = () => (ctx.options.checkout?.confirmLease ?? DEFAULT_CONFIRM_LEASE_SECONDS) * 1000;

  /** Takes the checkout for this run: only one concurrent caller moves it. */
  const claim = (checkout: CheckoutRow, cutoff: Date, now: Date) =>
    checkouts.claimStaleConfirmed(checkout.id, cutoff, now);

  /** Does this checkout go through the processor at all (free ones settle without it)? */
  async function needsProcessor(tx: DBAdapter, checkout: CheckoutRow): Promise<boolean> {
    const [product] = await loadProductsById(tx, [checkout.productId]);
    const price = product?.prices.find((p) => p.id === checkout.productPriceId);
    if (!product || !price) return true;
    const discount = checkout.discountId
      ? await discountRepository(tx).findAnyById(checkout.discountId)
      : null;
    return computeFlags({
      product: product.product,
      prices: product.prices,
      price,
      amounts: checkout,
      discount,
    }).isPaymentFormRequired;
  }

  async function statusOf(checkout: CheckoutRow): Promise<PaymentStatus> {
    const customer = checkout.customerId
      ? await customerRepository(db).findAnyById(checkout.customerId)
      : null;
    return ctx.processor.paymentStatus({
      checkoutId: checkout.id,
      intentId: checkout.intentId,
      processorCustomerId: customer?.processorCustomerId ?? null,
    });
  }

  /** Records the intent found at the processor (the dead process never did). */
  async function noteIntent(checkout: CheckoutRow, intentId: string, metadata: Record<string, string>) {
    await checkouts.patchConfirmed(checkout.id, { intentId, paymentProcessorMetadata: metadata });
  }

  async function settleOne(checkout: CheckoutRow): Promise<keyof ReconcileResult> {
    if (!(await needsProcessor(db, checkout))) {
      const view = await settlement.succeed(checkout.id);
      return view.status === "succeeded" ? "succeeded" : "pending";
    }
    const status = await statusOf(checkout);
    switch (status.status) {
      case "succeeded": {
        if (!checkout.intentId)
          await noteIntent(checkout, status.intentId, checkout.paymentProcessorMetadata);
        const view = await settlement.succeed(checkout.id, { id: status.intentId });
        return view.status === "succeeded" ? "succeeded" : "pending";
      }
      case "requires_action":
      case "processing":
        await noteIntent(checkout, status.intentId, {
          ...checkout.paymentProcessorMetadata,
          intent_status: status.status,
        });
        return "pending";
      case "failed":
        await settlement.fail(checkout.id, {
          terminal: status.terminal,
          intentId: status.intentId,
          source: "reconcile",
        });
        return "failed";
      case "not_found":
        await settlement.fail(checkout.id, { source: "reconcile" });
        return "failed";
    }
  }

  return async function reconcile(limit = 100): Promise<ReconcileResult> {
    const now = ctx.now();
    const cutoff = new Date(now.getTime() - leaseMs());
    const result: ReconcileResult = { succeeded: 0, failed: 0, pending: 0 };
    let handled = 0;
    let skipped = 0;
    while (handled < limit) {
      // Claimed rows leave this set; only the ones passed over shift the window.
      const batch = await checkouts.staleConfirmed(cutoff, skipped, limit - handled);
      if (batch.length === 0) break;
      for (const checkout of batch) {
        if (AWAITING.has(checkout.paymentProcessorMetadata?.intent_status ?? "")) {
          skipped++;
          continue;
        }
        if (!(await claim(checkout, cutoff, now))) {
          skipped++;
          continue;
        }
        handled++;
        try {
          result[await settleOne(checkout)]++;
        } catch (error) {
          // The claim holds it for one lease; the next run after that tries again.
          ctx.app.logger.error(`Billing checkout ${checkout.id}: reconciliation failed`, error);
        }
      }
    }
    return result;
  };
}
