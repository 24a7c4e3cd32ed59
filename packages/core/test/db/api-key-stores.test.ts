import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mongoAdapter } from "../../src/adapters/mongo/index";
import type { DatabaseAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { apiKey } from "../../src/plugins/api-key";
import { memoryStorage } from "../../src/storage/secondary-storage";
import { createTestAuth } from "../../src/testing";
import { fakeMongo } from "./mongo-fake";
import { countedPglite, type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * Issue 18: API-key counters are atomic on every store (memory, the MongoDB substitute, SQLite,
 * PGlite, PostgreSQL, MySQL/MariaDB). 20 parallel verifications of a key with 5 uses left give
 * exactly 5 successes (one conditional UPDATE `remaining > 0` each); 20 parallel verifications of
 * a key allowing 5 requests a window give exactly 5 too. And a plain key costs one statement.
 */
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

type Verified = { valid: boolean; error: { code: string } | null; key: { remaining: number | null } | null };

/** The apps' clock; tests move it to make refills due. */
let nowMs = Date.UTC(2026, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

function makeApp(database?: DatabaseAdapter, secondary = false) {
  return createTestAuth({
    advanced: { now: () => new Date(nowMs) },
    ...(database ? { database } : {}),
    ...(secondary ? { secondaryStorage: memoryStorage() } : {}),
    plugins: [apiKey(secondary ? { cache: { ttl: 60 } } : {})],
  });
}

async function keyFor(app: ReturnType<typeof makeApp>, body: Record<string, unknown>) {
  const { user } = await app.signUp({ email: `k${Math.random().toString(36).slice(2, 8)}@example.com` });
  return (await app.auth.api.createApiKey({ body: { userId: user.id, ...body } })) as {
    id: string;
    key: string;
  };
}

const verifyAll = (app: ReturnType<typeof makeApp>, key: string, n = 20) =>
  Promise.all(
    Array.from({ length: n }, () => app.auth.api.verifyApiKey({ body: { key } }) as Promise<Verified>),
  );
const codes = (results: Verified[]) => new Set(results.filter((r) => !r.valid).map((r) => r.error?.code));

for (const store of stores) {
  describe.skipIf(!store.available)(`API-key counters on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: ReturnType<typeof makeApp>;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gk") }) : null;
      app = makeApp(opened?.database);
      if (opened) await migrate(app.auth);
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("20 parallel verifications with 5 uses left: exactly 5 succeed; after the refill interval, 5 again", async () => {
      const { key, id } = await keyFor(app, {
        remaining: 5,
        refillAmount: 5,
        refillInterval: DAY,
        rateLimitEnabled: false,
      });
      const results = await verifyAll(app, key);
      expect(results.filter((r) => r.valid)).toHaveLength(5);
      expect(codes(results)).toEqual(new Set(["API_KEY_HAS_REACHED_ITS_USAGE_LIMIT"]));
      nowMs += DAY;
      // 20 callers see the refill due; the UPDATE's condition lets one refill, then 5 uses are taken.
      const refilled = await verifyAll(app, key);
      expect(refilled.filter((r) => r.valid)).toHaveLength(5);
      const row = await app.auth.$context.adapter.findOne<{ remaining: number }>({
        model: "apikey",
        where: [{ field: "id", value: id }],
      });
      expect(row?.remaining).toBe(0);
    });

    it("without refill: exactly 5 succeed, 50 more calls all fail, the key stays at 0", async () => {
      const { key, id } = await keyFor(app, { remaining: 5, rateLimitEnabled: false });
      const results = await verifyAll(app, key);
      expect(results.filter((r) => r.valid)).toHaveLength(5);
      expect(codes(results)).toEqual(new Set(["API_KEY_HAS_REACHED_ITS_USAGE_LIMIT"]));
      const more = await verifyAll(app, key, 50);
      expect(more.filter((r) => r.valid)).toHaveLength(0);
      const row = await app.auth.$context.adapter.findOne<{ remaining: number }>({
        model: "apikey",
        where: [{ field: "id", value: id }],
      });
      expect(row?.remaining).toBe(0);
    });

    it("20 parallel verifications of a key allowing 5 requests a window: exactly 5 succeed", async () => {
      const { key } = await keyFor(app, {
        rateLimitEnabled: true,
        rateLimitMax: 5,
        rateLimitTimeWindow: 60_000,
      });
      const results = await verifyAll(app, key);
      expect(results.filter((r) => r.valid)).toHaveLength(5);
      expect(codes(results)).toEqual(new Set(["RATE_LIMIT_EXCEEDED"]));
    });
  });
}

/** Statements PGlite sees while a key is verified. */
describe("verifying a key is one database round trip", () => {
  it("one statement for a key without counters; none when cached in secondary storage", async () => {
    for (const secondary of [false, true]) {
      const { database, statements } = countedPglite();
      const app = makeApp(database, secondary);
      await migrate(app.auth);
      const { key } = await keyFor(app, { rateLimitEnabled: false });
      const verify = () => app.auth.api.verifyApiKey({ body: { key } }) as Promise<Verified>;
      let before = statements();
      expect((await verify()).valid).toBe(true);
      expect(statements() - before).toBe(1);
      before = statements();
      expect((await verify()).valid).toBe(true);
      expect(statements() - before).toBe(secondary ? 0 : 1);
    }
  });

  it("counters add their conditional UPDATEs: a use is UPDATE + re-read, a window count too", async () => {
    const { database, statements } = countedPglite();
    const app = makeApp(database);
    await migrate(app.auth);
    const cost = async (key: string) => {
      const before = statements();
      expect(((await app.auth.api.verifyApiKey({ body: { key } })) as Verified).valid).toBe(true);
      return statements() - before;
    };
    const limited = await keyFor(app, { remaining: 10, rateLimitEnabled: false });
    expect([await cost(limited.key), await cost(limited.key)]).toEqual([3, 3]);
    const windowed = await keyFor(app, { rateLimitEnabled: true });
    // Opening the window is one UPDATE; counting in it is an UPDATE and its re-read.
    expect([await cost(windowed.key), await cost(windowed.key)]).toEqual([2, 3]);
  });
});
