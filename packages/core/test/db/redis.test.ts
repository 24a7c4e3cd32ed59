import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory";
import type { DatabaseAdapter, DBAdapter } from "../../src/db/adapter";
import type { SessionWithUser } from "../../src/kernel/models";
import { redisStorage } from "../../src/storage/redis";
import { createTestAuth, type TestBrowser } from "../../src/testing";
import { serviceAvailable, serviceUrls } from "../helpers/services";

const available = await serviceAvailable("redis");

/** Every key this file writes starts with it; afterAll deletes them. */
const RUN_PREFIX = `gatehouse-test:${process.pid}-${randomBytes(4).toString("hex")}:`;
let counter = 0;
const uniquePrefix = (name: string) => `${RUN_PREFIX}${name}-${++counter}:`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fixed clock of the app under test (rate-limit windows are aligned on it). */
const fixedClock = () => {
  const t = Date.UTC(2030, 0, 1, 12, 0, 3);
  return () => new Date(t);
};

/** Counts the adapter's reads: wraps the memory adapter in a proxy. */
function countingDatabase() {
  const reads = { findOne: 0, findMany: 0, count: 0 };
  const database: DatabaseAdapter = {
    id: "counting-memory",
    create(ctx) {
      const inner = memoryAdapter().create(ctx);
      return new Proxy(inner, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (
            (prop === "findOne" || prop === "findMany" || prop === "count") &&
            typeof value === "function"
          ) {
            return (...args: unknown[]) => {
              reads[prop] += 1;
              return Reflect.apply(value, target, args);
            };
          }
          return value;
        },
      }) satisfies DBAdapter;
    },
  };
  const total = () => reads.findOne + reads.findMany + reads.count;
  const reset = () => {
    reads.findOne = 0;
    reads.findMany = 0;
    reads.count = 0;
  };
  return { database, reads, total, reset };
}

