import { isAdapterError } from "../../../db/adapter";
import { loadProductsById } from "../catalog/load";
import { releaseRedemption } from "../discounts/redeem";
import { BILLING_ERRORS } from "../errors";
import type { ProcessorEvent } from "../processors/processor";
import { applyCheckoutPatch, type CheckoutPatch } from "./changes";
import { type ConfirmInput, createConfirm } from "./confirm";
import { createCheckoutCreator } from "./create";
import type { CheckoutDeps } from "./deps";
import { createReconciler } from "./reconcile";
import type { CheckoutRow } from "./serialize";
import { createSettlement } from "./settle";
import { checkoutView, findBySecret } from "./view";

/** Checkouts: create, read/update/confirm by client secret, settlement, processor events, expiry. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { ctx } = deps;
  const db = ctx.app.adapter;
  const settlement = createSettlement(deps);
  const confirmCheckout = createConfirm(deps, settlement);

  /** By client secret: 404 unknown; an open checkout past expiry flips to expired and reads 410. */
  async function load(clientSecret: string): Promise<CheckoutRow> {
    const checkout = await findBySecret(db, clientSecret);
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
      const moved = await tx.updateMany({
        model: "billingCheckout",
        where: [
          { field: "id", value: current.id },
          { field: "status", value: "open" },
        ],
        update: { ...changes, modifiedAt: ctx.now() },
      });
      if (moved === 0) throw BILLING_ERRORS.CHECKOUT_IS_CURRENTLY_BEING_PROCESSED_PLEASE_TRY_AGAIN();
      // A dropped or replaced discount gives back any use this checkout still holds.
      if (current.discountId && changes.discountId !== current.discountId)
        await releaseRedemption(tx, current.id);
      const fresh = await tx.findOne<CheckoutRow>({
        model: "billingCheckout",
        where: [{ field: "id", value: current.id }],
      });
      const view = await checkoutView(ctx, tx, fresh!);
      await emit(current.merchantId, "checkout.updated", view);
      return view;
    });
  }

  /** Confirm: idempotent (a succeeded checkout answers as it is) and safe under concurrent calls. */
  async function confirm(clientSecret: string, input: ConfirmInput) {
    const checkout = await findBySecret(db, clientSecret);
    if (checkout?.status === "succeeded") return checkoutView(ctx, db, checkout);
    if (checkout?.status === "confirmed")
      throw BILLING_ERRORS.CHECKOUT_IS_CURRENTLY_BEING_PROCESSED_PLEASE_TRY_AGAIN();
    const current = await load(clientSecret);
    if (current.status !== "open") throw BILLING_ERRORS.CHECKOUT_IS_NOT_OPEN({ status: current.status });
    return confirmCheckout(current, input);
  }

  /**
   * A processor event through the idempotent inbox: recorded by (processor, event id); a
   * redelivery of a handled event changes nothing. Handling is idempotent too (compare-and-set).
   */
  async function handleProcessorEvent(event: ProcessorEvent): Promise<"handled" | "duplicate" | "ignored"> {
    const processor = ctx.processor.id;
    try {
      await db.create({
        model: "billingProcessorEvent",
        data: {
          processor,
          externalId: event.id,
          type: event.type,
          payload: event.payload,
          createdAt: ctx.now(),
        },
      });
    } catch (error) {
      if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
      const seen = await db.findOne<{ handledAt: Date | null }>({
        model: "billingProcessorEvent",
        where: [
          { field: "processor", value: processor },
          { field: "externalId", value: event.id },
        ],
      });
      if (seen?.handledAt) return "duplicate";
    }
    const checkout = event.checkoutId
      ? await db.findOne<CheckoutRow>({
          model: "billingCheckout",
          where: [{ field: "id", value: event.checkoutId }],
        })
      : event.intentId
        ? await db.findOne<CheckoutRow>({
            model: "billingCheckout",
            where: [{ field: "intentId", value: event.intentId }],
          })
        : null;
    let outcome: "handled" | "ignored" = "ignored";
    if (checkout && (event.type === "payment.succeeded" || event.type === "setup.succeeded")) {
      await settlement.succeed(checkout.id, { id: event.intentId ?? null });
      outcome = "handled";
    } else if (checkout && (event.type === "payment.failed" || event.type === "setup.failed")) {
      await settlement.fail(checkout.id, {
        terminal: event.terminal ?? false,
        intentId: event.intentId ?? null,
        source: "processor",
      });
      outcome = "handled";
    }
    await db.updateMany({
      model: "billingProcessorEvent",
      where: [
        { field: "processor", value: processor },
        { field: "externalId", value: event.id },
      ],
      update: { handledAt: ctx.now() },
    });
    return outcome;
  }

  return {
    create: createCheckoutCreator(deps),
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
