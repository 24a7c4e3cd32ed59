import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteAdapter } from "../../src/adapters/kysely/index";
import { mongoAdapter } from "../../src/adapters/mongo/index";
import type { DatabaseAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import type { MeterCreateInput } from "../../src/plugins/billing/catalog/meters/schemas";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { fakeMongo } from "./mongo-fake";
import { countedPglite, type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * Usage on every store (memory, the MongoDB substitute, SQLite, PGlite, PostgreSQL, MySQL/MariaDB):
 * 5,000 events (1,000 on the substitute) ingested in batches of 1,000 (plus a replayed batch, all
 * duplicates), then meters with every operator and each aggregation, and daily quantities, all
 * evaluated by the database. Expected values come from the generated events with plain
 * arithmetic, so every store must give exactly the same numbers. Also: evaluating a meter is one
 * database round trip (counted on SQLite and PGlite, where every statement can be observed).
 */
const N = 5000;
const START = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const REGIONS = ["eu-west", "us-east", "ap-south"] as const;

interface Generated {
  name: string;
  mine: boolean;
  tokens: number | string;
  region: string;
  tier: string;
  flag: boolean;
  at: number;
}

const generated: Generated[] = Array.from({ length: N }, (_, i) => ({
  name: i % 3 === 0 ? "api.call" : "api.other",
  mine: i % 4 !== 0,
  // every 50th value is a numeric string: never summed, never compared as a number
  tokens: i % 50 === 7 ? String(i % 17) : i % 17,
  region: REGIONS[i % 3]!,
  tier: i % 2 === 0 ? "free" : "pro",
  flag: i % 5 === 0,
  at: START + i * 7 * MINUTE,
}));

type Clause = { property: string; operator: string; value: string | number | boolean };
type Filter = { conjunction: "and" | "or"; clauses: (Clause | Filter)[] };
type Meter = { name: string; filter: Filter; aggregation: { func: string; property?: string } };

const c = (property: string, operator: string, value: string | number | boolean): Clause => ({
  property,
  operator,
  value,
});
const num = (e: Generated) => (typeof e.tokens === "number" ? e.tokens : undefined);

/** Each meter and the plain-code predicate over generated events that it must equal. */
const METERS: [Meter, (e: Generated) => boolean][] = [
  [
    {
      name: "eq count",
      filter: { conjunction: "and", clauses: [c("name", "eq", "api.call")] },
      aggregation: { func: "count" },
    },
    (e) => e.name === "api.call",
  ],
  [
    {
      name: "ne sum",
      filter: { conjunction: "and", clauses: [c("tokens", "ne", 3)] },
      aggregation: { func: "sum", property: "tokens" },
    },
    (e) => num(e) !== undefined && num(e) !== 3,
  ],
  [
    {
      name: "gt max",
      filter: { conjunction: "and", clauses: [c("tokens", "gt", 4)] },
      aggregation: { func: "max", property: "tokens" },
    },
    (e) => (num(e) ?? -1) > 4,
  ],
  [
    {
      name: "gte min",
      filter: { conjunction: "and", clauses: [c("tokens", "gte", 4)] },
      aggregation: { func: "min", property: "tokens" },
    },
    (e) => (num(e) ?? -1) >= 4,
  ],
  [
    {
      name: "lt avg",
      filter: { conjunction: "and", clauses: [c("tokens", "lt", 9)] },
      aggregation: { func: "avg", property: "tokens" },
    },
    (e) => num(e) !== undefined && num(e)! < 9,
  ],
  [
    {
      name: "lte sum",
      filter: { conjunction: "and", clauses: [c("metadata.tokens", "lte", 9)] },
      aggregation: { func: "sum", property: "tokens" },
    },
    (e) => num(e) !== undefined && num(e)! <= 9,
  ],
  [
    {
      name: "like sum",
      filter: { conjunction: "and", clauses: [c("region", "like", "-we")] },
      aggregation: { func: "sum", property: "tokens" },
    },
    (e) => e.region.includes("-we"),
  ],
  [
    {
      name: "not_like count",
      filter: { conjunction: "and", clauses: [c("region", "not_like", "east")] },
      aggregation: { func: "count" },
    },
    (e) => !e.region.includes("east"),
  ],
  [
    {
      name: "string eq",
      filter: { conjunction: "and", clauses: [c("tokens", "eq", "7")] },
      aggregation: { func: "count" },
    },
    (e) => e.tokens === "7",
  ],
  [
    {
      name: "nested",
      filter: {
        conjunction: "or",
        clauses: [
          { conjunction: "and", clauses: [c("name", "eq", "api.call"), c("meta.tier", "eq", "pro")] },
          { conjunction: "and", clauses: [c("flag", "eq", true), c("region", "ne", "us-east")] },
        ],
      },
      aggregation: { func: "sum", property: "tokens" },
    },
    (e) => (e.name === "api.call" && e.tier === "pro") || (e.flag && e.region !== "us-east"),
  ],
];

function expected(meter: Meter, match: (e: Generated) => boolean, events: Generated[]): number {
  const hits = events.filter(match);
  if (meter.aggregation.func === "count") return hits.length;
  const values = hits.map(num).filter((v): v is number => v !== undefined);
  if (values.length === 0) return 0;
  switch (meter.aggregation.func) {
    case "sum":
      return values.reduce((a, b) => a + b, 0);
    case "max":
      return Math.max(...values);
    case "min":
      return Math.min(...values);
    default:
      return values.reduce((a, b) => a + b, 0) / values.length;
  }
}

const stores = [
  { name: "memory", available: true, open: null },
  {
    name: "mongodb substitute",
    available: true,
    open: (): OpenStore => {
      const { db, client } = fakeMongo({ replicaSet: true });
      return { database: mongoAdapter(db, { client }), cleanup: async () => {} };
    },
  },
  ...(await sqlStores()),
] as const;

function makeApp(now: () => Date, database?: DatabaseAdapter) {
  return createTestAuth({ ...(database ? { database } : {}), advanced: { now }, plugins: [billing()] });
}

for (const store of stores) {
  describe.skipIf(!store.available)(`usage on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: ReturnType<typeof makeApp>;
    let billingApi: BillingServices;
    const now = () => new Date(START + 40 * 24 * 60 * MINUTE);

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gu") }) : null;
      app = makeApp(now, opened?.database);
      if (opened) await migrate(app.auth);
      billingApi = (app.auth as unknown as { billing: BillingServices }).billing;
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    // The MongoDB substitute checks unique indexes document by document (quadratic): 1,000 events.
    const events = store.name.startsWith("mongodb") ? generated.slice(0, 1000) : generated;

    it("ingests in batches of 1,000, evaluates every meter and quantities exactly", async () => {
      const mine = await billingApi.merchantCustomers.create({
        email: "mine@example.com",
        externalId: "mine",
      });
      await billingApi.merchantCustomers.create({ email: "theirs@example.com", externalId: "theirs" });
      const toInput = (e: Generated, i: number) => ({
        name: e.name,
        ...(e.mine ? { customerId: mine.id } : { externalCustomerId: "theirs" }),
        timestamp: new Date(e.at).toISOString(),
        externalId: `ev-${i}`,
        metadata: { tokens: e.tokens, region: e.region, meta: { tier: e.tier }, flag: e.flag },
      });
      for (let start = 0; start < events.length; start += 1000) {
        const batch = events.slice(start, start + 1000).map((e, j) => toInput(e, start + j));
        expect(await billingApi.usage.ingest({ events: batch })).toEqual({ inserted: 1000, duplicates: 0 });
      }
      const replay = events.slice(0, 1000).map(toInput);
      expect(await billingApi.usage.ingest({ events: replay })).toEqual({ inserted: 0, duplicates: 1000 });

      const end = new Date(START + 36 * 24 * 60 * MINUTE).toISOString();
      for (const [definition, match] of METERS) {
        const meter = await billingApi.meters.create(definition as MeterCreateInput);
        const window = {
          meterId: meter.id,
          startTimestamp: new Date(START).toISOString(),
          endTimestamp: end,
        };
        const everyone = await billingApi.usage.quantities({ ...window, interval: "month" });
        const mineOnly = await billingApi.usage.quantities({
          ...window,
          interval: "day",
          customerId: mine.id,
        });
        const close = (actual: number, wanted: number) =>
          expect(Math.abs(actual - wanted), `${definition.name}: ${actual} vs ${wanted}`).toBeLessThanOrEqual(
            1e-9,
          );
        close(everyone.total, expected(definition, match, events));
        close(
          mineOnly.total,
          expected(
            definition,
            match,
            events.filter((e) => e.mine),
          ),
        );
        expect(mineOnly.quantities).toHaveLength(36);
        for (const bucket of mineOnly.quantities) {
          const from = bucket.timestamp.getTime();
          const inDay = events.filter((e) => e.mine && e.at >= from && e.at < from + 24 * 60 * MINUTE);
          if (definition.aggregation.func === "count" || definition.aggregation.func === "sum") {
            close(bucket.quantity, expected(definition, match, inDay));
          }
        }
      }
    }, 120_000);
  });
}

/** Statements seen by the database while a meter is evaluated: exactly one. */
describe("a meter is one database round trip", () => {
  const cases: { name: string; open: () => { database: DatabaseAdapter; statements: () => number } }[] = [
    {
      name: "sqlite",
      open: () => {
        const db = new Database(":memory:");
        let n = 0;
        const prepare = db.prepare.bind(db);
        db.prepare = ((source: string) => {
          n++;
          return prepare(source);
        }) as typeof db.prepare;
        return { database: sqliteAdapter(db), statements: () => n };
      },
    },
    { name: "pglite", open: countedPglite },
  ];
  for (const { name, open } of cases) {
    it(`on ${name}`, async () => {
      const { database, statements } = open();
      const app = makeApp(() => new Date(START + 40 * 24 * 60 * MINUTE), database);
      await migrate(app.auth);
      const api = (app.auth as unknown as { billing: BillingServices }).billing;
      const customer = await api.merchantCustomers.create({ email: "one@example.com" });
      await api.usage.ingest({
        events: [1, 2, 3].map((tokens) => ({
          name: "api.call",
          customerId: customer.id,
          metadata: { tokens },
        })),
      });
      const [definition] = METERS[1]!;
      const meter = await api.meters.create({ ...definition, name: "round trip" } as MeterCreateInput);
      const db = app.auth.$context.adapter;
      const before = statements();
      const [group] = await db.aggregate({
        model: "billingEvent",
        where: [{ field: "customerId", value: customer.id }],
        filter: {
          conjunction: "and",
          clauses: [{ target: { json: "metadata", path: ["tokens"] }, operator: "ne", value: 3 }],
        },
        func: "sum",
        property: { json: "metadata", path: ["tokens"] },
      });
      expect(statements() - before).toBe(1);
      expect(group?.value).toBe(3);
      // Through the service: quantities = one grouped + one total aggregation, after the meter read.
      const mark = statements();
      const q = await api.usage.quantities({
        meterId: meter.id,
        startTimestamp: new Date(START).toISOString(),
        endTimestamp: new Date(START + 41 * 24 * 60 * MINUTE).toISOString(),
        interval: "month",
      });
      expect(q.total).toBe(3);
      // The merchant, the meter, then the grouped and the total aggregation: one statement each.
      expect(statements() - mark).toBe(4);
      await database.close?.();
    }, 60_000);
  }
});