describe.skipIf(!available)("redis", () => {
  const client = available ? new Redis(serviceUrls.redis, { maxRetriesPerRequest: 2 }) : undefined;
  const redis = () => client!;

  afterAll(async () => {
    if (!client) return;
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${RUN_PREFIX}*`, "COUNT", 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
    await client.quit();
  });

  describe("redisStorage contract", () => {
    it("gets, sets and deletes under the key prefix", async () => {
      const prefix = uniquePrefix("kv");
      const storage = redisStorage(redis(), { keyPrefix: prefix });
      expect(await storage.get("a")).toBeNull();
      await storage.set("a", "1");
      expect(await storage.get("a")).toBe("1");
      expect(await redis().get(`${prefix}a`)).toBe("1");
      await storage.set("a", JSON.stringify({ x: [1, "ü"] }));
      expect(JSON.parse((await storage.get("a"))!)).toEqual({ x: [1, "ü"] });
      await storage.delete("a");
      expect(await storage.get("a")).toBeNull();
      expect(await redis().exists(`${prefix}a`)).toBe(0);
      await storage.delete("never-set");
      // Another prefix is another namespace.
      const other = redisStorage(redis(), { keyPrefix: uniquePrefix("kv-other") });
      await storage.set("shared", "mine");
      expect(await other.get("shared")).toBeNull();
    });

    it("sets a TTL (SET EX) when given one, none otherwise", async () => {
      const prefix = uniquePrefix("ttl");
      const storage = redisStorage(redis(), { keyPrefix: prefix });
      await storage.set("with", "v", 120);
      const ttl = await redis().ttl(`${prefix}with`);
      expect(ttl).toBeGreaterThan(115);
      expect(ttl).toBeLessThanOrEqual(120);
      // Fractions round up to whole seconds (EX takes integers).
      await storage.set("fraction", "v", 0.2);
      expect(await redis().ttl(`${prefix}fraction`)).toBe(1);
      await storage.set("without", "v");
      expect(await redis().ttl(`${prefix}without`)).toBe(-1);
      // Overwriting without a TTL removes the old one, as SET does.
      await storage.set("with", "v2");
      expect(await redis().ttl(`${prefix}with`)).toBe(-1);
    });

    it("expires keys after their TTL", async () => {
      const storage = redisStorage(redis(), { keyPrefix: uniquePrefix("expiry") });
      await storage.set("short", "v", 1);
      expect(await storage.increment!("counter", 1)).toBe(1);
      expect(await storage.get("short")).toBe("v");
      await sleep(1_100);
      expect(await storage.get("short")).toBeNull();
      expect(await storage.increment!("counter", 1)).toBe(1);
    });

    it("increments atomically: 50 parallel calls -> 1..50 once each, final value 50", async () => {
      const prefix = uniquePrefix("incr");
      const storage = redisStorage(redis(), { keyPrefix: prefix });
      const results = await Promise.all(Array.from({ length: 50 }, () => storage.increment!("n", 60)));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await storage.get("n")).toBe("50");
      const ttl = await redis().ttl(`${prefix}n`);
      expect(ttl).toBeGreaterThan(55);
      expect(ttl).toBeLessThanOrEqual(60);
    });

    it("sets the increment TTL on creation only, and repairs a counter without one", async () => {
      const prefix = uniquePrefix("incr-ttl");
      const storage = redisStorage(redis(), { keyPrefix: prefix });
      await storage.increment!("w", 30);
      await storage.increment!("w", 3_000);
      expect(await redis().ttl(`${prefix}w`)).toBeLessThanOrEqual(30);
      await storage.set("bare", "7");
      expect(await storage.increment!("bare", 40)).toBe(8);
      const ttl = await redis().ttl(`${prefix}bare`);
      expect(ttl).toBeGreaterThan(35);
      expect(ttl).toBeLessThanOrEqual(40);
    });
  });

  describe("rate limiting on secondary storage", () => {
    it("20 parallel requests with max 5 -> exactly 5 pass, counted in one Redis key", async () => {
      const prefix = uniquePrefix("rl");
      const { browser, auth } = createTestAuth({
        secondaryStorage: redisStorage(redis(), { keyPrefix: prefix }),
        rateLimit: { enabled: true, max: 5 },
        advanced: { now: fixedClock(), trustedProxies: true },
      });
      const b = browser();
      const codes = await Promise.all(
        Array.from({ length: 20 }, () =>
          b.get("/list-sessions", { headers: { "x-forwarded-for": "10.7.7.7" } }),
        ),
      );
      expect(codes.filter((r) => r.status === 401)).toHaveLength(5);
      const limited = codes.filter((r) => r.status === 429);
      expect(limited).toHaveLength(15);
      // 12:00:03 in a 10 s window aligned on multiples of 10 s: 7 s left.
      expect(limited[0]!.headers.get("x-retry-after")).toBe("7");
      expect(auth.$context.options.rateLimit?.storage).toBeUndefined();
      const keys = await redis().keys(`${prefix}rate-limit:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toContain("10.7.7.7|/list-sessions");
      expect(await redis().get(keys[0]!)).toBe("20");
      const ttl = await redis().ttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(10);
    });

    it("applies the strict sign-in rule across two instances sharing Redis", async () => {
      const storage = redisStorage(redis(), { keyPrefix: uniquePrefix("rl-shared") });
      const make = () =>
        createTestAuth({
          secondaryStorage: storage,
          rateLimit: { enabled: true, storage: "secondary-storage" },
          advanced: { now: fixedClock(), trustedProxies: true },
        }).browser();
      const [one, two] = [make(), make()];
      const body = { email: "nobody@example.com", password: "wrong-password-123" };
      const from = { headers: { "x-forwarded-for": "10.8.8.8" } };
      const codes = [];
      for (const b of [one, two, one, two]) codes.push((await b.post("/sign-in/email", body, from)).status);
      expect(codes).toEqual([401, 401, 401, 429]);
    });
  });

  describe("sessions in secondary storage", () => {
    function setup() {
      const prefix = uniquePrefix("sessions");
      const db = countingDatabase();
      const t = createTestAuth({
        database: db.database,
        secondaryStorage: redisStorage(redis(), { keyPrefix: prefix }),
      });
      return { ...t, db, prefix };
    }

    type SessionBody = {
      session: { token: string; userId: string };
      user: { id: string; email: string };
    } | null;
    const getSession = (b: TestBrowser) => b.get<SessionBody>("/get-session");

    it("stores the session in Redis and reads it back without touching the database", async () => {
      const { signUp, db, prefix } = setup();
      const { browser, user, token } = await signUp();
      db.reset();
      const res = await getSession(browser);
      expect(res.status).toBe(200);
      expect(res.data?.user).toMatchObject({ id: user.id, email: user.email });
      expect(res.data?.session.token).toBe(token);
      for (let i = 0; i < 3; i++) expect((await getSession(browser)).data?.user.id).toBe(user.id);
      expect(db.reads).toEqual({ findOne: 0, findMany: 0, count: 0 });

      const raw = await redis().get(`${prefix}session:${token}`);
      expect(JSON.parse(raw!)).toMatchObject({ session: { token, userId: user.id }, user: { id: user.id } });
      const ttl = await redis().ttl(`${prefix}session:${token}`);
      expect(ttl).toBeGreaterThan(7 * 24 * 3600 - 60);
      expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600);
      const index = JSON.parse((await redis().get(`${prefix}active-sessions-${user.id}`))!) as {
        token: string;
      }[];
      expect(index.map((e) => e.token)).toEqual([token]);
    });

    it("lists the user's sessions from Redis", async () => {
      const { signUp, browser, db } = setup();
      const { browser: first, email, password, token } = await signUp();
      const second = browser();
      const signIn = await second.post<{ token: string }>("/sign-in/email", { email, password });
      expect(signIn.status).toBe(200);
      db.reset();
      const list = await first.get<{ token: string }[]>("/list-sessions");
      expect(list.status).toBe(200);
      expect(list.data.map((s) => s.token).sort()).toEqual([token, signIn.data.token].sort());
      expect(db.total()).toBe(0);
    });

    it("revoke-session takes effect at once: the very next get-session is null", async () => {
      const { signUp, browser, prefix } = setup();
      const { browser: first, email, password, user } = await signUp();
      const second = browser();
      const signIn = await second.post<{ token: string }>("/sign-in/email", { email, password });
      expect((await getSession(second)).data?.user.id).toBe(user.id);

      const revoked = await first.post("/revoke-session", { token: signIn.data.token });
      expect(revoked.status).toBe(200);
      const after = await getSession(second);
      expect(after.status).toBe(200);
      expect(after.data).toBeNull();
      expect(await redis().exists(`${prefix}session:${signIn.data.token}`)).toBe(0);
      // The other session is untouched and the index no longer lists the revoked one.
      expect((await getSession(first)).data?.user.id).toBe(user.id);
      const list = await first.get<{ token: string }[]>("/list-sessions");
      expect(list.data.map((s) => s.token)).not.toContain(signIn.data.token);
      expect(list.data).toHaveLength(1);
    });

    it("sign-out takes effect at once, even for a replayed cookie", async () => {
      const { signUp, prefix, db } = setup();
      const { browser, token } = await signUp();
      const stolenCookie = browser.cookieHeader();
      expect((await getSession(browser)).data).not.toBeNull();
      expect((await browser.post("/sign-out", {})).status).toBe(200);
      expect((await getSession(browser)).data).toBeNull();
      db.reset();
      const replay = await browser.get<SessionBody>("/get-session", {
        cookies: false,
        headers: { cookie: stolenCookie },
      });
      expect(replay.data).toBeNull();
      expect(db.total()).toBe(0);
      expect(await redis().exists(`${prefix}session:${token}`)).toBe(0);
    });

    // Regression: the per-user index was read-modified-written without coordination, so parallel
    // sign-ins dropped entries; a dropped session was missing from list-sessions and survived
    // revoke-sessions ("sign out everywhere").
    it("keeps every session in the index when the same user signs in concurrently", async () => {
      const { signUp, browser, auth } = setup();
      const { browser: first, email, password, user } = await signUp();
      const others = Array.from({ length: 5 }, () => browser());
      const results = await Promise.all(
        others.map((b) => b.post<{ token: string }>("/sign-in/email", { email, password })),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      // The same through the store directly, without password hashing in between: all 10 index
      // updates overlap.
      const app = auth.$context;
      const row = await app.adapter.findOne<SessionWithUser["user"]>({
        model: "user",
        where: [{ field: "id", value: user.id }],
      });
      const direct = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          app.core.sessions.store.create(
            { userId: user.id, token: `direct-${i}`, expiresAt: new Date(Date.now() + 3_600_000) },
            row!,
          ),
        ),
      );
      expect(direct).toHaveLength(10);
      const list = await first.get<{ token: string }[]>("/list-sessions");
      expect(list.data).toHaveLength(16);
      // "Sign out everywhere" reaches every one of them.
      expect((await first.post("/revoke-sessions", {})).status).toBe(200);
      for (const b of others) expect((await getSession(b)).data).toBeNull();
      for (let i = 0; i < 10; i++)
        expect(await app.core.sessions.store.findByToken(`direct-${i}`)).toBeNull();
    });
  });
});
