import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { webhookPolicy } from "../../src/plugins/billing/webhooks/policy";
import type { WebhookDeliveryRow, WebhookEventRow } from "../../src/plugins/billing/webhooks/rows";
import { clock } from "../billing/fixtures";
import { type Receiver, startReceiver } from "../billing/webhooks/receiver";
import { serviceAvailable } from "../helpers/services";
import { killLeftovers, startChild } from "./child";
import { appInstance } from "./instance";
import { pgTables } from "./pg-tables";

/*
 * Crash safety on PostgreSQL: a real child process (crash-child.ts, same tables) is SIGKILLed at
 * chosen points of a sign-up and of a webhook delivery; this process then plays the restarted app.
 * Sign-up: the address can afterwards either sign in (the sign-up had committed) or sign up again
 * (it had rolled back), never one user too many or a user without a credential. Webhooks: the
 * event is sent again after the lease with the same webhook-id and bytes (at-least-once), and ends
 * delivered exactly once in the log.
 */

const available = await serviceAvailable("postgres");
const tables = pgTables("gh_kill_");
const c = clock();
const mails: { to: string; url: string }[] = [];
let pool: pg.Pool;
let app: ReturnType<typeof appInstance>;
let strict: ReturnType<typeof appInstance>;
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  killLeftovers();
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe.skipIf(!available)("SIGKILL during sign-up and webhook delivery on PostgreSQL", () => {
  beforeAll(async () => {
    const connected = tables.connect();
    pool = connected.pool;
    const sendVerificationEmail = ({ user, url }: { user: { email: string }; url: string }) =>
      void mails.push({ to: user.email, url });
    app = appInstance({ database: connected.database, now: c.now, sendVerificationEmail });
    strict = appInstance({
      database: connected.database,
      now: c.now,
      requireVerification: true,
      sendVerificationEmail,
    });
    await migrate(app.auth);
  }, 60_000);

  afterAll(async () => {
    killLeftovers();
    await tables.drop(app?.auth.$context.schema);
  });

  const base = () => ({ GATEHOUSE_REL_PREFIX: tables.prefix, GATEHOUSE_REL_NOW: String(c.now().getTime()) });
  const fresh = () => `kill-${Math.random().toString(36).slice(2)}@example.com`;
  const password = "correct-horse-battery";

  async function rowsOf(email: string) {
    const db = app.auth.$context.adapter;
    const users = await db.findMany<{ id: string }>({
      model: "user",
      where: [{ field: "email", value: email }],
    });
    const ids = users.map((u) => u.id);
    const where = [{ field: "userId", operator: "in" as const, value: ids.length ? ids : ["none"] }];
    return {
      users: users.length,
      credentials: await db.count({
        model: "account",
        where: [...where, { field: "providerId", value: "credential" }],
      }),
      sessions: await db.count({ model: "session", where }),
    };
  }

  /** Starts a sign-up in a child and waits until it stops at `pause`. */
  async function pausedSignUp(email: string, pause: string, extra: Record<string, string> = {}) {
    const child = startChild({
      ...base(),
      ...extra,
      GATEHOUSE_REL_MODE: "sign-up",
      GATEHOUSE_REL_PAUSE: pause,
      GATEHOUSE_REL_EMAIL: email,
      GATEHOUSE_REL_PASSWORD: password,
    });
    await child.waitFor("PAUSED");
    return child;
  }

  /** Waits until some PostgreSQL backend waits on a lock on one of our tables. */
  async function lockWaiter() {
    for (let i = 0; i < 100; i++) {
      const { rows } = await pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1",
        [`%${tables.prefix}user%`],
      );
      if (Number(rows[0]!.n) > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  it("killed after the user insert, before the credential: rolled back, the address signs up again", async () => {
    const email = fresh();
    const child = await pausedSignUp(email, "account");
    // The child's transaction holds the new row (uncommitted): invisible, but it holds the address.
    expect(await rowsOf(email)).toEqual({ users: 0, credentials: 0, sessions: 0 });
    const again = app.signUp({ email, password: "another-password-1" });
    expect(await lockWaiter()).toBe(true);
    await child.kill();
    // The kill closed the connection: PostgreSQL rolled the transaction back and let the waiter in.
    const done = await again;
    expect(done.token).toEqual(expect.any(String));
    expect(await rowsOf(email)).toEqual({ users: 1, credentials: 1, sessions: 1 });
    const signIn = await app.browser().post("/sign-in/email", { email, password: "another-password-1" });
    expect(signIn.status).toBe(200);
  }, 30_000);

  it("killed after the commit, before the session: the address signs in; signing up again is refused", async () => {
    const email = fresh();
    const child = await pausedSignUp(email, "session");
    await child.kill();
    expect(await rowsOf(email)).toEqual({ users: 1, credentials: 1, sessions: 0 });
    const again = await app.browser().post("/sign-up/email", { name: "Again", email, password });
    expect(again.status).toBe(422);
    const signIn = await app.browser().post<{ user: { email: string } }>("/sign-in/email", {
      email,
      password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.data.user.email).toBe(email);
    expect(await rowsOf(email)).toEqual({ users: 1, credentials: 1, sessions: 1 });
  }, 30_000);

  it("killed while sending the verification email: a new link comes on sign-in, then the address signs in", async () => {
    const email = fresh();
    const child = await pausedSignUp(email, "email", { GATEHOUSE_REL_REQUIRE_VERIFICATION: "1" });
    await child.kill();
    expect(await rowsOf(email)).toEqual({ users: 1, credentials: 1, sessions: 0 });
    expect((await strict.browser().post("/sign-up/email", { name: "Again", email, password })).status).toBe(
      422,
    );
    const refused = await strict.browser().post("/sign-in/email", { email, password });
    expect(refused.status).toBe(403);
    const link = mails.filter((m) => m.to === email).at(-1);
    expect(link).toBeDefined();
    const verified = await strict.browser().get(link!.url.replace(strict.auth.$context.baseURL, ""));
    expect(verified.status).toBeLessThan(400);
    expect((await strict.browser().post("/sign-in/email", { email, password })).status).toBe(200);
    expect(await rowsOf(email)).toMatchObject({ users: 1, credentials: 1 });
  }, 30_000);

  it("killed mid-delivery: redelivered after the lease with the same webhook-id, delivered once in the log", async () => {
    const db = app.auth.$context.adapter;
    const merchant = await app.services.merchants.defaultMerchant();
    let hang = true;
    // The first request is held open (killed mid-request); the second is answered 200 and the
    // child stops before recording it (killed after the receiver took it).
    const receiver: Receiver = await startReceiver({
      now: c.now,
      behaviour: (_hit, n) => (hang && n === 0 ? "hang" : 200),
    });
    cleanups.push(() => receiver.close());
    const endpoint = await app.services.webhooks.createEndpoint(merchant.id, { url: receiver.url });
    receiver.secret = endpoint.secret;
    await app.services.ctx.write(async (_tx, emit) => {
      await emit(merchant.id, "order.paid", { id: "ord_kill_1", total: 2500 });
      await emit(merchant.id, "order.paid", { id: "ord_kill_2", total: 900 });
    });
    const rows = await db.findMany<WebhookEventRow>({
      model: "billingWebhookEvent",
      where: [{ field: "endpointId", value: endpoint.id }],
    });
    expect(rows).toHaveLength(2);

    const child = startChild({ ...base(), GATEHOUSE_REL_MODE: "deliver", GATEHOUSE_REL_PAUSE: "delivery" });
    await child.waitFor("PAUSED");
    await receiver.waitForHits(2);
    await child.kill();

    const ours = [{ field: "endpointId", value: endpoint.id }];
    const leased = await db.findMany<WebhookEventRow>({ model: "billingWebhookEvent", where: ours });
    for (const row of leased) {
      expect(row).toMatchObject({ status: "pending", attempts: 0 });
      expect(row.lockedUntil!.getTime()).toBeGreaterThan(c.now().getTime());
    }
    expect(await db.count({ model: "billingWebhookDelivery", where: ours })).toBe(0);
    hang = false;
    // While the dead process's lease holds, nobody sends them again.
    expect((await app.services.runDue()).webhooks.delivered).toBe(0);
    expect(receiver.hits).toHaveLength(2);

    c.advance(webhookPolicy().leaseMs + 1);
    expect((await app.services.runDue()).webhooks).toEqual({ delivered: 2, failed: 0, skipped: 0 });
    for (const row of rows) {
      const hits = receiver.hitsFor(row.id);
      expect(hits).toHaveLength(2);
      expect(hits.every((h) => h.error === null && h.body.equals(Buffer.from(row.payload)))).toBe(true);
      expect(hits[1]!.status).toBe(200);
    }
    expect(receiver.hits.map((h) => h.status).sort()).toEqual([0, 200, 200, 200]);
    const done = await db.findMany<WebhookEventRow>({ model: "billingWebhookEvent", where: ours });
    expect(done.map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual([
      ["succeeded", 1, null],
      ["succeeded", 1, null],
    ]);
    const log = await db.findMany<WebhookDeliveryRow>({ model: "billingWebhookDelivery", where: ours });
    expect(log.map((d) => [d.eventId, d.attempt, d.succeeded]).sort()).toEqual(
      rows.map((r) => [r.id, 1, true]).sort(),
    );
    expect((await app.services.runDue()).webhooks.delivered).toBe(0);
    expect(receiver.hits).toHaveLength(4);
  }, 40_000);
});
