import { describe, expect, it } from "vitest";
import { z } from "zod";
import { memoryAdapter } from "../src/adapters/memory";
import { buildSchema } from "../src/context/build-schema";
import type { DBAdapter } from "../src/db/adapter";
import { defineEndpoint } from "../src/kernel/endpoint";
import { AUTH_ERRORS } from "../src/kernel/errors";
import type { AuthOptions } from "../src/kernel/options";
import { definePlugin } from "../src/kernel/plugin";
import { databaseRateLimitStore } from "../src/rate-limit";
import { memoryStorage, type SecondaryStorage } from "../src/storage/secondary-storage";
import { createTestAuth, type TestBrowser, type TestResponse } from "../src/testing";

/** A clock the tests move by hand. */
function testClock(start = Date.UTC(2030, 0, 1, 12, 0, 0)) {
  let t = start;
  return {
    now: () => new Date(t),
    ms: () => t,
    advance(seconds: number) {
      t += seconds * 1000;
    },
  };
}

const WRONG = { email: "nobody@example.com", password: "wrong-password-123" };

function setup(rateLimit: NonNullable<AuthOptions["rateLimit"]>, extra: Omit<AuthOptions, "rateLimit"> = {}) {
  const clock = testClock();
  const t = createTestAuth({
    ...extra,
    rateLimit: { enabled: true, ...rateLimit },
    // Requests here come straight to auth.handler: the forwarding header stands in for the proxy's.
    advanced: { trustedProxies: true, ...extra.advanced, now: clock.now },
  });
  return { ...t, clock };
}

const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });

function signIn(b: TestBrowser, ip = "203.0.113.7") {
  return b.post("/sign-in/email", WRONG, from(ip));
}

function expectLimited(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(AUTH_ERRORS.TOO_MANY_REQUESTS_PLEASE_TRY_AGAIN_LATER.status).toBe(429);
  expect(res.data).toEqual({
    message: "Too many requests. Please try again later.",
    code: "TOO_MANY_REQUESTS_PLEASE_TRY_AGAIN_LATER",
  });
}

async function statuses(requests: Promise<TestResponse>[]) {
  return (await Promise.all(requests)).map((r) => r.status);
}

const pingPlugin = (rateLimit?: Record<string, { window: number; max: number } | false>) =>
  definePlugin({
    id: "ping",
    endpoints: {
      ping: defineEndpoint({ method: "GET", path: "/ping/one" }, { handler: () => ({ pong: true }) }),
      pingTwo: defineEndpoint(
        { method: "POST", path: "/ping/two" },
        { body: z.object({}).optional(), handler: () => ({ pong: 2 }) },
      ),
    },
    rateLimit,
  });

