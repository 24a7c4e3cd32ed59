/**
 * Runs `runDue()` once against the SQLite file of the crash test, with the clock frozen at
 * NOW_MS. The test kills this process (SIGKILL) while its deliveries hang in the receiver.
 *
 *   node --conditions=gatehouse-source --import tsx crash-child.ts
 */
import { sqliteBillingApp } from "./sqlite-app";

const file = process.env.GATEHOUSE_CRASH_DB;
const now = Number(process.env.GATEHOUSE_CRASH_NOW);
if (!file || !Number.isFinite(now))
  throw new Error("GATEHOUSE_CRASH_DB and GATEHOUSE_CRASH_NOW are required");
const app = sqliteBillingApp(file, () => new Date(now));
const result = await app.services.runDue();
process.stdout.write(`${JSON.stringify(result)}\n`);
await app.close();
