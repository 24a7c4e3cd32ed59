import { generateRandomString } from "../../../crypto/random";
import { loadProductsById } from "../catalog/load";
import type { BillingContext } from "../context";
import { customerRepository } from "../customers/repository";
import { discountRepository } from "../discounts/repository";
import type { MerchantService } from "../merchants/service";
import type { OrderService } from "../orders/service";
import type { SubscriptionRow } from "../rows";
import { periodCharge } from "./amounts";
import { emitSubscription, endNow } from "./events";
import { createSubscriptionOrder, type OrderLine } from "./orders";
import { nextPeriodEnd } from "./periods";
import { subscriptionRepository } from "./repository";
import { seatLabel } from "./seat-rules";

/** How long a claim holds a subscription for one worker's renewal. */
const CLAIM_MS = 5 * 60 * 1000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Renewals (BILLING.md 3.4). Each due subscription is claimed with a conditional update, so of
 * several concurrent `runDue()` calls exactly one renews it. The renewal is one transaction: the
 * period moves on and a pending `subscription_cycle` order is created (billed in advance, with
 * any pending proration lines); the charge sweep then charges it off-session. A subscription set
 * to cancel at period end ends instead; a lapsed one (more than one period unbilled) is not
 * reinstated with one order per missed period: it ends (BILLING.md 3.3).
 */
export function createRenewals(ctx: BillingContext, merchants: MerchantService, orders: OrderService) {
  async function renew(id: string, token: string) {
    return ctx.write(async (tx, emit) => {
      const repo = subscriptionRepository(tx);
      const sub = await repo.findById(id);
      if (!sub || sub.lockToken !== token) return "skipped" as const;
      const now = ctx.now();
      const release = { lockedUntil: null, lockToken: null };
      const held = [{ field: "lockToken", value: token }];
      const end = sub.currentPeriodEnd;
      if (!end || end > now || (sub.status !== "active" && sub.status !== "trialing")) {
        await repo.patch(sub.id, sub.status, release, held);
        return "skipped" as const;
      }
      const interval = sub.recurringInterval;
      const lapsed = nextPeriodEnd(end, sub.anchorDay, interval) <= now;
      if (sub.cancelAtPeriodEnd || lapsed) {
        const ended = await endNow(tx, emit, orders, { ...sub, endsAt: sub.endsAt ?? end }, now);
        return ended ? ("ended" as const) : ("skipped" as const);
      }
      const anchorDay = sub.status === "trialing" ? end.getUTCDate() : sub.anchorDay;
      const nextEnd = nextPeriodEnd(end, anchorDay, interval);
      const [loaded] = await loadProductsById(tx, [sub.productId]);
      const price = loaded?.prices.find((p) => p.id === sub.priceId) ?? null;
      const discount = sub.discountId ? await discountRepository(tx).findAnyById(sub.discountId) : null;
      const charge = periodCharge(price, discount, sub, end);
      const name = loaded?.product.name ?? "Subscription";
      const lines: OrderLine[] = [
        {
          label: `${seatLabel(name, sub.seats)} — From ${day(end)} to ${day(nextEnd)}`,
          amount: charge.base,
          proration: false,
          productPriceId: sub.priceId,
        },
        ...(sub.pendingItems ?? []).map((p) => ({ ...p, proration: true })),
      ];
      const changes = {
        ...release,
        currentPeriodStart: end,
        currentPeriodEnd: nextEnd,
        anchorDay,
        amount: charge.net,
        // A discount whose duration is over is dropped (BILLING.md 4.2).
        discountId: charge.discountAmount > 0 || discount?.duration === "forever" ? sub.discountId : null,
        pendingItems: null,
        modifiedAt: now,
      };
      const done =
        sub.status === "trialing"
          ? await repo.move(sub.id, "trialing", "active", changes, held)
          : await repo.patch(sub.id, sub.status, changes, held);
      if (!done) return "skipped" as const;
      const renewed: SubscriptionRow = { ...sub, ...changes, status: "active" };
      // A trial converting is the subscription becoming active (BILLING.md 3.7).
      const converted = sub.status === "trialing";
      const types = converted
        ? (["subscription.updated", "subscription.active"] as const)
        : (["subscription.updated"] as const);
      await emitSubscription(tx, emit, renewed, types, converted);
      const customer = await customerRepository(tx).findAnyById(sub.customerId);
      await createSubscriptionOrder({ merchants, orders, now }, tx, emit, {
        subscription: renewed,
        customer,
        reason: "subscription_cycle",
        lines,
        discountAmount: charge.discountAmount,
      });
      return "renewed" as const;
    });
  }

  /** Claims and renews every due subscription (in batches); counts by outcome. */
  async function renewDue(batch = 100) {
    const result = { renewed: 0, ended: 0 };
    for (;;) {
      const now = ctx.now();
      const due = await subscriptionRepository(ctx.app.adapter).due(now, batch);
      let claimedAny = false;
      for (const sub of due) {
        const token = generateRandomString(24);
        const until = new Date(now.getTime() + CLAIM_MS);
        if (!(await subscriptionRepository(ctx.app.adapter).claim(sub.id, now, until, token))) continue;
        claimedAny = true;
        const outcome = await renew(sub.id, token).catch((error: unknown) => {
          ctx.app.logger.error(`billing: renewal of subscription ${sub.id} failed`, error);
          return "skipped" as const;
        });
        if (outcome !== "skipped") result[outcome] += 1;
      }
      if (due.length < batch || !claimedAny) return result;
    }
  }

  return { renewDue };
}