describe("rate limiting over HTTP (memory store)", () => {
  it("answers the 4th sign-in attempt within 10 s with 429 and X-Retry-After, then lets it through after the window", async () => {
    const { browser, clock } = setup({});
    const b = browser();
    for (let i = 0; i < 3; i++) {
      expect((await signIn(b)).status).toBe(401);
      clock.advance(1);
    }
    // 3 s into the window: 7 s left.
    const fourth = await signIn(b);
    expectLimited(fourth);
    expect(fourth.headers.get("x-retry-after")).toBe("7");
    expect(fourth.headers.get("content-type")).toContain("application/json");

    clock.advance(6.5);
    const stillLimited = await signIn(b);
    expectLimited(stillLimited);
    expect(stillLimited.headers.get("x-retry-after")).toBe("1");

    clock.advance(0.5);
    expect((await signIn(b)).status).toBe(401);
    expect((await signIn(b)).status).toBe(401);
    expect((await signIn(b)).status).toBe(401);
    expect((await signIn(b)).status).toBe(429);
  });

  it("applies the strict default to every credential endpoint and the global rule elsewhere", async () => {
    const { browser } = setup({ max: 5 });
    const b = browser();
    const ip = "198.51.100.1";
    // Sign-up is strict (3 per 10 s), whatever the outcome of each attempt.
    const signUps = [];
    for (let i = 0; i < 4; i++)
      signUps.push((await b.post("/sign-up/email", { email: "x" }, from(ip))).status);
    expect(signUps.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(signUps[3]).toBe(429);
    // Unknown paths under the strict patterns are limited too (the patterns end with `*`).
    for (let i = 0; i < 3; i++)
      expect((await b.post("/reset-password/abc", {}, from(ip))).status).not.toBe(429);
    expect((await b.post("/reset-password/abc", {}, from(ip))).status).toBe(429);
    // Everything else: the global rule (max 5 here).
    const list = [];
    for (let i = 0; i < 6; i++) list.push((await b.get("/list-sessions", from(ip))).status);
    expect(list).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("counts each IP (x-forwarded-for, right-most untrusted address) and each path separately", async () => {
    const { browser } = setup({}, { advanced: { trustedProxies: ["172.16.0.0/12"] } });
    const b = browser();
    for (let i = 0; i < 3; i++) expect((await signIn(b, "10.0.0.1")).status).toBe(401);
    expect((await signIn(b, "10.0.0.1")).status).toBe(429);
    // Same client behind a trusted proxy hop: the proxy's own entry is skipped.
    expect((await signIn(b, "10.0.0.1, 172.16.0.1")).status).toBe(429);
    // A client-written prefix proves nothing: the address the proxy saw counts.
    expect((await signIn(b, "198.51.100.1, 10.0.0.1")).status).toBe(429);
    expect((await signIn(b, "10.0.0.2")).status).toBe(401);
    expect((await signIn(b, "10.0.0.1, 10.0.0.2")).status).toBe(401);
    // Another path from the blocked IP is a different key.
    expect((await b.post("/sign-up/email", { email: "x" }, from("10.0.0.1"))).status).not.toBe(429);
  });

  it("uses advanced.ipAddressHeaders", async () => {
    const { browser } = setup({}, { advanced: { ipAddressHeaders: ["cf-connecting-ip"] } });
    const b = browser();
    const cf = { headers: { "cf-connecting-ip": "192.0.2.9", "x-forwarded-for": "1.1.1.1" } };
    for (let i = 0; i < 3; i++) await b.post("/sign-in/email", WRONG, cf);
    expect((await b.post("/sign-in/email", WRONG, cf)).status).toBe(429);
    // x-forwarded-for is ignored here: it neither identifies the client nor escapes the limit.
    const spoof = { headers: { "cf-connecting-ip": "192.0.2.9", "x-forwarded-for": "2.2.2.2" } };
    expect((await b.post("/sign-in/email", WRONG, spoof)).status).toBe(429);
  });

  it("does not limit requests without a client IP, and warns once", async () => {
    const logs: string[] = [];
    const { browser } = setup(
      {},
      {
        advanced: { trustedProxies: false },
        logger: { level: "debug", log: (level, message) => level === "warn" && logs.push(message) },
      },
    );
    const b = browser();
    // No socket and no trusted proxy: the header is not believed, so there is no client IP.
    for (let i = 0; i < 6; i++) expect((await signIn(b, "10.9.9.9")).status).toBe(401);
    const notes = logs.filter((m) => m.includes("Rate limiting skipped"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("trustedProxies");
  });

  it("never limits GET /get-session and GET /ok by default", async () => {
    const { browser, signUp } = setup({ max: 2 });
    const { browser: signedIn } = await signUp();
    const anonymous = browser();
    for (let i = 0; i < 10; i++) {
      const res = await signedIn.get<{ user: { email: string } } | null>("/get-session", from("10.1.1.1"));
      expect(res.status).toBe(200);
      expect(res.data?.user.email).toBeTruthy();
      expect((await anonymous.get("/get-session", from("10.1.1.1"))).status).toBe(200);
      expect((await anonymous.get("/ok", from("10.1.1.1"))).status).toBe(200);
    }
  });

  it("lets customRules limit a path the defaults leave alone, and disable one with false", async () => {
    const { browser } = setup({
      customRules: {
        "/get-session": { window: 60, max: 2 },
        "/sign-in/*": false,
        "/list-sessions": { window: 30, max: 1 },
      },
    });
    const b = browser();
    const ip = from("10.2.2.2");
    expect(await statuses([0, 1, 2].map(() => b.get("/get-session", ip)))).toEqual([200, 200, 429]);
    for (let i = 0; i < 8; i++) expect((await signIn(b, "10.2.2.2")).status).toBe(401);
    expect((await b.get("/list-sessions", ip)).status).toBe(401);
    const limited = await b.get("/list-sessions", ip);
    expectLimited(limited);
    expect(limited.headers.get("x-retry-after")).toBe("30");
  });

  it("resolves exact patterns before wildcards and longer wildcards before shorter ones", async () => {
    const { browser } = setup({
      customRules: {
        "/sign-in/*": { window: 10, max: 1 },
        "/sign-in/email": { window: 10, max: 2 },
        "/ping/*": { window: 10, max: 5 },
        "/p*": false,
      },
    });
    const b = browser();
    const ip = "10.3.3.3";
    expect(await statuses([0, 1, 2].map(() => signIn(b, ip)))).toEqual([401, 401, 429]);
    const other = await statuses([0, 1].map(() => b.post("/sign-in/no-such-provider", {}, from(ip))));
    expect(other[0]).not.toBe(429);
    expect(other[1]).toBe(429);
    const pings = await statuses([0, 1, 2, 3, 4, 5].map(() => b.post("/ping/x", {}, from(ip))));
    expect(pings.filter((s) => s === 429)).toHaveLength(1);
    for (let i = 0; i < 8; i++) expect((await b.post("/public", {}, from(ip))).status).not.toBe(429);
  });

  it("applies plugin rules over the defaults, and the user's rules over the plugin's", async () => {
    const plugin = pingPlugin({
      "/ping/*": { window: 20, max: 2 },
      "/sign-in/email": { window: 10, max: 1 },
    });
    const { browser } = setup({}, { plugins: [plugin] });
    const b = browser();
    const ip = from("10.4.4.4");
    const limited = await statuses([0, 1, 2].map(() => b.get("/ping/one", ip)));
    expect(limited).toEqual([200, 200, 429]);
    expect((await b.get("/ping/one", ip)).headers.get("x-retry-after")).toBe("20");
    expect(await statuses([0, 1].map(() => signIn(b, "10.4.4.4")))).toEqual([401, 429]);

    const overridden = setup({ customRules: { "/ping/one": false } }, { plugins: [plugin] }).browser();
    for (let i = 0; i < 5; i++) expect((await overridden.get("/ping/one", ip)).status).toBe(200);
    // The plugin's wildcard still applies to its other paths.
    expect(await statuses([0, 1, 2].map(() => overridden.post("/ping/two", {}, ip)))).toEqual([
      200, 200, 429,
    ]);
  });

  it("never limits server calls (auth.api)", async () => {
    const { auth } = setup({ max: 1, customRules: { "/sign-in/*": { window: 60, max: 1 } } });
    const headers = new Headers({ "x-forwarded-for": "10.5.5.5" });
    for (let i = 0; i < 5; i++) {
      const error = await auth.api.signInEmail({ body: WRONG, headers }).catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 401 });
    }
    for (let i = 0; i < 5; i++) expect(await auth.api.getSession({ headers })).toBeNull();
  });

  it("is off by default in tests and on in every other environment", async () => {
    const trusted = { advanced: { trustedProxies: true } } as const;
    const off = createTestAuth(trusted).browser();
    for (let i = 0; i < 6; i++) expect((await signIn(off)).status).toBe(401);

    const previous = process.env.NODE_ENV;
    try {
      for (const env of ["production", "development", "staging"]) {
        process.env.NODE_ENV = env;
        const b = createTestAuth(trusted).browser();
        const codes = [];
        for (let i = 0; i < 4; i++) codes.push((await signIn(b)).status);
        expect(codes, env).toEqual([401, 401, 401, 429]);
      }
      delete process.env.NODE_ENV;
      const unset = createTestAuth(trusted).browser();
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await signIn(unset)).status);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it("uses paths relative to the base path", async () => {
    const { auth } = setup({}, { basePath: "/auth" });
    const send = (path: string) =>
      auth.handler(
        new Request(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "10.6.6.6" },
          body: JSON.stringify(WRONG),
        }),
      );
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send("/auth/sign-in/email")).status);
    expect(codes).toEqual([401, 401, 401, 429]);
    // Outside the base path: the router's 404, not counted.
    for (let i = 0; i < 4; i++) expect((await send("/api/auth/sign-in/email")).status).toBe(404);
  });

  it("rejects invalid configuration at init", () => {
    expect(() => createTestAuth({ rateLimit: { enabled: true, storage: "secondary-storage" } })).toThrow(
      /secondaryStorage/,
    );
    expect(() =>
      createTestAuth({ rateLimit: { enabled: true, customRules: { "/x": { window: 0, max: 1 } } } }),
    ).toThrow(/Invalid rate-limit rule "\/x"/);
    expect(() => createTestAuth({ rateLimit: { enabled: true, max: -1 } })).toThrow(
      /Invalid rate-limit rule/,
    );
  });
});

