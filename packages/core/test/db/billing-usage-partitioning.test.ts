import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { serviceAvailable, serviceUrls } from "../helpers/services";

/**
 * docs/billing/usage.md "Large event tables": its two SQL blocks (monthly partitions, retention)
 * run as written on PostgreSQL, in a schema of their own (default table names). Afterwards
 * `migrate` finds nothing to do, ingestion and its deduplication work, meters read the partitions,
 * and dropping a month removes exactly that month's events.
 */
const page = resolve(import.meta.dirname, "../../../../docs/billing/usage.md");
const NOW = Date.UTC(2026, 2, 20, 12);
const DAY = 86_400_000;

const up = await serviceAvailable("postgres");

describe.skipIf(!up)("usage events partitioned by month (the docs' DDL)", () => {
  it("converts, keeps working, and drops a month", async () => {
    const blocks = [...readFileSync(page, "utf8").matchAll(/^```sql\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    expect(blocks).toHaveLength(2);
    const [convert, retention] = blocks as [string, string];
    const schema = `gupart${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 });
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const pool = new pg.Pool({
      connectionString: serviceUrls.postgres,
      max: 5,
      options: `-c search_path=${schema}`,
    });
    const database = postgresAdapter(pool);
    try {
      const app = createTestAuth({ database, advanced: { now: () => new Date(NOW) }, plugins: [billing()] });
      await migrate(app.auth);
      const api = (app.auth as unknown as { billing: BillingServices }).billing;
      const customer = await api.merchantCustomers.create({ email: "part@example.com" });
      const meter = await api.meters.create({
        name: "Tokens",
        filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.call" }] },
        aggregation: { func: "sum", property: "tokens" },
      });
      // 10 events in each of January, February and March 2026 (tokens 1..10 per month).
      const month = (m: number) =>
        Array.from({ length: 10 }, (_, i) => ({
          name: "api.call",
          customerId: customer.id,
          timestamp: new Date(Date.UTC(2026, m, 2) + i * DAY).toISOString(),
          externalId: `m${m}_${i}`,
          metadata: { tokens: i + 1 },
        }));
      expect(await api.usage.ingest({ events: [...month(0), ...month(1)] })).toEqual({
        inserted: 20,
        duplicates: 0,
      });

      await pool.query(convert);
      const kind = await pool.query(
        `SELECT relkind FROM pg_class WHERE relname = 'billingEvent' AND relnamespace = $1::regnamespace`,
        [schema],
      );
      expect(kind.rows[0]?.relkind).toBe("p");
      expect((await database.plan?.({ schema: app.auth.$context.schema }))?.steps).toEqual([]);

      // Replays are skipped across partitions; new months (and one past the last partition) land.
      expect(await api.usage.ingest({ events: month(0) })).toEqual({ inserted: 0, duplicates: 10 });
      expect(await api.usage.ingest({ events: month(2) })).toEqual({ inserted: 10, duplicates: 0 });
      const quantities = (interval: "month") =>
        api.usage.quantities({
          meterId: meter.id,
          customerId: customer.id,
          startTimestamp: "2026-01-01T00:00:00Z",
          endTimestamp: "2026-04-01T00:00:00Z",
          interval,
        });
      const before = await quantities("month");
      expect(before.quantities.map((q) => q.quantity)).toEqual([55, 55, 55]);
      expect(before.total).toBe(165);
      const inDefault = await pool.query(`SELECT count(*)::int AS n FROM "billingEvent_default"`);
      expect(inDefault.rows[0].n).toBe(0);

      await pool.query(retention);
      const after = await quantities("month");
      expect(after.quantities.map((q) => q.quantity)).toEqual([0, 55, 55]);
      const listed = await api.usage.list({ customerId: customer.id, limit: 100 });
      expect(listed.pagination.totalCount).toBe(20);
    } finally {
      await database.close?.();
      await pool.end().catch(() => undefined);
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    }
  }, 60_000);
});
