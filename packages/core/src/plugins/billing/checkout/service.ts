import { isAdapterError } from "../../../plugin";
import { loadProductsById } from "../catalog/load";
import { releaseRedemption } from "../discounts/redeem";
import { BILLING_ERRORS } from "../errors";
import type { ProcessorEvent } from "../processors/processor";
import { applyCheckoutPatch, type CheckoutPatch } from "./changes";
import { type ConfirmInput, createConfirm, notOpen } from "./confirm";
import { createCheckoutCreator } from "./create";
import type { CheckoutDeps } from "./deps";
import { createReconciler } from "./reconcile";
import { checkoutRepository } from "./repository";
import type { CheckoutRow } from "./serialize";
import { createSettlement } from "./settle";
import { checkoutView, findByIdOrThrow, findBySecret } from "./view";

/** Checkouts: create, read/update/confirm by client secret, settlement, processor events, expiry. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { ctx } = deps;
  const db = ctx.app.adapter;
  const settlement = createSettlement(deps);
  const confirmCheckout = createConfirm(deps, settlement);
  const creator = createCheckoutCreator(deps);

  /** By client secret: 404 unknown; an open checkout past expiry flips to expired and reads 410. */
  async function load(clientSecret: string): Promise<CheckoutRow> {
    return usable(await findBySecret(db, clientSecret));
  }

  /** The checks of `load` on a row already read. */
  async function usable(checkout: CheckoutRow | null): Promise<CheckoutRow> {
    if (!checkout) throw BILLING_ERRORS.CHECKOUT_NOT_FOUND();
    if (checkout.status === "open" && checkout.expiresAt.getTime() <= ctx.now().getTime()) {
      await settlement.expire(checkout);
      throw BILLING_ERRORS.THIS_CHECKOUT_SESSION_HAS_EXPIRED();
    }
    if (checkout.status === "expired") throw BILLING_ERRORS.THIS_CHECKOUT_SESSION_HAS_EXPIRED();
    return checkout;
  }

  async function get(clientSecret: string) {
    return checkoutView(ctx, db, await load(clientSecret));
  }

  async function update(clientSecret: string, patch: CheckoutPatch) {
    const current = await load(clientSecret);
    if (current.status !== "open") throw BILLING_ERRORS.CHECKOUT_IS_NOT_OPEN({ status: current.status });
    const products = await loadProductsById(
      db,
      current.productIds?.length ? current.productIds : [current.productId],
    );
    const { changes } = await applyCheckoutPatch(ctx, db, current, products, patch, "draft");
    return ctx.write(async (tx, emit) => {
      const moved = await checkoutRepository(tx).move(current.id, "open", "open", {
        ...changes,
        modifiedAt: ctx.now(),
      });
      if (!moved) throw BILLING_ERRORS.CHECKOUT_IS_CURRENTLY_BEING_PROCESSED_PLEASE_TRY_AGAIN();
      // A dropped or replaced discount gives back any use this checkout still holds.
      if (current.discountId && changes.discountId !== current.discountId)
        await releaseRedemption(tx, current.id);
      const fresh = await findByIdOrThrow(tx, current.id);
      const view = await checkoutView(ctx, tx, fresh);
      await emit(current.merchantId, "checkout.updated", view);
      return view;
    });
  }

  /** Confirm: idempotent (a succeeded checkout answers as it is) and safe under concurrent calls. */
  async function confirm(clientSecret: string, input: ConfirmInput) {
    // The merchant and the linked customer come with the checkout (one query).
    const found = await checkoutRepository(db).findBySecretWithParties(clientSecret);
    const checkout = found?.checkout ?? null;
    // Succeeded answers as it is, confirmed is busy, failed is not open; expired reads 410 below.
    if (checkout && checkout.status !== "open" && checkout.status !== "expired")
      return notOpen(ctx, db, checkout);
    return confirmCheckout(await usable(checkout), input, found ?? undefined);
  }

  /**
   * A processor event through the idempotent inbox: recorded by (processor, event id); a
   * redelivery of a handled event changes nothing. Handling is idempotent too (compare-and-set).
   */
  async function handleProcessorEvent(event: ProcessorEvent): Promise<"handled" | "duplicate" | "ignored"> {
    const processor = ctx.processor.id;
    const repo = checkoutRepository(db);
    try {
      await repo.recordProcessorEvent({
        processor,
        externalId: event.id,
        type: event.type,
        payload: event.payload,
        createdAt: ctx.now(),
      });
    } catch (error) {
      if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
      const seen = await repo.findProcessorEvent(processor, event.id);
      if (seen?.handledAt) return "duplicate";
    }
    const checkout = event.checkoutId
      ? await repo.findById(event.checkoutId)
      : event.intentId
        ? await repo.findByIntent(event.intentId)
        : null;
    let outcome: "handled" | "ignored" = "ignored";
    if (checkout && (event.type === "payment.succeeded" || event.type === "setup.succeeded")) {
      await settlement.succeed(checkout.id, {
        id: event.intentId ?? null,
        ...(event.paymentMethodId ? { paymentMethodId: event.paymentMethodId } : {}),
      });
      outcome = "handled";
    } else if (checkout && (event.type === "payment.failed" || event.type === "setup.failed")) {
      await settlement.fail(checkout.id, {
        terminal: event.terminal ?? false,
        intentId: event.intentId ?? null,
        source: "processor",
      });
      outcome = "handled";
    }
    await repo.markProcessorEventHandled(processor, event.id, ctx.now());
    return outcome;
  }

  return {
    create: creator.create,
    createUrl: creator.createUrl,
    get,
    update,
    confirm,
    load,
    handleProcessorEvent,
    sweep: settlement.sweep,
    reconcile: createReconciler(deps, settlement),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
