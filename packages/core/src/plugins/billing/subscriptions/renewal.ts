import type { DBAdapter } from "../../../db/adapter";
import type { LoadedProduct } from "../catalog/load";
import type { BillingContext, Emit } from "../context";
import type { MerchantService } from "../merchants/service";
import type { OrderService } from "../orders/service";
import type { DiscountRow, MerchantRow, SubscriptionRow } from "../rows";
import { periodCharge } from "./amounts";
import {
  type BatchRelations,
  DEFAULT_RENEWAL_CONCURRENCY,
  eachPooled,
  inChunks,
  loadBatchRelations,
} from "./batch";
import { emitSubscription, endNow } from "./events";
import { closeMeteredPeriod, orderDiscount, settleFinalUsage } from "./metered";
import { announceSubscriptionOrder, insertSubscriptionOrders, type OrderLine } from "./orders";
import { isoDay, nextPeriodEnd } from "./periods";
import { subscriptionRepository } from "./repository";
import { seatLabel } from "./seat-rules";

/** How long a claim holds a subscription for one worker's renewal. */
const CLAIM_MS = 5 * 60 * 1000;

/**
 * Renewals (BILLING.md 3.4). Each due subscription is claimed with a conditional update, so of
 * several concurrent `runDue()` calls exactly one renews it. The renewal is one transaction: the
 * period moves on and a pending `subscription_cycle` order is created (billed in advance, with
 * the ended period's metered usage in arrears and any pending proration lines; the meters are
 * reset, see `metered.ts`); the charge sweep then charges it off-session. A subscription set to
 * cancel at period end ends instead (its last period's usage on a final order); a lapsed one (more
 * than one period unbilled) is not reinstated with one order per missed period: it ends (BILLING.md 3.3).
 *
 * Throughput: due subscriptions are claimed a batch at a time (one conditional update), what the
 * batch refers to (products and prices, customers, discounts, merchants) is read once, and the
 * batch is renewed in transactions of up to `WRITES_PER_TRANSACTION` (25) subscriptions, one after
 * the other for each merchant, `concurrency` merchants at once. Each renewal stays all-or-nothing;
 * a transaction reserves its invoice numbers with one increment per merchant, after the
 * subscription writes. When a transaction fails, its subscriptions are renewed again one per
 * transaction, so one bad renewal holds back no other.
 */
