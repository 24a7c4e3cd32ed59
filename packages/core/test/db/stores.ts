import { PGlite } from "@electric-sql/pglite";
import Database from "better-sqlite3";
import mysql from "mysql2";
import pg from "pg";
import { mysqlAdapter, pgliteAdapter, postgresAdapter, sqliteAdapter } from "../../src/adapters/kysely/index";
import type { AdapterOptions, DatabaseAdapter } from "../../src/db/adapter";
import type { Schema } from "../../src/db/model";
import { resolvePhysical } from "../../src/db/physical";
import { serviceAvailable, serviceUrls } from "../helpers/services";

export type StoreName = "sqlite" | "pglite" | "postgres" | "mysql";

export interface OpenStore {
  database: DatabaseAdapter;
  /** Drops every table of the schema under this store's prefix and closes connections. */
  cleanup(schema: Schema): Promise<void>;
}

/** A PGlite store that counts the statements it receives (round-trip assertions). */
export function countedPglite(): { database: DatabaseAdapter; statements: () => number } {
  const pglite = new PGlite();
  let n = 0;
  const query = pglite.query.bind(pglite);
  pglite.query = ((...args: Parameters<typeof query>) => {
    n++;
    return query(...args);
  }) as typeof pglite.query;
  return { database: pgliteAdapter(pglite), statements: () => n };
}

export const randomPrefix = (tag: string) => `${tag}${Math.random().toString(36).slice(2, 8)}_`;

/** Pushes the SQL text of every call of `target[method]` to `log` (statements seen at the driver). */
function logCalls(target: object, method: string, log: string[] | undefined): void {
  if (!log) return;
  const record = target as Record<string, unknown>;
  const original = (record[method] as (...args: unknown[]) => unknown).bind(target);
  record[method] = (...args: unknown[]) => {
    const statement = args[0];
    if (typeof statement === "string") log.push(statement);
    // pg named prepared statements arrive as a Query object carrying its text.
    else if (typeof statement === "object" && statement !== null && "text" in statement) {
      if (typeof statement.text === "string") log.push(statement.text);
    }
    return original(...args);
  };
}

/**
 * The four SQL stores; postgres and mysql only when their servers answer (else a reasoned skip).
 * With `log`, every statement sent to the driver is pushed to it.
 */
export async function sqlStores(): Promise<
  { name: StoreName; available: boolean; open: (options: AdapterOptions, log?: string[]) => OpenStore }[]
> {
  const [pgUp, myUp] = await Promise.all([serviceAvailable("postgres"), serviceAvailable("mysql")]);
  return [
    {
      name: "sqlite",
      available: true,
      open: (options, log) => {
        const db = new Database(":memory:");
        logCalls(db, "prepare", log);
        const database = sqliteAdapter(db, options);
        return { database, cleanup: async () => void (await database.close?.()) };
      },
    },
    {
      name: "pglite",
      available: true,
      open: (options, log) => {
        const pglite = new PGlite();
        logCalls(pglite, "query", log);
        const database = pgliteAdapter(pglite, options);
        return { database, cleanup: async () => void (await database.close?.()) };
      },
    },
    {
      name: "postgres",
      available: pgUp,
      open: (options, log) => {
        const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 10 });
        pool.on("connect", (client) => logCalls(client, "query", log));
        const database = postgresAdapter(pool, options);
        return {
          database,
          async cleanup(schema) {
            const tables = [...resolvePhysical(schema, options).values()].map((pm) => `"${pm.table}"`);
            if (tables.length) await pool.query(`DROP TABLE IF EXISTS ${tables.join(", ")} CASCADE`);
            await database.close?.();
          },
        };
      },
    },
    {
      name: "mysql",
      available: myUp,
      open: (options, log) => {
        const pool = mysql.createPool({ uri: serviceUrls.mysql, timezone: "Z", connectionLimit: 10 });
        pool.on("connection", (connection) => logCalls(connection, "query", log));
        const database = mysqlAdapter(pool, options);
        return {
          database,
          async cleanup(schema) {
            const c = await pool.promise().getConnection();
            try {
              await c.query("SET FOREIGN_KEY_CHECKS = 0");
              const tables = [...resolvePhysical(schema, options).values()].map((pm) => c.escapeId(pm.table));
              if (tables.length) await c.query(`DROP TABLE IF EXISTS ${tables.join(", ")}`);
              await c.query("SET FOREIGN_KEY_CHECKS = 1");
            } finally {
              c.release();
            }
            await database.close?.();
          },
        };
      },
    },
  ];
}
