import type { DBAdapter, Row } from "../../../../plugin";
import { grantsOnBenefitDeleted, grantsOnBenefitEdited } from "../../benefit-grants/enqueue";
import type { BillingContext } from "../../context";
import { BILLING_ERRORS } from "../../errors";
import type { MerchantService } from "../../merchants/service";
import { paginated } from "../../pagination";
import { merchantOf, parseInput, type Scoped } from "../input";
import { assertOwned } from "../products/refs";
import { catalogRepository } from "../repository";
import { serializeBenefit } from "../serialize";
import { catalogWrite } from "../write";
import { benefitRepository } from "./repository";
import {
  BENEFIT_PROPERTIES,
  type BenefitCreateInput,
  type BenefitListInput,
  type BenefitType,
  type BenefitUpdateInput,
  benefitCreateInput,
  benefitFlagsInput,
  benefitIdInput,
  benefitListInput,
  benefitUpdateInput,
} from "./schemas";

/**
 * Benefit definitions. Writes emit `benefit.created` / `benefit.updated` in their transaction; an
 * edit of the properties updates every grant, a (soft) delete revokes them; delete is refused for
 * undeletable benefits.
 */
export function createBenefitService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;
  async function find(tx: DBAdapter, merchantId: string, id: string) {
    const row = await benefitRepository(tx).find(merchantId, id);
    if (!row) throw BILLING_ERRORS.BENEFIT_NOT_FOUND();
    return row;
  }

  /** A meter credit credits a meter of the same merchant; downloadables offer its files. */
  async function checkRefs(tx: DBAdapter, merchantId: string, type: string, properties: Row) {
    if (type === "downloadables") {
      const files = properties.files as string[];
      await assertOwned(
        tx,
        "billingFile",
        merchantId,
        files,
        (i) => ["properties", "files", i],
        "File not found.",
      );
      return;
    }
    if (type !== "meter_credit") return;
    await assertOwned(
      tx,
      "billingMeter",
      merchantId,
      [properties.meterId as string],
      () => ["properties", "meterId"],
      "This meter does not exist.",
    );
  }

  async function create(input: BenefitCreateInput & { selectable?: boolean; deletable?: boolean }) {
    const data = parseInput(benefitCreateInput, input);
    const flags = parseInput(benefitFlagsInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx, emit) => {
      await checkRefs(tx, merchant.id, data.type, data.properties);
      const row = await benefitRepository(tx).insert({
        merchantId: merchant.id,
        type: data.type,
        description: data.description,
        selectable: flags.selectable ?? true,
        deletable: flags.deletable ?? true,
        metadata: data.metadata ?? {},
        properties: data.properties,
        createdAt: ctx.now(),
        modifiedAt: ctx.now(),
      });
      const benefit = serializeBenefit(row);
      await emit(merchant.id, "benefit.created", benefit);
      return benefit;
    });
  }

  async function update(input: BenefitUpdateInput) {
    const data = parseInput(benefitUpdateInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx, emit) => {
      const current = await find(tx, merchant.id, data.id);
      const changes: Row = { modifiedAt: ctx.now() };
      if (data.description !== undefined) changes.description = data.description;
      if (data.metadata !== undefined) changes.metadata = data.metadata;
      if (data.properties !== undefined) {
        const schema = BENEFIT_PROPERTIES[current.type as BenefitType];
        const properties: Row = parseInput(schema, data.properties, "body", ["properties"]);
        await checkRefs(tx, merchant.id, current.type, properties);
        changes.properties = properties;
      }
      const row = await benefitRepository(tx).update(current.id, changes);
      const benefit = serializeBenefit(row ?? current);
      await emit(merchant.id, "benefit.updated", benefit);
      // Holders get the new properties (`benefit_grant.updated` with the previous ones).
      if (changes.properties !== undefined)
        await grantsOnBenefitEdited(tx, current.id, current.properties ?? {}, ctx.now());
      return benefit;
    });
  }

  /** Soft delete (403 when not deletable); the benefit leaves every product. */
  async function remove(input: { id: string } & Scoped) {
    const data = parseInput(benefitIdInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx) => {
      const current = await find(tx, merchant.id, data.id);
      if (!current.deletable) throw BILLING_ERRORS.THIS_BENEFIT_CANNOT_BE_DELETED();
      await catalogRepository(tx).unlinkBenefit(current.id);
      await grantsOnBenefitDeleted(tx, current.id, ctx.now());
      await benefitRepository(tx).update(current.id, { deletedAt: ctx.now(), modifiedAt: ctx.now() });
      return { success: true };
    });
  }

  async function get(input: { id: string } & Scoped) {
    const data = parseInput(benefitIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    return serializeBenefit(await find(db, merchant.id, data.id));
  }

  /** Newest first; filters `type` and `query` (description contains, any case). */
  async function list(input: BenefitListInput = {}) {
    const data = parseInput(benefitListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await benefitRepository(db).page(merchant.id, data, data);
    return paginated(rows.map(serializeBenefit), total, page, limit);
  }

  return { create, update, delete: remove, get, list };
}

export type BenefitService = ReturnType<typeof createBenefitService>;