export function createRenewals(ctx: BillingContext, merchants: MerchantService, orders: OrderService) {
  type Batch = BatchRelations & { merchants: ReadonlyMap<string, MerchantRow> };
  type Outcome = "renewed" | "ended" | "skipped";
  interface Planned {
    renewed: SubscriptionRow;
    lines: OrderLine[];
    discountAmount: number;
    product: LoadedProduct | null;
    discount: DiscountRow | null;
  }

  /** One claimed subscription: moves its period on (or ends it); the order to create, if any. */
  async function step(
    tx: DBAdapter,
    emit: Emit,
    sub: SubscriptionRow | null,
    token: string,
    batch: Batch,
    now: Date,
  ): Promise<Outcome | Planned> {
    const repo = subscriptionRepository(tx);
    if (!sub || sub.lockToken !== token) return "skipped" as const;
    const release = { lockedUntil: null, lockToken: null };
    const held = [{ field: "lockToken", value: token }];
    const end = sub.currentPeriodEnd;
    if (!end || end > now || (sub.status !== "active" && sub.status !== "trialing")) {
      await repo.patch(sub.id, sub.status, release, held);
      return "skipped" as const;
    }
    const interval = sub.recurringInterval;
    const lapsed = nextPeriodEnd(end, sub.anchorDay, interval) <= now;
    const loaded = batch.products.get(sub.productId) ?? null;
    const discount = sub.discountId ? (batch.discounts.get(sub.discountId) ?? null) : null;
    if (sub.cancelAtPeriodEnd || lapsed) {
      const ended = await endNow(tx, emit, orders, { ...sub, endsAt: sub.endsAt ?? end }, now);
      if (!ended) return "skipped" as const;
      // The last period's usage is billed in arrears on a final order (BILLING.md 3.4 step 1).
      const customer = batch.customers.get(sub.customerId) ?? null;
      const deps = { merchants, orders, now };
      await settleFinalUsage(deps, tx, emit, ended, end, { product: loaded, discount, customer });
      return "ended" as const;
    }
    const anchorDay = sub.status === "trialing" ? end.getUTCDate() : sub.anchorDay;
    const nextEnd = nextPeriodEnd(end, anchorDay, interval);
    const price = loaded?.prices.find((p) => p.id === sub.priceId) ?? null;
    const charge = periodCharge(price, discount, sub, end);
    const changes = {
      ...release,
      currentPeriodStart: end,
      currentPeriodEnd: nextEnd,
      anchorDay,
      amount: charge.net,
      // A discount whose duration is over is dropped (BILLING.md 4.2).
      ...(charge.discountAmount > 0 || discount?.duration === "forever"
        ? {}
        : { discountId: null, discountAppliedAt: null }),
      pendingItems: null,
      modifiedAt: now,
    };
    const done =
      sub.status === "trialing"
        ? await repo.move(sub.id, "trialing", "active", changes, held)
        : await repo.patch(sub.id, sub.status, changes, held);
    if (!done) return "skipped" as const;
    // The period that ended: its metered usage, in arrears (a trial's usage is not billed).
    const window = { start: sub.currentPeriodStart, cutoff: end, bill: sub.status !== "trialing" };
    const metered = await closeMeteredPeriod(tx, sub, loaded, window);
    const name = loaded?.product.name ?? "Subscription";
    const lines: OrderLine[] = [
      {
        label: `${seatLabel(name, sub.seats)} — From ${isoDay(end)} to ${isoDay(nextEnd)}`,
        amount: charge.base,
        proration: false,
        productPriceId: sub.priceId,
      },
      ...metered.lines,
      ...(sub.pendingItems ?? []).map((p) => ({ ...p, proration: true })),
    ];
    const meteredTotal = metered.lines.reduce((sum, l) => sum + l.amount, 0);
    // With usage on the order, the discount applies to the subtotal of static and metered lines.
    const discountAmount =
      meteredTotal > 0
        ? orderDiscount(discount, sub, end, charge.base + meteredTotal)
        : charge.discountAmount;
    const renewed: SubscriptionRow = { ...sub, ...changes, status: "active" };
    // A trial converting is the subscription becoming active (BILLING.md 3.7).
    const converted = sub.status === "trialing";
    const types = converted
      ? (["subscription.updated", "subscription.active"] as const)
      : (["subscription.updated"] as const);
    // A renewal keeps status and product (benefits unchanged: they cycle when the order is paid);
    // a trial converting grants with the product's benefits as the batch loaded them.
    const benefits = converted ? loaded?.benefits.map((b) => b.id) : ("unchanged" as const);
    await emitSubscription(tx, emit, renewed, types, converted, benefits);
    return { renewed, lines, discountAmount, product: loaded, discount };
  }

  /** Renews claimed subscriptions in one transaction; the outcome of each, in order. */
  const renewTogether = (claimed: readonly SubscriptionRow[], batch: Batch) =>
    ctx.write(async (tx, emit) => {
      const now = ctx.now();
      const rows = await subscriptionRepository(tx).findByIds(claimed.map((s) => s.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const outcomes: Outcome[] = [];
      const planned: Planned[] = [];
      for (const c of claimed) {
        const r = await step(tx, emit, byId.get(c.id) ?? null, c.lockToken ?? "", batch, now);
        outcomes.push(typeof r === "string" ? r : "renewed");
        if (typeof r !== "string") planned.push(r);
      }
      // Invoice numbers are reserved per merchant (one increment) just before the orders are
      // written: the counter row is locked from there to the commit. Merchants in a fixed order.
      const deps = { merchants, orders, now };
      for (const merchantId of [...new Set(planned.map((p) => p.renewed.merchantId))].sort()) {
        const group = planned.filter((p) => p.renewed.merchantId === merchantId);
        const merchant = batch.merchants.get(merchantId) ?? (await merchants.byId(merchantId, tx));
        const numbers = await merchants.nextInvoiceNumbers(tx, merchant, group.length);
        const inputs = group.map((p) => ({
          subscription: p.renewed,
          customer: batch.customers.get(p.renewed.customerId) ?? null,
          reason: "subscription_cycle" as const,
          lines: p.lines,
          discountAmount: p.discountAmount,
          known: { product: p.product, discount: p.discount },
        }));
        const drafts = await insertSubscriptionOrders(deps, tx, inputs, numbers);
        for (const [i, draft] of drafts.entries())
          await announceSubscriptionOrder(deps, tx, emit, draft, inputs[i]!);
      }
      return outcomes;
    });

  /** A chunk in one transaction, or, when that fails, each of its subscriptions in its own. */
  async function renewChunk(chunk: readonly SubscriptionRow[], batch: Batch): Promise<Outcome[]> {
    try {
      return await renewTogether(chunk, batch);
    } catch (error) {
      if (chunk.length === 1) {
        ctx.app.logger.error(`billing: renewal of subscription ${chunk[0]?.id} failed`, error);
        return ["skipped"];
      }
      const outcomes: Outcome[] = [];
      for (const sub of chunk) outcomes.push(...(await renewChunk([sub], batch)));
      return outcomes;
    }
  }

  /** What a claimed batch refers to, read once. */
  async function relationsOf(subs: readonly SubscriptionRow[]): Promise<Batch> {
    const db = ctx.app.adapter;
    const ids = [...new Set(subs.map((s) => s.merchantId))];
    const [relations, rows] = await Promise.all([
      loadBatchRelations(db, subs),
      Promise.all(ids.map((id) => merchants.byId(id, db).catch(() => null))),
    ]);
    const held = rows.filter((m): m is MerchantRow => m !== null);
    return { ...relations, merchants: new Map(held.map((m) => [m.id, m])) };
  }

  /**
   * Claims and renews every due subscription, `batch` claimed at once, `concurrency` transactions
   * at once; counts by outcome.
   */
  async function renewDue(
    batch = 100,
    concurrency = DEFAULT_RENEWAL_CONCURRENCY,
    /** Called after each batch (the caller starts charging its orders). */
    afterBatch: () => void = () => {},
  ) {
    const result = { renewed: 0, ended: 0 };
    const seen = new Set<string>();
    for (;;) {
      const now = ctx.now();
      const claimed = await subscriptionRepository(ctx.app.adapter).claimDue(now, batch, CLAIM_MS);
      // A row seen before in this run was released unrenewed (a race): a later run takes it.
      const fresh = claimed.filter((s) => !seen.has(s.id));
      if (fresh.length === 0) return result;
      for (const sub of fresh) seen.add(sub.id);
      const relations = await relationsOf(fresh);
      // One worker per merchant: its invoice counter serialises its renewals anyway, and
      // transactions queueing on that row only add waiting. Merchants run `concurrency` at once.
      const byMerchant = new Map<string, SubscriptionRow[]>();
      for (const sub of fresh)
        byMerchant.set(sub.merchantId, [...(byMerchant.get(sub.merchantId) ?? []), sub]);
      await eachPooled([...byMerchant.values()], concurrency, async (subs) => {
        for (const chunk of inChunks(subs, 1))
          for (const outcome of await renewChunk(chunk, relations))
            if (outcome !== "skipped") result[outcome] += 1;
      });
      afterBatch();
    }
  }

  return { renewDue };
}
