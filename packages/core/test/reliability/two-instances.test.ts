import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import type { AuthOptions } from "../../src/kernel/options";
import type { WebhookDeliveryRow, WebhookEventRow } from "../../src/plugins/billing/webhooks/rows";
import { redisStorage } from "../../src/storage/redis";
import type { TestBrowser } from "../../src/testing";
import { clock } from "../billing/fixtures";
import { type Receiver, startReceiver } from "../billing/webhooks/receiver";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { doneResult, killLeftovers, startChild } from "./child";
import { record } from "./counters";
import { appInstance, delayedFetch } from "./instance";
import { pgTables } from "./pg-tables";

/*
 * Two app instances (two createAuth objects, each with its own PostgreSQL pool and Redis client)
 * on one PostgreSQL database and one Redis (secondary storage), as two servers behind a load
 * balancer; one case adds a second process. Revocations, rate limits and webhook delivery must
 * hold across instances.
 */

const [pgUp, redisUp] = await Promise.all([serviceAvailable("postgres"), serviceAvailable("redis")]);
const tables = pgTables("gh_two_");
const keyPrefix = `gatehouse-test:two-${process.pid}-${randomBytes(4).toString("hex")}:`;
const c = clock();
const clients: Redis[] = [];
let schemaApp: ReturnType<typeof appInstance>;

type Instance = ReturnType<typeof appInstance>;
type SessionBody = { session: { token: string }; user: { email: string } } | null;

/** Two instances with the same options, each on its own pool and Redis client. */
function pair(extra: AuthOptions = {}, fetchDelayMs = 0): [Instance, Instance] {
  const make = () => {
    const client = new Redis(serviceUrls.redis, { maxRetriesPerRequest: 2 });
    clients.push(client);
    return appInstance({
      database: tables.connect(4).database,
      now: c.now,
      fetch: delayedFetch(fetchDelayMs),
      extra: { ...extra, secondaryStorage: redisStorage(client, { keyPrefix }) },
    });
  };
  return [make(), make()];
}

const getSession = (on: Instance, cookie: string, query = "") =>
  on.browser().get<SessionBody>(`/get-session${query}`, { headers: { cookie } });

afterEach(() => killLeftovers());

