import type { DBAdapter, Row } from "../../../../plugin";
import { grantsOnProductBenefitsChanged } from "../../benefit-grants/enqueue";
import type { BillingContext, Emit } from "../../context";
import { BILLING_ERRORS } from "../../errors";
import { fileRepository } from "../../files/repository";
import type { MerchantService } from "../../merchants/service";
import { paginated } from "../../pagination";
import { TRIAL_MESSAGES } from "../../subscriptions/trials";
import { invalid, merchantOf, parseInput } from "../input";
import { loadProducts } from "../load";
import { catalogRepository } from "../repository";
import { type ProductRow, serializeProduct } from "../serialize";
import { catalogWrite } from "../write";
import { setBenefits, setCustomFields } from "./links";
import { checkPrices, createPrices, replacePrices } from "./prices";
import {
  type ProductCreateInput,
  type ProductListInput,
  type ProductUpdateInput,
  productCreateInput,
  productIdInput,
  productListInput,
  productUpdateInput,
} from "./schemas";

/**
 * Products and their prices (merchant side). Every write is one transaction that emits
 * `product.created` / `product.updated` with the product as the API returns it.
 */
export function createProductService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;

  async function find(tx: DBAdapter, merchantId: string, id: string): Promise<ProductRow> {
    const row = await catalogRepository(tx).findProduct(merchantId, id);
    if (!row) throw BILLING_ERRORS.PRODUCT_NOT_FOUND();
    return row;
  }

  /** Product media must be the merchant's live files uploaded as `product_media`: the ids, in order. */
  async function checkMedias(tx: DBAdapter, merchantId: string, ids: readonly string[]) {
    const files = new Map((await fileRepository(tx).byIds(merchantId, ids)).map((f) => [f.id, f]));
    for (const [i, id] of ids.entries()) {
      const file = files.get(id);
      if (!file) throw invalid(["medias", i], "File not found.");
      if (file.service !== "product_media")
        throw BILLING_ERRORS.ONLY_IMAGES_UPLOADED_AS_PRODUCT_MEDIA_CAN_BE_SHOWN_ON_A_PRODUCT();
    }
    return [...ids];
  }

  async function serialized(tx: DBAdapter, row: ProductRow) {
    const [loaded] = await loadProducts(tx, [row]);
    return serializeProduct(row, loaded ?? { prices: [], benefits: [], customFields: [] });
  }

  async function emitProduct(
    tx: DBAdapter,
    emit: Emit,
    row: ProductRow,
    type: "product.created" | "product.updated",
  ) {
    const product = await serialized(tx, row);
    await emit(row.merchantId, type, product);
    return product;
  }

  async function create(input: ProductCreateInput) {
    const data = parseInput(productCreateInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx, emit) => {
      const at = ctx.now();
      const interval = data.recurringInterval ?? null;
      const draft = { merchantId: merchant.id, isRecurring: interval !== null };
      await checkPrices(
        tx,
        draft,
        data.prices.map((p, index) => ({ index, ...p })),
        data.prices.map((price, index) => ({ index, price })),
      );
      const row = await catalogRepository(tx).insertProduct({
        ...draft,
        name: data.name,
        description: data.description ?? null,
        recurringInterval: interval,
        trialInterval: data.trialInterval ?? null,
        trialIntervalCount: data.trialIntervalCount ?? null,
        isArchived: false,
        metadata: data.metadata ?? {},
        mediaIds: await checkMedias(tx, merchant.id, data.medias ?? []),
        createdAt: at,
        modifiedAt: at,
      });
      await createPrices(tx, row, data.prices, at);
      if (data.benefits?.length) await setBenefits(tx, merchant.id, row.id, data.benefits);
      if (data.attachedCustomFields?.length)
        await setCustomFields(tx, merchant.id, row.id, data.attachedCustomFields);
      return emitProduct(tx, emit, row, "product.created");
    });
  }

  /**
   * Name, description, metadata (replaced), archived flag, trial; a new price list; benefits;
   * custom fields. A trial change applies to checkouts created after it.
   */
  async function update(input: ProductUpdateInput) {
    const data = parseInput(productUpdateInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx, emit) => {
      const current = await find(tx, merchant.id, data.id);
      const at = ctx.now();
      const changes: Row = { modifiedAt: at };
      if (data.name !== undefined) changes.name = data.name;
      if (data.description !== undefined) changes.description = data.description;
      if (data.metadata !== undefined) changes.metadata = data.metadata;
      if (data.isArchived !== undefined) changes.isArchived = data.isArchived;
      if (data.medias !== undefined) changes.mediaIds = await checkMedias(tx, merchant.id, data.medias);
      if (data.trialInterval !== undefined || data.trialIntervalCount !== undefined) {
        if (data.trialInterval && !current.isRecurring)
          throw invalid(["trialInterval"], TRIAL_MESSAGES.notRecurring);
        changes.trialInterval = data.trialInterval ?? null;
        changes.trialIntervalCount = data.trialInterval ? (data.trialIntervalCount ?? null) : null;
      }
      if (data.prices) await replacePrices(tx, current, data.prices, at);
      if (data.benefits) {
        await setBenefits(tx, merchant.id, current.id, data.benefits);
        await grantsOnProductBenefitsChanged(tx, current.id, [...new Set(data.benefits)], at);
      }
      if (data.attachedCustomFields)
        await setCustomFields(tx, merchant.id, current.id, data.attachedCustomFields);
      const row = await catalogRepository(tx).updateProduct(current.id, changes);
      return emitProduct(tx, emit, row ?? current, "product.updated");
    });
  }

  async function get(input: { id: string; organizationId?: string | null }) {
    const data = parseInput(productIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    return serialized(db, await find(db, merchant.id, data.id));
  }

  /** Newest first; filters isArchived, isRecurring and `query` (name contains, any case). */
  async function list(input: ProductListInput = {}) {
    const data = parseInput(productListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await catalogRepository(db).pageProducts(merchant.id, data, data);
    const loaded = await loadProducts(db, rows);
    return paginated(
      loaded.map((l) => serializeProduct(l.product, l)),
      total,
      page,
      limit,
    );
  }

  /** Archived products stay readable (orders, subscriptions) but can no longer be bought. */
  const archive = (input: { id: string; organizationId?: string | null }) =>
    update({ ...parseInput(productIdInput, input), isArchived: true });

  return { create, update, get, list, archive };
}

export type ProductService = ReturnType<typeof createProductService>;
