import Database from "better-sqlite3";
import { sqliteAdapter } from "../../../src/adapters/kysely/index";
import { createAuth } from "../../../src/create-auth";
import { billing } from "../../../src/plugins/billing/index";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import type { BillingServices } from "../../../src/plugins/billing/services";

/**
 * An app with billing on a SQLite file (better-sqlite3 + the Kysely adapter): the database
 * survives the process, so a second process (or the test after a kill) sees the same outbox.
 */
export function sqliteBillingApp(file: string, now: () => Date, options: BillingOptions = {}) {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  const database = sqliteAdapter(sqlite);
  const auth = createAuth({
    baseURL: "http://localhost:3000",
    secret: "test-secret-0123456789-0123456789-abcdef",
    database,
    advanced: { now },
    plugins: [billing({ ...options, now })],
  });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  return { auth, services, close: () => database.close?.() };
}
