import type { DBAdapter, Row } from "../../../../plugin";
import { isAdapterError } from "../../../../plugin";
import type { BillingContext } from "../../context";
import { BILLING_ERRORS } from "../../errors";
import type { MerchantService } from "../../merchants/service";
import { paginated } from "../../pagination";
import { merchantOf, parseInput, type Scoped } from "../input";
import { catalogRepository } from "../repository";
import { serializeCustomField } from "../serialize";
import { catalogWrite } from "../write";
import { customFieldRepository } from "./repository";
import {
  CUSTOM_FIELD_PROPERTIES,
  type CustomFieldCreateInput,
  type CustomFieldListInput,
  type CustomFieldUpdateInput,
  customFieldCreateInput,
  customFieldIdInput,
  customFieldListInput,
  customFieldUpdateInput,
} from "./schemas";

/** Custom field definitions (BILLING.md 1.6); soft-deleted. No webhook events (none in the spec). */
export function createCustomFieldService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;
  async function find(tx: DBAdapter, merchantId: string, id: string) {
    const row = await customFieldRepository(tx).find(merchantId, id);
    if (!row) throw BILLING_ERRORS.CUSTOM_FIELD_NOT_FOUND();
    return row;
  }

  /**
   * A slug is unique among the merchant's live fields. A deleted field holding it gives it up
   * (renamed), since the unique index also covers deleted rows.
   */
  async function claimSlug(tx: DBAdapter, merchantId: string, slug: string) {
    const holder = await customFieldRepository(tx).findBySlug(merchantId, slug);
    if (!holder) return;
    if (!holder.deletedAt) throw BILLING_ERRORS.A_CUSTOM_FIELD_WITH_THIS_SLUG_ALREADY_EXISTS();
    await customFieldRepository(tx).update(holder.id, { slug: `${slug}~deleted~${holder.id}` });
  }

  /** A concurrent write that took the slug first: the same 422 as the check. */
  async function slugSafe<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isAdapterError(error, "UNIQUE_VIOLATION"))
        throw BILLING_ERRORS.A_CUSTOM_FIELD_WITH_THIS_SLUG_ALREADY_EXISTS();
      throw error;
    }
  }

  async function create(input: CustomFieldCreateInput) {
    const data = parseInput(customFieldCreateInput, input);
    const merchant = await merchantOf(merchants, data);
    return slugSafe(() =>
      catalogWrite(ctx, merchant.id, async (tx) => {
        await claimSlug(tx, merchant.id, data.slug);
        const row = await customFieldRepository(tx).insert({
          merchantId: merchant.id,
          type: data.type,
          slug: data.slug,
          name: data.name,
          metadata: data.metadata ?? {},
          properties: data.properties,
          createdAt: ctx.now(),
          modifiedAt: ctx.now(),
        });
        return serializeCustomField(row);
      }),
    );
  }

  async function update(input: CustomFieldUpdateInput) {
    const data = parseInput(customFieldUpdateInput, input);
    const merchant = await merchantOf(merchants, data);
    return slugSafe(() =>
      catalogWrite(ctx, merchant.id, async (tx) => {
        const current = await find(tx, merchant.id, data.id);
        const changes: Row = { modifiedAt: ctx.now() };
        if (data.slug !== undefined && data.slug !== current.slug) {
          await claimSlug(tx, merchant.id, data.slug);
          changes.slug = data.slug;
        }
        if (data.name !== undefined) changes.name = data.name;
        if (data.metadata !== undefined) changes.metadata = data.metadata;
        if (data.properties !== undefined)
          changes.properties = parseInput(CUSTOM_FIELD_PROPERTIES[current.type], data.properties, "body", [
            "properties",
          ]);
        const row = await customFieldRepository(tx).update(current.id, changes);
        return serializeCustomField(row ?? current);
      }),
    );
  }

  /** Soft delete; the field is detached from every product (data already collected stays). */
  async function remove(input: { id: string } & Scoped) {
    const data = parseInput(customFieldIdInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx) => {
      const current = await find(tx, merchant.id, data.id);
      await catalogRepository(tx).unlinkCustomField(current.id);
      await customFieldRepository(tx).update(current.id, { deletedAt: ctx.now(), modifiedAt: ctx.now() });
      return { success: true };
    });
  }

  async function get(input: { id: string } & Scoped) {
    const data = parseInput(customFieldIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    return serializeCustomField(await find(db, merchant.id, data.id));
  }

  /** Newest first; filters `type` and `query` (name or slug contains, any case). */
  async function list(input: CustomFieldListInput = {}) {
    const data = parseInput(customFieldListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await customFieldRepository(db).page(merchant.id, data, data);
    return paginated(rows.map(serializeCustomField), total, page, limit);
  }

  return { create, update, delete: remove, get, list };
}

export type CustomFieldService = ReturnType<typeof createCustomFieldService>;
