/**
 * Confirms one checkout on PostgreSQL or MariaDB and stops for good at the order write (the
 * processor has already taken the payment) or at the reopen after a decline, printing PAUSED.
 * The parent test (reconcile-crash.test.ts) then kills this process with SIGKILL.
 *
 *   node --conditions=gatehouse-source --import tsx reconcile-crash-child.ts
 */
import mysql from "mysql2";
import pg from "pg";
import { mysqlAdapter, postgresAdapter } from "../../src/adapters/kysely/index";
import { createAuth } from "../../src/create-auth";
import { billing } from "../../src/plugins/billing/index";
import type { BillingServices } from "../../src/plugins/billing/services";
import { pausingDatabase } from "../db/billing-crash-tools";
import { serviceUrls } from "../helpers/services";

const env = process.env;
const store = env.GATEHOUSE_CRASH_STORE;
const tablePrefix = env.GATEHOUSE_CRASH_PREFIX;
const secret = env.GATEHOUSE_CRASH_SECRET;
const token = env.GATEHOUSE_CRASH_TOKEN;
const at = env.GATEHOUSE_CRASH_AT;
const nowMs = Number(env.GATEHOUSE_CRASH_NOW);
if (!store || !tablePrefix || !secret || !token || !at || !Number.isFinite(nowMs))
  throw new Error("GATEHOUSE_CRASH_{STORE,PREFIX,SECRET,TOKEN,AT,NOW} are required");

const base =
  store === "postgres"
    ? postgresAdapter(new pg.Pool({ connectionString: serviceUrls.postgres, max: 4 }), { tablePrefix })
    : mysqlAdapter(mysql.createPool({ uri: serviceUrls.mysql, timezone: "Z", connectionLimit: 4 }), {
        tablePrefix,
      });
const database = pausingDatabase(
  base,
  (op, args) =>
    at === "order"
      ? op === "create" && args.model === "billingOrder"
      : op === "updateMany" && args.model === "billingCheckout" && args.update?.status === "open",
  () => process.stdout.write("PAUSED\n"),
);
const now = () => new Date(nowMs);
const auth = createAuth({
  baseURL: "http://localhost:3000",
  secret: "test-secret-0123456789-0123456789-abcdef",
  database,
  advanced: { now },
  emailAndPassword: { enabled: true },
  plugins: [billing({ now })],
});
const services = (auth as unknown as { billing: BillingServices }).billing;
await services.checkouts
  .confirm(secret, {
    customerBillingAddress: {
      country: "US",
      line1: "1 Main St",
      city: "Springfield",
      postalCode: "12345",
      state: "US-IL",
    },
    confirmationTokenId: token,
  })
  .catch((error: unknown) => process.stdout.write(`ERROR ${String(error)}\n`));
process.stdout.write("DONE\n");
