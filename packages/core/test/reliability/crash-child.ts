/**
 * A second app process on the reliability suite's PostgreSQL tables (crash.test.ts,
 * two-instances.test.ts). It runs one job, then prints `DONE <json>`:
 *
 *   GATEHOUSE_REL_MODE=sign-up   signs up GATEHOUSE_REL_EMAIL / GATEHOUSE_REL_PASSWORD
 *   GATEHOUSE_REL_MODE=deliver   runs the billing `runDue()` once
 *   GATEHOUSE_REL_MODE=renew     runs the billing `runDue()` once (renewals; prints its subscriptions part)
 *
 * GATEHOUSE_REL_PAUSE stops it for good, printing PAUSED, at a point of the job: before the
 * `account` or `session` insert, inside the verification `email` sender, before the webhook
 * `delivery` record, or before a renewal's `order` insert (inside the renewal transaction). The parent then kills it with SIGKILL. The stops are wrappers around the
 * database and the app's own email callback: nothing in the library knows about them.
 * GATEHOUSE_REL_FETCH_DELAY=ms holds each webhook request that long, printing SENDING first.
 * GATEHOUSE_REL_WAIT=1 prints READY and waits for a line on stdin before the job (to start two
 * processes' jobs at the same moment).
 *
 *   node --conditions=gatehouse-source --import tsx crash-child.ts
 */
import { createInterface } from "node:readline";
import pg from "pg";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import type { BillingServices } from "../../src/plugins/billing/services";
import { pausingDatabase } from "../db/billing-crash-tools";
import { serviceUrls } from "../helpers/services";
import { appInstance, delayedFetch } from "./instance";

const env = process.env;
const mode = env.GATEHOUSE_REL_MODE;
const tablePrefix = env.GATEHOUSE_REL_PREFIX;
const nowMs = Number(env.GATEHOUSE_REL_NOW);
const pause = env.GATEHOUSE_REL_PAUSE ?? "";
if (!mode || !tablePrefix || !Number.isFinite(nowMs))
  throw new Error("GATEHOUSE_REL_{MODE,PREFIX,NOW} are required");

const stop = async (): Promise<never> => {
  process.stdout.write("PAUSED\n");
  return new Promise<never>(() => {});
};
const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 4 });
const database = pausingDatabase(
  postgresAdapter(pool, { tablePrefix }),
  (op, args) =>
    (op === "create" || op === "createMany") &&
    ((pause === "account" && args.model === "account") ||
      (pause === "session" && args.model === "session") ||
      (pause === "delivery" && args.model === "billingWebhookDelivery") ||
      (pause === "order" && args.model === "billingOrder")),
  () => process.stdout.write("PAUSED\n"),
);
const t = appInstance({
  database,
  now: () => new Date(nowMs),
  requireVerification: env.GATEHOUSE_REL_REQUIRE_VERIFICATION === "1",
  sendVerificationEmail: pause === "email" ? stop : () => undefined,
  fetch: delayedFetch(Number(env.GATEHOUSE_REL_FETCH_DELAY ?? 0), () => process.stdout.write("SENDING\n")),
});

if (env.GATEHOUSE_REL_WAIT === "1") {
  process.stdout.write("READY\n");
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once("line", () => resolve()));
  lines.close();
}

let result: unknown;
if (mode === "sign-up") {
  const res = await t.browser().post("/sign-up/email", {
    name: "Crash",
    email: env.GATEHOUSE_REL_EMAIL,
    password: env.GATEHOUSE_REL_PASSWORD,
  });
  result = { status: res.status };
} else {
  const services = (t.auth as unknown as { billing: BillingServices }).billing;
  const done = await services.runDue();
  result = mode === "renew" ? done.subscriptions : done.webhooks;
}
process.stdout.write(`DONE ${JSON.stringify(result)}\n`);
await pool.end();