describe("concurrency: N parallel requests never all pass", () => {
  const parallel = async (b: TestBrowser, n: number) =>
    statuses(Array.from({ length: n }, () => b.get("/list-sessions", from("10.9.9.9"))));

  it("memory store: 20 parallel requests with max 5 -> exactly 5 pass", async () => {
    const { browser } = setup({ max: 5 });
    const codes = await parallel(browser(), 20);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it("database store (memory adapter): 20 parallel requests with max 5 -> exactly 5 pass", async () => {
    const { browser, auth } = setup({ max: 5, storage: "database" });
    const codes = await parallel(browser(), 20);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const rows = await auth.$context.adapter.findMany<{ key: string; count: number }>({ model: "rateLimit" });
    expect(rows).toEqual([expect.objectContaining({ key: "10.9.9.9|/list-sessions", count: 5 })]);
  });

  it("secondary storage with atomic increment: 20 parallel, max 5 -> exactly 5 pass", async () => {
    const clock = testClock();
    const storage = memoryStorage(clock.ms);
    const { browser } = createTestAuth({
      secondaryStorage: storage,
      rateLimit: { enabled: true, max: 5 },
      advanced: { now: clock.now, trustedProxies: true },
    });
    const codes = await parallel(browser(), 20);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
  });

  it("secondary storage without increment (get/set, serialised per key): 20 parallel, max 5 -> exactly 5 pass", async () => {
    const clock = testClock();
    const inner = memoryStorage(clock.ms);
    // Every call yields to the event loop, as a network store would.
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const storage: SecondaryStorage = {
      get: (k) => tick().then(() => inner.get(k)),
      set: (k, v, ttl) => tick().then(() => inner.set(k, v, ttl)),
      delete: (k) => tick().then(() => inner.delete(k)),
    };
    const { browser } = createTestAuth({
      secondaryStorage: storage,
      rateLimit: { enabled: true, max: 5 },
      advanced: { now: clock.now, trustedProxies: true },
    });
    const b = browser();
    const codes = await parallel(b, 20);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    clock.advance(10);
    expect((await parallel(b, 7)).filter((c) => c === 401)).toHaveLength(5);
  });
});

describe("database store", () => {
  const schema = buildSchema({ rateLimit: { storage: "database" } });
  const rule = { window: 10, max: 3 };
  const T0 = Date.UTC(2030, 0, 1);

  it("counts in the window, refuses over the limit with the window's end, and starts a new window after it", async () => {
    const adapter = memoryAdapter().create({ schema });
    const store = databaseRateLimitStore(adapter);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await store.hit("ip|/a", rule, T0 + i * 1000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits.every((h) => h.resetAt === T0 + 10_000)).toBe(true);
    // The window is fixed: a request at its very end is still in it.
    expect((await store.hit("ip|/a", rule, T0 + 9_999)).allowed).toBe(false);
    const next = await store.hit("ip|/a", rule, T0 + 10_000);
    expect(next).toEqual({ allowed: true, resetAt: T0 + 20_000 });
    const row = await adapter.findOne<{ count: number; lastRequest: number }>({
      model: "rateLimit",
      where: [{ field: "key", value: "ip|/a" }],
    });
    expect(row).toMatchObject({ count: 1, lastRequest: T0 + 10_000 });
  });

  it("retries the increment when another instance creates the row first (unique violation)", async () => {
    const real = memoryAdapter().create({ schema });
    let raced = false;
    // Between this instance's lookup (no row) and its create, another instance creates the row.
    const adapter: DBAdapter = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === "create") {
          return async (args: Parameters<DBAdapter["create"]>[0]) => {
            if (!raced) {
              raced = true;
              await target.create({ model: "rateLimit", data: { key: "k", count: 1, lastRequest: T0 } });
            }
            return target.create(args);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const hit = await databaseRateLimitStore(adapter).hit("k", rule, T0 + 500);
    expect(hit).toEqual({ allowed: true, resetAt: T0 + 10_000 });
    const rows = await real.findMany<{ count: number }>({ model: "rateLimit" });
    expect(rows.map((r) => r.count)).toEqual([2]);
  });

  it("resets an expired window once under concurrency", async () => {
    const adapter = memoryAdapter().create({ schema });
    const store = databaseRateLimitStore(adapter);
    for (let i = 0; i < 5; i++) await store.hit("k", rule, T0);
    const later = T0 + 60_000;
    const results = await Promise.all(Array.from({ length: 10 }, () => store.hit("k", rule, later)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.every((r) => r.resetAt === later + 10_000)).toBe(true);
  });

  it("needs the rateLimit model", () => {
    const adapter = memoryAdapter().create({ schema: buildSchema({}) });
    expect(() => databaseRateLimitStore(adapter)).toThrow(/rateLimit model/);
  });
});
