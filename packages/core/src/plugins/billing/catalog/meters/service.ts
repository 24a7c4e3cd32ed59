import type { DBAdapter, Row } from "../../../../plugin";
import type { BillingContext } from "../../context";
import { BILLING_ERRORS } from "../../errors";
import type { MerchantService } from "../../merchants/service";
import { paginated } from "../../pagination";
import { invalid, merchantOf, parseInput, type Scoped } from "../input";
import { catalogRepository } from "../repository";
import { serializeMeter } from "../serialize";
import { catalogWrite } from "../write";
import { meterRepository } from "./repository";
import {
  type MeterCreateInput,
  type MeterListInput,
  type MeterUpdateInput,
  meterCreateInput,
  meterIdInput,
  meterListInput,
  meterUpdateInput,
} from "./schemas";

/**
 * Meter definitions (BILLING.md 7.2-7.3): name, filter, aggregation. Event ingestion and usage come
 * with billing part 2. No webhook events (none in the spec).
 */
export function createMeterService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;

  async function find(tx: DBAdapter, merchantId: string, id: string) {
    const row = await meterRepository(tx).find(merchantId, id);
    if (!row) throw BILLING_ERRORS.METER_NOT_FOUND();
    return row;
  }

  /** A meter priced by a live product cannot be archived (BILLING.md 7.2). */
  async function assertUnused(tx: DBAdapter, meterId: string) {
    const catalog = catalogRepository(tx);
    const prices = await catalog.livePricesOfMeter(meterId);
    if (prices.length === 0) return;
    const active = await catalog.countLiveProducts([...new Set(prices.map((p) => p.productId))]);
    if (active > 0)
      throw invalid(["isArchived"], "This meter is used by an active product and cannot be archived.");
  }

  async function create(input: MeterCreateInput) {
    const data = parseInput(meterCreateInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx) => {
      const row = await meterRepository(tx).insert({
        merchantId: merchant.id,
        name: data.name,
        filter: data.filter,
        aggregation: data.aggregation,
        metadata: data.metadata ?? {},
        archivedAt: null,
        createdAt: ctx.now(),
        modifiedAt: ctx.now(),
      });
      return serializeMeter(row);
    });
  }

  async function update(input: MeterUpdateInput) {
    const data = parseInput(meterUpdateInput, input);
    const merchant = await merchantOf(merchants, data);
    return catalogWrite(ctx, merchant.id, async (tx) => {
      const current = await find(tx, merchant.id, data.id);
      const changes: Row = { modifiedAt: ctx.now() };
      if (data.name !== undefined) changes.name = data.name;
      if (data.filter !== undefined) changes.filter = data.filter;
      if (data.aggregation !== undefined) changes.aggregation = data.aggregation;
      if (data.metadata !== undefined) changes.metadata = data.metadata;
      if (data.isArchived === true && !current.archivedAt) {
        await assertUnused(tx, current.id);
        changes.archivedAt = ctx.now();
      }
      if (data.isArchived === false) changes.archivedAt = null;
      const row = await meterRepository(tx).update(current.id, changes);
      return serializeMeter(row ?? current);
    });
  }

  const archive = (input: { id: string } & Scoped) =>
    update({ ...parseInput(meterIdInput, input), isArchived: true });

  async function get(input: { id: string } & Scoped) {
    const data = parseInput(meterIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    return serializeMeter(await find(db, merchant.id, data.id));
  }

  /** Newest first; filters `isArchived` and `query` (name contains, any case). */
  async function list(input: MeterListInput = {}) {
    const data = parseInput(meterListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await meterRepository(db).page(merchant.id, data, data);
    return paginated(rows.map(serializeMeter), total, page, limit);
  }

  return { create, update, archive, get, list };
}

export type MeterService = ReturnType<typeof createMeterService>;
