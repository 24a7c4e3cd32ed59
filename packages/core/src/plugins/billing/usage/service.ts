import type { z } from "zod";
import { AUTH_ERRORS, bucketStart, isAdapterError, nextBucket, type Row } from "../../../plugin";
import { meterRepository } from "../catalog/meters/repository";
import type { BillingContext } from "../context";
import { customerRepository } from "../customers/repository";
import { BILLING_ERRORS } from "../errors";
import { invalid, merchantOf, parseInput, unique } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import type { CustomerRow } from "../rows";
import { customerMeters, meterQuery } from "./balances";
import { usageRepository } from "./repository";
import {
  buyerIngestInput,
  type EventIdInput,
  type EventListInput,
  eventIdInput,
  type eventInput,
  eventListInput,
  type IngestInput,
  ingestInput,
  type QuantitiesInput,
  quantitiesInput,
  USAGE_LIMITS,
} from "./schemas";
import { serializeEvent } from "./serialize";

type EventInput = z.output<typeof eventInput>;

/** Time buckets one quantities call may return. */
const MAX_BUCKETS = 1000;

/**
 * Usage events and meters (BILLING.md 7): ingestion (append-only, idempotent by externalId),
 * the event list, meter quantities per time bucket and the buyer's meter balances. Meters are
 * evaluated by the database (adapter `aggregate`), never over events loaded here.
 */
