import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory/index";
import { mongoAdapter } from "../../src/adapters/mongo/index";
import type { DatabaseAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { apiKey } from "../../src/plugins/api-key";
import { apiKeyService } from "../../src/plugins/api-key/service";
import { memoryStorage } from "../../src/storage/secondary-storage";
import { createTestAuth } from "../../src/testing";
import { fakeMongo } from "./mongo-fake";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

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
  {
    // Stores without `updateOneWith` (Prisma, third-party adapters) count in several statements.
    name: "memory without updateOneWith (the stepwise path)",
    available: true,
    open: (): OpenStore => {
      const memory = memoryAdapter();
      const database: DatabaseAdapter = {
        ...memory,
        create: (ctx) => ({ ...memory.create(ctx), updateOneWith: undefined }),
      };
      return { database, cleanup: async () => {} };
    },
  },
  ...(await sqlStores()),
] as const;

type Verified = { valid: boolean; error: { code: string } | null; key: { remaining: number | null } | null };

/** The apps' clock; tests move it to make refills due. */
let nowMs = Date.UTC(2026, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

function makeApp(database?: DatabaseAdapter, secondary: boolean | ReturnType<typeof memoryStorage> = false) {
  return createTestAuth({
    advanced: { now: () => new Date(nowMs) },
    ...(database ? { database } : {}),
    ...(secondary ? { secondaryStorage: secondary === true ? memoryStorage() : secondary } : {}),
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

/**
 * Statements each SQL store sees while a key is verified (the driver's own log): a key without
 * counters is one SELECT; a key with counters is one conditional UPDATE once this process knows its
 * settings (the first verification reads them: two). MySQL/MariaDB has no UPDATE ... RETURNING: the
 * endpoint, which answers with the counters, re-reads the key; the header principal does not.
 */
const sql = await sqlStores();
for (const store of sql) {
  describe.skipIf(!store.available)(`verifying a key on ${store.name}: statements`, () => {
    const log: string[] = [];
    let opened: OpenStore;
    let app: ReturnType<typeof makeApp>;
    let cached: ReturnType<typeof makeApp>;
    const returnsRows = store.name !== "mysql";

    beforeAll(async () => {
      opened = store.open({ tablePrefix: randomPrefix("gr") }, log);
      app = makeApp(opened.database);
      await migrate(app.auth);
      cached = makeApp(opened.database, true);
    }, 120_000);
    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    /** Statements of one verification, and whether it succeeded. */
    const cost = async (run: () => Promise<boolean>) => {
      const before = log.length;
      const valid = await run();
      return { valid, statements: log.slice(before).map((q) => q.trim().split(/\s+/)[0]!.toUpperCase()) };
    };
    const endpoint = (on: ReturnType<typeof makeApp>, key: string) => () =>
      (on.auth.api.verifyApiKey({ body: { key } }) as Promise<Verified>).then((r) => r.valid);
    const principal = (on: ReturnType<typeof makeApp>, key: string) => () =>
      apiKeyService(on.auth.$context)
        .verify({ key, counters: false })
        .then((r) => r.ok);
    const afterUpdate = returnsRows ? ["UPDATE"] : ["UPDATE", "SELECT"];

    it("a key without counters: one SELECT; none once in secondary storage", async () => {
      const { key } = await keyFor(app, { rateLimitEnabled: false });
      expect(await cost(endpoint(app, key))).toEqual({ valid: true, statements: ["SELECT"] });
      expect(await cost(endpoint(app, key))).toEqual({ valid: true, statements: ["SELECT"] });
      expect(await cost(endpoint(cached, key))).toEqual({ valid: true, statements: ["SELECT"] });
      expect(await cost(endpoint(cached, key))).toEqual({ valid: true, statements: [] });
    });

    it("a key with uses and the default rate limit: one UPDATE per verification once known", async () => {
      const { key } = await keyFor(app, { remaining: 10 });
      expect(await cost(endpoint(app, key))).toEqual({ valid: true, statements: ["SELECT", ...afterUpdate] });
      expect(await cost(endpoint(app, key))).toEqual({ valid: true, statements: afterUpdate });
      expect(await cost(principal(app, key))).toEqual({ valid: true, statements: ["UPDATE"] });
      const verified = (await app.auth.api.verifyApiKey({ body: { key } })) as Verified;
      expect(verified.key?.remaining).toBe(6);
    });

    it("secondary storage holds the settings: another process counts with one UPDATE from its first verification", async () => {
      const storage = memoryStorage();
      const one = makeApp(opened.database, storage);
      const two = makeApp(opened.database, storage);
      const { key } = await keyFor(one, { remaining: 10, rateLimitEnabled: false });
      expect((await cost(endpoint(one, key))).statements).toEqual(["SELECT", ...afterUpdate]);
      expect(await cost(principal(two, key))).toEqual({ valid: true, statements: ["UPDATE"] });
      // Without the shared storage, a process reads the key once first.
      expect((await cost(principal(app, key))).statements).toEqual(["SELECT", "UPDATE"]);
    });

    it("a refusal costs the UPDATE that matched nothing and one read to name the limit", async () => {
      const { key } = await keyFor(app, { remaining: 1, rateLimitEnabled: false });
      expect((await cost(endpoint(app, key))).valid).toBe(true);
      expect(await cost(endpoint(app, key))).toEqual({ valid: false, statements: ["UPDATE", "SELECT"] });
      const limited = await keyFor(app, { rateLimitMax: 1, rateLimitTimeWindow: 60_000 });
      expect((await cost(endpoint(app, limited.key))).valid).toBe(true);
      expect(await cost(endpoint(app, limited.key))).toEqual({
        valid: false,
        statements: ["UPDATE", "SELECT"],
      });
    });

    it("settings changed since they were remembered: the guarded UPDATE misses, the key is read and counted", async () => {
      const { key, id } = await keyFor(app, { remaining: 10, rateLimitEnabled: false });
      expect((await cost(endpoint(app, key))).valid).toBe(true);
      // Another instance raises remaining and turns the rate limit on (1 request per minute).
      nowMs += 1;
      await app.auth.$context.adapter.update({
        model: "apikey",
        where: [{ field: "id", value: id }],
        update: { remaining: 100, rateLimitEnabled: true, rateLimitMax: 1, rateLimitTimeWindow: 60_000 },
      });
      const first = await cost(endpoint(app, key));
      expect(first).toEqual({ valid: true, statements: ["UPDATE", "SELECT", ...afterUpdate] });
      const verified = (await app.auth.api.verifyApiKey({ body: { key } })) as Verified;
      expect(verified.error?.code).toBe("RATE_LIMIT_EXCEEDED");
      const row = await app.auth.$context.adapter.findOne<{ remaining: number }>({
        model: "apikey",
        where: [{ field: "id", value: id }],
      });
      expect(row?.remaining).toBe(99);
    });
  });
}

describe("verifying a key on the MongoDB substitute: operations", () => {
  it("a key with counters: one findOneAndUpdate (endpoint) or updateMany (header) once known", async () => {
    const { db, client } = fakeMongo({ replicaSet: true });
    const ops: string[] = [];
    const collection = db.collection.bind(db);
    db.collection = (name: string) => {
      const c = collection(name);
      if (name.endsWith("apikey")) {
        for (const method of ["find", "updateMany", "findOneAndUpdate", "countDocuments"] as const) {
          const original = (c[method] as (...a: unknown[]) => unknown).bind(c);
          (c as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
            ops.push(method);
            return original(...a);
          };
        }
      }
      return c;
    };
    const app = makeApp(mongoAdapter(db, { client }));
    await migrate(app.auth);
    const { key } = await keyFor(app, { remaining: 3 });
    const cost = async (run: () => Promise<boolean>) => {
      const before = ops.length;
      const valid = await run();
      return { valid, ops: ops.slice(before) };
    };
    const endpoint = () =>
      (app.auth.api.verifyApiKey({ body: { key } }) as Promise<Verified>).then((r) => r.valid);
    const principal = () =>
      apiKeyService(app.auth.$context)
        .verify({ key, counters: false })
        .then((r) => r.ok);
    expect(await cost(endpoint)).toEqual({ valid: true, ops: ["find", "findOneAndUpdate"] });
    expect(await cost(endpoint)).toEqual({ valid: true, ops: ["findOneAndUpdate"] });
    expect(await cost(principal)).toEqual({ valid: true, ops: ["updateMany"] });
    expect(await cost(endpoint)).toEqual({ valid: false, ops: ["findOneAndUpdate", "find"] });
  });
});
