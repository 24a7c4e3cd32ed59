import type { DBAdapter, Row } from "../../../plugin";
import { isAdapterError } from "../../../plugin";
import { assertOwned } from "../catalog/products/refs";
import type { BillingContext } from "../context";
import { BILLING_ERRORS, validationFailed } from "../errors";
import { merchantOf, parseInput, type Scoped } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import { discountProducts } from "./redeem";
import { discountRepository } from "./repository";
import { codeKey } from "./rules";
import {
  type DiscountCreateInput,
  type DiscountListInput,
  type DiscountUpdateInput,
  discountCreateInput,
  discountIdInput,
  discountListInput,
  discountUpdateInput,
  termIssues,
} from "./schemas";
import { type DiscountRow, serializeDiscount } from "./serialize";

const LOCKED = ["amount", "currency", "basisPoints", "durationInMonths"] as const;

/**
 * Discount definitions (BILLING.md 4.1). Codes are unique per merchant whatever the case (stored
 * upper-cased in `codeKey`); delete is soft and frees the code. No webhook events (none in the spec).
 */
export function createDiscountService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;
  async function find(tx: DBAdapter, merchantId: string, id: string) {
    const row = await discountRepository(tx).find(merchantId, id);
    if (!row) throw BILLING_ERRORS.DISCOUNT_NOT_FOUND();
    return row;
  }

  async function assertCodeFree(tx: DBAdapter, merchantId: string, code: string, self?: string) {
    const holder = await discountRepository(tx).findByCodeKey(merchantId, codeKey(code));
    if (holder && holder.id !== self) throw BILLING_ERRORS.DISCOUNT_WITH_THIS_CODE_ALREADY_EXISTS();
  }

  async function setProducts(tx: DBAdapter, merchantId: string, discountId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    await assertOwned(
      tx,
      "billingProduct",
      merchantId,
      ids,
      (i) => ["products", i],
      "Product does not exist.",
    );
    await discountRepository(tx).replaceProducts(discountId, unique);
    return unique;
  }

  /** A concurrent write that took the code first: the same 422 as the check. */
  async function codeSafe<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isAdapterError(error, "UNIQUE_VIOLATION"))
        throw BILLING_ERRORS.DISCOUNT_WITH_THIS_CODE_ALREADY_EXISTS();
      throw error;
    }
  }

  async function create(input: DiscountCreateInput) {
    const d = parseInput(discountCreateInput, input);
    const merchant = await merchantOf(merchants, d);
    return codeSafe(() =>
      ctx.write(async (tx) => {
        if (d.code) await assertCodeFree(tx, merchant.id, d.code);
        const fixed = d.type === "fixed";
        const row = await discountRepository(tx).insert({
          merchantId: merchant.id,
          name: d.name,
          code: d.code ?? null,
          codeKey: d.code ? codeKey(d.code) : null,
          type: d.type,
          duration: d.duration,
          amount: fixed ? d.amount : null,
          currency: fixed ? d.currency : null,
          basisPoints: fixed ? null : d.basisPoints,
          durationInMonths: d.duration === "repeating" ? d.durationInMonths : null,
          startsAt: d.startsAt ?? null,
          endsAt: d.endsAt ?? null,
          maxRedemptions: d.maxRedemptions ?? null,
          redemptionsCount: 0,
          metadata: d.metadata ?? {},
          createdAt: ctx.now(),
          modifiedAt: ctx.now(),
        });
        const products = d.products?.length ? await setProducts(tx, merchant.id, row.id, d.products) : [];
        return serializeDiscount(row, products);
      }),
    );
  }

  /** Type and duration never change; once redeemed, the amounts and months are locked too. */
  async function update(input: DiscountUpdateInput) {
    const d = parseInput(discountUpdateInput, input);
    const merchant = await merchantOf(merchants, d);
    return codeSafe(() =>
      ctx.write(async (tx) => {
        const current = await find(tx, merchant.id, d.id);
        if (d.type !== undefined && d.type !== current.type) throw BILLING_ERRORS.TYPE_CANNOT_BE_CHANGED();
        if (d.duration !== undefined && d.duration !== current.duration)
          throw BILLING_ERRORS.DURATION_CANNOT_BE_CHANGED();
        if (current.redemptionsCount > 0 && LOCKED.some((k) => d[k] !== undefined && d[k] !== current[k]))
          throw BILLING_ERRORS.THIS_DISCOUNT_HAS_ALREADY_BEEN_REDEEMED();
        const changes: Row = { modifiedAt: ctx.now() };
        for (const k of ["name", "startsAt", "endsAt", "maxRedemptions", "metadata", ...LOCKED] as const)
          if (d[k] !== undefined) changes[k] = d[k];
        if (current.type === "percentage") changes.currency = null;
        const issues = termIssues({ ...current, ...changes } as DiscountRow);
        if (issues.length > 0) throw validationFailed(issues);
        if (d.code !== undefined) {
          if (d.code) await assertCodeFree(tx, merchant.id, d.code, current.id);
          changes.code = d.code || null;
          changes.codeKey = d.code ? codeKey(d.code) : null;
        }
        const products = d.products
          ? await setProducts(tx, merchant.id, current.id, d.products)
          : await discountProducts(tx, current.id);
        const row = await discountRepository(tx).update(current.id, changes);
        return serializeDiscount(row ?? current, products);
      }),
    );
  }

  /** Soft delete: redemptions and orders keep it; its code is free again. */
  async function remove(input: { id: string } & Scoped) {
    const data = parseInput(discountIdInput, input);
    const merchant = await merchantOf(merchants, data);
    return ctx.write(async (tx) => {
      const current = await find(tx, merchant.id, data.id);
      await discountRepository(tx).update(current.id, {
        deletedAt: ctx.now(),
        modifiedAt: ctx.now(),
        codeKey: null,
      });
      return { success: true };
    });
  }

  async function get(input: { id: string } & Scoped) {
    const data = parseInput(discountIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const row = await find(db, merchant.id, data.id);
    return serializeDiscount(row, await discountProducts(db, row.id));
  }

  /** Newest first; `query` matches the name or the code (contains, any case). Three queries. */
  async function list(input: DiscountListInput = {}) {
    const data = parseInput(discountListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const discounts = discountRepository(db);
    const { rows, total, page, limit } = await discounts.page(merchant.id, data.query, data);
    const links = rows.length ? await discounts.productLinks(rows.map((r) => r.id)) : [];
    const items = rows.map((r) =>
      serializeDiscount(
        r,
        links.filter((l) => l.discountId === r.id).map((l) => l.productId),
      ),
    );
    return paginated(items, total, page, limit);
  }

  return { create, update, delete: remove, get, list };
}

export type DiscountService = ReturnType<typeof createDiscountService>;
