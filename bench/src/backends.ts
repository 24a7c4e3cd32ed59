import Database from "better-sqlite3";
import pg from "pg";
import { processCpuMs } from "../../packages/core/bench/process-cpu";
import { POSTGRES_URL } from "./config";

export type BackendName = "postgres" | "sqlite";

/** Queries sent to PostgreSQL: every `client.query` of every pooled connection (BEGIN/COMMIT too). */
export interface QueryCounter {
  count: number;
  /** When set, the SQL text of each query is pushed here (round-trip listings in the report). */
  log: string[] | null;
}

function sqlText(arg: unknown): string {
  if (typeof arg === "string") return arg;
  if (arg && typeof arg === "object" && "text" in arg && typeof arg.text === "string") return arg.text;
  return "<query>";
}

/**
 * A pg Pool in its own schema (created for the run, dropped by `close`), whose connections count
 * their queries.
 * Both libraries reach PostgreSQL through Kysely's PostgresDialect over this pool, which checks a
 * client out per query, so wrapping each client's `query` sees every round trip.
 */
export async function postgresPool(
  schema: string,
): Promise<{ pool: pg.Pool; counter: QueryCounter; close(): Promise<void>; cpuMs(): Promise<number> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin(`CREATE SCHEMA "${schema}"`);

  const counter: QueryCounter = { count: 0, log: null };
  // The schema names the connections too: their backends are found for CPU accounting.
  const pool = new pg.Pool({
    connectionString: POSTGRES_URL,
    options: `-c search_path=${schema}`,
    application_name: schema,
    max: 10,
  });
  pool.on("connect", (client) => {
    const original = client.query;
    const counted = function (this: unknown, ...args: unknown[]): unknown {
      counter.count++;
      counter.log?.push(sqlText(args[0]));
      return Reflect.apply(original, client, args);
    };
    Object.assign(client, { query: counted });
  });
  const close = async () => {
    await pool.end();
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  };
  return { pool, counter, close, cpuMs: () => backendCpuMs(schema) };
}

/**
 * CPU ms used so far by the PostgreSQL backends named `applicationName` (same machine, Linux
 * /proc; read through a connection of its own, so the query counter is not touched).
 */
async function backendCpuMs(applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  let rows: { pid: number }[];
  try {
    ({ rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = $1",
      [applicationName],
    ));
  } finally {
    await client.end();
  }
  return processCpuMs(rows.map((r) => r.pid));
}

export function sqliteDatabase(): Database.Database {
  const db = new Database(":memory:");
  db.pragma("journal_mode = WAL");
  return db;
}