describe.skipIf(!pgUp || !redisUp)("two app instances on one PostgreSQL and one Redis", () => {
  beforeAll(async () => {
    // The widest schema of the file (the database rate-limit store adds its table).
    [schemaApp] = pair({ rateLimit: { enabled: true, storage: "database" } });
    await migrate(schemaApp.auth);
  }, 60_000);

  afterAll(async () => {
    killLeftovers();
    const cleaner = clients[0];
    if (cleaner) {
      let cursor = "0";
      do {
        const [next, keys] = await cleaner.scan(cursor, "MATCH", `${keyPrefix}*`, "COUNT", 500);
        if (keys.length > 0) await cleaner.del(...keys);
        cursor = next;
      } while (cursor !== "0");
    }
    await Promise.all(clients.map((r) => r.quit()));
    await tables.drop(schemaApp?.auth.$context.schema);
  });

  for (const inDatabase of [false, true]) {
    it(`a session revoked on one is refused by the other at once (sessions in Redis${inDatabase ? " and PostgreSQL" : ""}, no cookie cache)`, async () => {
      const [a, b] = pair({ session: { storeSessionInDatabase: inDatabase } });
      const first = await a.signUp();
      const firstCookie = first.browser.cookieHeader();
      expect((await getSession(b, firstCookie)).data?.user.email).toBe(first.email);

      // B revokes the session created on A (from the user's other session); A refuses it at once.
      const other: TestBrowser = b.browser();
      const signIn = await other.post<{ token: string }>("/sign-in/email", {
        email: first.email,
        password: first.password,
      });
      expect(signIn.status).toBe(200);
      expect((await other.post("/revoke-session", { token: first.token })).status).toBe(200);
      expect((await getSession(a, firstCookie)).data).toBeNull();

      // The other way round: signed out on A, refused by B at once.
      const otherCookie = other.cookieHeader();
      expect((await getSession(b, otherCookie)).data?.user.email).toBe(first.email);
      expect((await a.browser().post("/sign-out", {}, { headers: { cookie: otherCookie } })).status).toBe(
        200,
      );
      expect((await getSession(b, otherCookie)).data).toBeNull();
      record({ instanceChecks: 1 });
    });
  }

  it("with the cookie cache on, a revoked session is served from the cache until it expires (by design)", async () => {
    const [a, b] = pair({ session: { cookieCache: { enabled: true, maxAge: 60 } } });
    const { browser, email } = await a.signUp();
    const cookie = browser.cookieHeader();
    expect((await getSession(b, cookie)).data?.user.email).toBe(email);
    expect((await browser.post("/sign-out", {})).status).toBe(200);
    // The signed cache cookie still vouches for the session on either instance...
    expect((await getSession(b, cookie)).data?.user.email).toBe(email);
    // ...unless the cache is bypassed, which reads the store: refused at once.
    expect((await getSession(b, cookie, "?disableCookieCache=true")).data).toBeNull();
    // Once the cache window (maxAge) is over, refused everywhere.
    c.advance(61_000);
    expect((await getSession(b, cookie)).data).toBeNull();
    expect((await getSession(a, cookie)).data).toBeNull();
    record({ instanceChecks: 1 });
  });

  for (const storage of ["secondary-storage", "database"] as const) {
    it(`rate limits are counted across both instances (${storage === "database" ? "PostgreSQL" : "Redis"} store)`, async () => {
      const [a, b] = pair({
        rateLimit: { enabled: true, storage, customRules: { "/list-sessions": { window: 60, max: 6 } } },
        advanced: { trustedProxies: true },
      });
      const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });
      const ip = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

      // 20 at once, alternating instances: exactly 6 get through.
      const burst = ip();
      const codes = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).browser().get("/list-sessions", from(burst))),
      );
      expect(codes.filter((r) => r.status === 429)).toHaveLength(14);
      expect(codes.filter((r) => r.status === 401)).toHaveLength(6);

      // One at a time: each instance saw only 4 requests when both start refusing.
      const steady = ip();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await (i % 2 ? b : a).browser().get("/list-sessions", from(steady))).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      record({ instanceChecks: 1 });
    });
  }

  describe("webhook delivery through runDue() on both", () => {
    let receiver: Receiver;
    let endpointId: string;
    let deliverer: Instance;

    beforeAll(async () => {
      [deliverer] = pair();
      const merchant = await deliverer.services.merchants.defaultMerchant();
      receiver = await startReceiver({ now: c.now, behaviour: () => 200 });
      const endpoint = await deliverer.services.webhooks.createEndpoint(merchant.id, { url: receiver.url });
      receiver.secret = endpoint.secret;
      endpointId = endpoint.id;
    });
    afterAll(() => receiver?.close());

    /** Emits `n` events; returns their outbox rows. */
    async function emitEvents(n: number, tag: string) {
      const merchant = await deliverer.services.merchants.defaultMerchant();
      await deliverer.services.ctx.write(async (_tx, emit) => {
        for (let i = 0; i < n; i++) await emit(merchant.id, "order.paid", { id: `${tag}_${i}`, total: i });
      });
      const rows = await deliverer.auth.$context.adapter.findMany<WebhookEventRow>({
        model: "billingWebhookEvent",
        where: [
          { field: "endpointId", value: endpointId },
          { field: "status", value: "pending" },
        ],
      });
      expect(rows).toHaveLength(n);
      return rows;
    }

    /** Every event reached the receiver once and is delivered once in the log. */
    async function expectDeliveredOnce(rows: readonly WebhookEventRow[]) {
      for (const row of rows)
        expect(receiver.hitsFor(row.id).map((h) => [h.status, h.error])).toEqual([[200, null]]);
      const db = deliverer.auth.$context.adapter;
      const ids = rows.map((r) => r.id);
      const log = await db.findMany<WebhookDeliveryRow>({
        model: "billingWebhookDelivery",
        where: [{ field: "eventId", operator: "in", value: ids }],
      });
      expect(log.map((d) => [d.eventId, d.attempt, d.succeeded]).sort()).toEqual(
        ids.map((id) => [id, 1, true]).sort(),
      );
      const after = await db.findMany<WebhookEventRow>({
        model: "billingWebhookEvent",
        where: [{ field: "id", operator: "in", value: ids }],
      });
      expect(after.every((r) => r.status === "succeeded" && r.lockedUntil === null)).toBe(true);
    }

    it("runDue() called concurrently on both instances delivers each event once", async () => {
      const [a, b] = pair({}, 20);
      const rows = await emitEvents(30, "two");
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).services.runDue()),
      );
      // Calls that lose the claim of a batch to another stop early and the winners deliver the
      // rest: what counts is the sum, each event once.
      const delivered = results.map((r) => r.webhooks.delivered);
      expect(delivered.reduce((x, y) => x + y, 0)).toBe(30);
      expect(results.every((r) => r.webhooks.failed === 0)).toBe(true);
      await expectDeliveredOnce(rows);
      record({ instanceChecks: 1 });
    });

    it("two processes running runDue() at the same moment deliver each event once", async () => {
      const [a, b] = pair({}, 20);
      const rows = await emitEvents(30, "proc");
      const child = startChild({
        GATEHOUSE_REL_PREFIX: tables.prefix,
        GATEHOUSE_REL_NOW: String(c.now().getTime()),
        GATEHOUSE_REL_MODE: "deliver",
        GATEHOUSE_REL_WAIT: "1",
        GATEHOUSE_REL_FETCH_DELAY: "1000",
      });
      await child.waitFor("READY");
      child.send("go");
      // The child has claimed a batch and its requests are in flight (held 1 s): both instances of
      // this process run runDue() now, at the same time as the other process.
      await child.waitFor("SENDING");
      const here = await Promise.all([a.services.runDue(), b.services.runDue()]);
      await child.waitFor("DONE");
      expect(await child.exited).toBe(0);
      const there = doneResult<{ delivered: number; failed: number }>(child);
      const inParent = here.reduce((n, r) => n + r.webhooks.delivered, 0);
      expect(inParent + there.delivered).toBe(30);
      expect(there.delivered).toBeGreaterThanOrEqual(10);
      expect(inParent).toBeGreaterThan(0);
      await expectDeliveredOnce(rows);
      record({ instanceChecks: 1 });
    }, 30_000);
  });
});