export function createUsageService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;

  /** Every event's customer, resolved with one query; unknown customers reject the whole batch. */
  async function resolveCustomers(merchantId: string, events: readonly EventInput[]) {
    const ids = unique(events.flatMap((e) => (e.customerId ? [e.customerId] : [])));
    const externalIds = unique(events.flatMap((e) => (e.externalCustomerId ? [e.externalCustomerId] : [])));
    const found = await customerRepository(db).findManyByIdsOrExternalIds(merchantId, ids, externalIds);
    const byId = new Map(found.map((c) => [c.id, c]));
    const byExternalId = new Map(found.flatMap((c) => (c.externalId ? [[c.externalId, c] as const] : [])));
    const issues: { path: (string | number)[]; message: string }[] = [];
    const customers = events.map((e, i) => {
      const customer = e.customerId ? byId.get(e.customerId) : byExternalId.get(e.externalCustomerId ?? "");
      if (!customer) {
        issues.push({
          path: ["events", i, e.customerId ? "customerId" : "externalCustomerId"],
          message: "Customer does not exist.",
        });
      }
      return customer;
    });
    if (issues.length > 0) throw invalid(issues[0]!.path, issues[0]!.message);
    return customers as CustomerRow[];
  }

  /** Validates, resolves, deduplicates and writes a batch: all of it or nothing. */
  async function ingestFor(merchantId: string, events: readonly EventInput[]) {
    const now = ctx.now();
    const late = events.flatMap((e, i) =>
      e.timestamp && e.timestamp.getTime() > now.getTime() + USAGE_LIMITS.futureSkewMs
        ? [{ path: ["events", i, "timestamp"], message: "Timestamp must be in the past." }]
        : [],
    );
    if (late.length > 0) throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: late });
    const customers = await resolveCustomers(merchantId, events);
    // One row per event; a repeated externalId within the batch is a duplicate of its first event.
    const rows: Row[] = [];
    const externalIds = new Set<string>();
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (e.externalId !== undefined) {
        if (externalIds.has(e.externalId)) continue;
        externalIds.add(e.externalId);
      }
      const customer = customers[i]!;
      rows.push({
        merchantId,
        customerId: customer.id,
        externalCustomerId: customer.externalId ?? null,
        name: e.name,
        timestamp: e.timestamp ?? now,
        metadata: e.metadata ?? {},
        externalId: e.externalId ?? null,
        source: "user",
        createdAt: now,
      });
    }
    const write = () => ctx.write((tx) => usageRepository(tx).insertNew(merchantId, rows));
    let inserted: number;
    try {
      inserted = await write();
    } catch (error) {
      // Without the database skipping them: a concurrent batch stored one of these external ids
      // between the read and the insert. Read again, skip it.
      if (!isAdapterError(error, "UNIQUE_VIOLATION") || externalIds.size === 0) throw error;
      inserted = await write();
    }
    return { inserted, duplicates: events.length - inserted };
  }

  /** POST /billing/events/ingest {events: [...]} -> {inserted, duplicates} */
  async function ingest(input: IngestInput) {
    const data = parseInput(ingestInput, input);
    const merchant = await merchantOf(merchants, data);
    return ingestFor(merchant.id, data.events);
  }

  /**
   * The same for the merchant API, whose endpoint has already validated the body and resolved
   * (and authorised) the merchant: 1,000 events are not validated twice.
   */
  const ingestValidated = (merchantId: string, data: z.output<typeof ingestInput>) =>
    ingestFor(merchantId, data.events);

  /** The signed-in user's customer (customer.externalId = user.id), or 404. */
  async function customerOfUser(userId: string, organizationId?: string) {
    const [customer] = await customerRepository(db).listForUser(userId, organizationId);
    if (!customer) throw BILLING_ERRORS.CUSTOMER_NOT_FOUND();
    return customer;
  }

  /** POST /usage/ingest {event, metadata}: one event for the signed-in user's customer. */
  async function ingestForUser(userId: string, input: unknown) {
    const data = parseInput(buyerIngestInput, input);
    const customer = await customerOfUser(userId, data.organizationId);
    return ingestFor(customer.merchantId, [
      { name: data.event, metadata: data.metadata, customerId: customer.id },
    ]);
  }

  /** GET /usage/meters/list: the user's meter balances (consumed, credited, balance). */
  async function metersForUser(
    userId: string,
    query: { page?: number; limit?: number; organizationId?: string },
  ) {
    const customer = await customerOfUser(userId, query.organizationId);
    const all = await customerMeters(db, customer);
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    return paginated(all.slice((page - 1) * limit, page * limit), all.length, page, limit);
  }

  /** GET /billing/events/list: newest first; filters customer, name and a time window. */
  async function list(input: EventListInput = {}) {
    const data = parseInput(eventListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const page = data.page ?? 1;
    const limit = data.limit ?? 10;
    const { rows, total } = await usageRepository(db).page(
      merchant.id,
      {
        customerId: data.customerId,
        externalCustomerId: data.externalCustomerId,
        name: data.name,
        start: data.startTimestamp,
        end: data.endTimestamp,
      },
      page,
      limit,
    );
    return paginated(rows.map(serializeEvent), total, page, limit);
  }

  /** GET /billing/events/get?id=: one event of the merchant, as the list shows it. */
  async function get(input: EventIdInput) {
    const data = parseInput(eventIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const event = await usageRepository(db).find(merchant.id, data.id);
    if (!event) throw BILLING_ERRORS.EVENT_NOT_FOUND();
    return serializeEvent(event);
  }

  /**
   * GET /billing/meters/quantities: the meter per UTC bucket from startTimestamp (inclusive) to
   * endTimestamp (exclusive), empty buckets as 0, and the total over the window. Two aggregations
   * in the database (the buckets grouped there; the total evaluated once, so max/min/avg are right).
   */
  async function quantities(input: QuantitiesInput) {
    const data = parseInput(quantitiesInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    if (data.endTimestamp.getTime() <= data.startTimestamp.getTime()) {
      throw invalid(["endTimestamp"], "endTimestamp must be after startTimestamp.");
    }
    const starts: Date[] = [];
    for (let t = bucketStart(data.startTimestamp, data.interval); t < data.endTimestamp; ) {
      starts.push(t);
      if (starts.length > MAX_BUCKETS) {
        throw invalid(["interval"], `At most ${MAX_BUCKETS} buckets per call: use a longer interval.`);
      }
      t = nextBucket(t, data.interval);
    }
    const meter = await meterRepository(db).find(merchant.id, data.meterId);
    if (!meter) throw BILLING_ERRORS.METER_NOT_FOUND();
    const window = { customerId: data.customerId, start: data.startTimestamp, end: data.endTimestamp };
    const query = meterQuery(meter);
    const repo = usageRepository(db);
    const [groups, total] = await Promise.all([
      repo.buckets(merchant.id, window, query, data.interval),
      repo.evaluate(merchant.id, window, query),
    ]);
    const byStart = new Map(groups.map((g) => [g.bucket?.getTime(), g.value]));
    return {
      quantities: starts.map((s) => ({ timestamp: s, quantity: byStart.get(s.getTime()) ?? 0 })),
      total,
    };
  }

  return { ingest, ingestValidated, list, get, quantities, ingestForUser, metersForUser };
}

export type UsageService = ReturnType<typeof createUsageService>;
