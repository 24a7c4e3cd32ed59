import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { pgliteAdapter } from "../../src/adapters/kysely/index";
import type { DatabaseAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { randomPrefix, sqlStores } from "./stores";

/**
 * The ingest write path (docs/performance.md, "Usage ingestion"): a batch of 1,000 events is a
 * constant number of statements with one INSERT (the rows as one JSON document on PostgreSQL,
 * already stored externalIds skipped by the database: NOT EXISTS, and ON CONFLICT DO NOTHING
 * against concurrent batches), the stored events are exactly what was sent, and concurrent batches with the same
 * externalIds store each event once.
 */
const NOW = Date.UTC(2026, 0, 15, 12);

function makeApp(database: DatabaseAdapter) {
  return createTestAuth({ database, advanced: { now: () => new Date(NOW) }, plugins: [billing()] });
}

const eventsFor = (customerId: string, tag: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, k) => {
    const i = k + from;
    return {
      name: i % 2 ? "api.call" : "api.other",
      customerId,
      timestamp: new Date(NOW - 3_600_000 + i * 1000).toISOString(),
      externalId: `${tag}_${i}`,
      metadata: { tokens: i % 10, nested: { region: i % 3 ? "eu" : "us" }, ok: i % 5 === 0, note: `n"${i}` },
    };
  });

describe("usage ingestion writes (PGlite: every statement observed)", () => {
  it("a batch of 1,000 is three statements with one INSERT; a replay inserts nothing", async () => {
    const pglite = new PGlite();
    const sent: string[] = [];
    const observe = (target: Pick<PGlite, "query">) => {
      const query = target.query.bind(target);
      target.query = ((...args: Parameters<typeof query>) => {
        sent.push(String(args[0]));
        return query(...args);
      }) as typeof target.query;
    };
    observe(pglite);
    // Kysely runs a transaction's statements on PGlite's transaction object.
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = ((fn: Parameters<typeof transaction>[0]) =>
      transaction((tx) => {
        observe(tx);
        return fn(tx);
      })) as typeof pglite.transaction;
    const database = pgliteAdapter(pglite);
    const app = makeApp(database);
    await migrate(app.auth);
    const api = (app.auth as unknown as { billing: BillingServices }).billing;
    const customer = await api.merchantCustomers.create({ email: "writes@example.com", externalId: "ext_w" });
    const events = eventsFor(customer.id, "w", 1000);

    const mark = sent.length;
    expect(await api.usage.ingest({ events })).toEqual({ inserted: 1000, duplicates: 0 });
    const batch = sent.slice(mark);
    const inserts = batch.filter((s) => /^\s*insert/i.test(s));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toContain("json_populate_recordset");
    expect(inserts[0]).toMatch(/WHERE NOT EXISTS \(SELECT 1 .* ON CONFLICT DO NOTHING$/);
    // merchant, customers, then in one transaction the INSERT (no read of the externalIds)
    expect(batch).toHaveLength(3);

    const again = sent.length;
    expect(await api.usage.ingest({ events })).toEqual({ inserted: 0, duplicates: 1000 });
    const replay = sent.slice(again);
    expect(replay).toHaveLength(3);
    expect((await api.usage.list({ limit: 1 })).pagination.totalCount).toBe(1000);

    // Stored exactly as sent: metadata documents, timestamps to the millisecond, newest first.
    const page = await api.usage.list({ customerId: customer.id, limit: 100 });
    expect(page.pagination.totalCount).toBe(1000);
    const newest = events[999]!;
    expect(page.items[0]).toMatchObject({
      name: newest.name,
      externalId: newest.externalId,
      externalCustomerId: "ext_w",
      source: "user",
      metadata: newest.metadata,
    });
    expect(new Date(page.items[0]!.timestamp).toISOString()).toBe(newest.timestamp);

    // Stored ones and repeats within the batch are duplicates (of their first event); the rest are new.
    const mixed = [...eventsFor(customer.id, "w", 10, 995), ...eventsFor(customer.id, "w", 3, 1000)];
    expect(await api.usage.ingest({ events: mixed })).toEqual({ inserted: 5, duplicates: 8 });
    expect((await api.usage.list({ limit: 1 })).pagination.totalCount).toBe(1005);
    await database.close?.();
  }, 60_000);
});

const stores = await sqlStores();
const postgres = stores.find((s) => s.name === "postgres")!;

describe.skipIf(!postgres.available)("usage ingestion writes on PostgreSQL", () => {
  it("concurrent batches sharing externalIds store each event once", async () => {
    const opened = postgres.open({ tablePrefix: randomPrefix("guw") });
    const app = makeApp(opened.database);
    try {
      await migrate(app.auth);
      const api = (app.auth as unknown as { billing: BillingServices }).billing;
      const customer = await api.merchantCustomers.create({ email: "race@example.com" });
      // Four batches at once: two identical, one overlapping half of them, one disjoint.
      const batches = [
        eventsFor(customer.id, "r", 1000),
        eventsFor(customer.id, "r", 1000),
        eventsFor(customer.id, "r", 1000, 500),
        eventsFor(customer.id, "s", 1000),
      ];
      const results = await Promise.all(batches.map((events) => api.usage.ingest({ events })));
      const inserted = results.reduce((n, r) => n + r.inserted, 0);
      const duplicates = results.reduce((n, r) => n + r.duplicates, 0);
      expect(inserted).toBe(2500);
      expect(duplicates).toBe(1500);
      const page = await api.usage.list({ customerId: customer.id, limit: 1 });
      expect(page.pagination.totalCount).toBe(2500);
    } finally {
      await opened.cleanup(app.auth.$context.schema);
    }
  }, 60_000);
});
