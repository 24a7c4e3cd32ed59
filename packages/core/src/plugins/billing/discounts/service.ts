import type { DBAdapter, Row } from "../../../db/adapter";
import { isAdapterError } from "../../../db/adapter";
import type { Where } from "../../../db/where";
import { listPage, merchantOf, parseInput, type Scoped } from "../catalog/input";
import { assertOwned } from "../catalog/products/refs";
import type { BillingContext } from "../context";
import { paginated } from "../endpoints/schemas";
import { BILLING_ERRORS, validationFailed } from "../errors";
import type { MerchantService } from "../merchants/service";
import { discountProducts } from "./redeem";
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
  const live = (merchantId: string): Where => [
    { field: "merchantId", value: merchantId },
    { field: "deletedAt", value: null },
  ];

  async function find(tx: DBAdapter, merchantId: string, id: string) {
    const row = await tx.findOne<DiscountRow>({
      model: "billingDiscount",
      where: [...live(merchantId), { field: "id", value: id }],
    });
    if (!row) throw BILLING_ERRORS.DISCOUNT_NOT_FOUND();
    return row;
  }

  async function assertCodeFree(tx: DBAdapter, merchantId: string, code: string, self?: string) {
    const holder = await tx.findOne<DiscountRow>({
      model: "billingDiscount",
      where: [...live(merchantId), { field: "codeKey", value: codeKey(code) }],
    });
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
    await tx.deleteMany({
      model: "billingDiscountProduct",
      where: [{ field: "discountId", value: discountId }],
    });
    for (const productId of unique)
      await tx.create({ model: "billingDiscountProduct", data: { discountId, productId } });
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
        const row = await tx.create<DiscountRow>({
          model: "billingDiscount",
          data: {
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
          },
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
        const row = await tx.update<DiscountRow>({
          model: "billingDiscount",
          where: [{ field: "id", value: current.id }],
          update: changes,
        });
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
      await tx.update({
        model: "billingDiscount",
        where: [{ field: "id", value: current.id }],
        update: { deletedAt: ctx.now(), modifiedAt: ctx.now(), codeKey: null },
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
    const where: Where = [
      ...live(merchant.id),
      ...(data.query
        ? [
            {
              or: [
                { field: "name", operator: "contains" as const, value: data.query },
                { field: "code", operator: "contains" as const, value: data.query },
              ],
            },
          ]
        : []),
    ];
    const { rows, total, page, limit } = await listPage<DiscountRow>(db, "billingDiscount", where, data);
    const links = rows.length
      ? await db.findMany<{ discountId: string; productId: string }>({
          model: "billingDiscountProduct",
          where: [{ field: "discountId", operator: "in", value: rows.map((r) => r.id) }],
        })
      : [];
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
