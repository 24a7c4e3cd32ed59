import Database from "better-sqlite3";
import mysql from "mysql2";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { mysqlAdapter, postgresAdapter, sqliteAdapter } from "../../src/adapters/kysely/index";
import type { DatabaseAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { resolvePhysical } from "../../src/db/physical";
import { createTestAuth } from "../../src/testing";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { randomPrefix } from "./stores";

/**
 * GET /list-sessions leaves expired sessions out in the SQL query itself: on SQLite, PostgreSQL and
 * MariaDB, an expired session is not listed, and the session read carries an `expiresAt >` condition.
 * Every statement is observed at the driver.
 */

interface Opened {
  database: DatabaseAdapter;
  close(tables: readonly string[]): Promise<void>;
}

const HOUR = 3600_000;

const stores: {
  name: string;
  available: () => Promise<boolean>;
  open: (prefix: string, log: string[]) => Opened;
}[] = [
  {
    name: "sqlite",
    available: async () => true,
    open(prefix, log) {
      const db = new Database(":memory:");
      const prepare = db.prepare.bind(db);
      db.prepare = ((source: string) => {
        log.push(source);
        return prepare(source);
      }) as typeof db.prepare;
      const database = sqliteAdapter(db, { tablePrefix: prefix });
      return { database, close: async () => void (await database.close?.()) };
    },
  },
  {
    name: "postgres",
    available: () => serviceAvailable("postgres"),
    open(prefix, log) {
      const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 2 });
      pool.on("connect", (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          if (typeof args[0] === "string") log.push(args[0]);
          return query(...args);
        };
      });
      const database = postgresAdapter(pool, { tablePrefix: prefix });
      return {
        database,
        async close(tables) {
          await pool.query(`DROP TABLE IF EXISTS ${tables.map((t) => `"${t}"`).join(", ")} CASCADE`);
          await database.close?.();
        },
      };
    },
  },
  {
    name: "mysql",
    available: () => serviceAvailable("mysql"),
    open(prefix, log) {
      const pool = mysql.createPool({ uri: serviceUrls.mysql, timezone: "Z", connectionLimit: 2 });
      pool.on("connection", (connection) => {
        const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
        (connection as { query: unknown }).query = (...args: unknown[]) => {
          if (typeof args[0] === "string") log.push(args[0]);
          return query(...args);
        };
      });
      const database = mysqlAdapter(pool, { tablePrefix: prefix });
      return {
        database,
        async close(tables) {
          const c = await pool.promise().getConnection();
          try {
            await c.query("SET FOREIGN_KEY_CHECKS = 0");
            await c.query(`DROP TABLE IF EXISTS ${tables.map((t) => c.escapeId(t)).join(", ")}`);
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

for (const store of stores) {
  const available = await store.available();
  describe.skipIf(!available)(`list-sessions on ${store.name}`, () => {
    it("does not return expired sessions, and the query filters them", async () => {
      const log: string[] = [];
      const prefix = randomPrefix("ls");
      const opened = store.open(prefix, log);
      let now = Date.UTC(2026, 5, 1, 12);
      const { auth, browser, signUp } = createTestAuth({
        database: opened.database,
        advanced: { now: () => new Date(now) },
        session: { expiresIn: 3600, updateAge: 3600 },
        logger: { disabled: true },
      });
      const tables = [...resolvePhysical(auth.$context.schema, { tablePrefix: prefix }).values()].map(
        (pm) => pm.table,
      );
      try {
        await migrate(auth);
        const { email, password } = await signUp();
        now += HOUR / 2;
        const second = browser();
        expect((await second.post("/sign-in/email", { email, password })).status).toBe(200);
        // The first session (1 h) has expired; the second has 30 minutes left.
        now += (3 * HOUR) / 4;
        log.length = 0;
        const listed = await second.get<{ token: string; expiresAt: string }[]>("/list-sessions");
        expect(listed.status).toBe(200);
        expect(listed.data).toHaveLength(1);
        expect(new Date(listed.data[0]!.expiresAt).getTime()).toBeGreaterThan(now);
        const sessionTable = `${prefix}session`;
        const reads = log.filter(
          (sql) => /^\s*select/i.test(sql) && sql.includes(sessionTable) && !sql.includes("join"),
        );
        expect(reads.some((sql) => /expiresAt[`"]?\s*>\s*(\?|\$\d)/.test(sql))).toBe(true);
        // Both sessions are still stored: the expired one is left out by the query, not deleted.
        now -= HOUR;
        const earlier = await second.get<unknown[]>("/list-sessions");
        expect(earlier.data).toHaveLength(2);
      } finally {
        await opened.close(tables);
      }
    });
  });
}
