import { Kysely, MysqlDialect, PostgresDialect, sql } from "kysely";
import mysql from "mysql2";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { introspect } from "../../src/adapters/kysely/introspect";
import type { DynamicDatabase, SqlDialect } from "../../src/adapters/kysely/types";
import { serviceAvailable, serviceUrls } from "../helpers/services";

/**
 * Migrations introspect the whole schema. When another process drops a table between Kysely's
 * listing and its column read (test suites sharing one database; a CI failure seen on PostgreSQL:
 * `relation "..." does not exist` inside `getTables`), the listing is read again instead of failing
 * the migration. Each real server is checked for the error code the retry recognises.
 */
const [pgUp, myUp] = await Promise.all([serviceAvailable("postgres"), serviceAvailable("mysql")]);
const servers = [
  {
    name: "postgres" as SqlDialect,
    available: pgUp,
    open: () =>
      new Kysely<DynamicDatabase>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: serviceUrls.postgres, max: 2 }),
        }),
      }),
  },
  {
    name: "mysql" as SqlDialect,
    available: myUp,
    open: () =>
      new Kysely<DynamicDatabase>({
        dialect: new MysqlDialect({ pool: mysql.createPool({ uri: serviceUrls.mysql, connectionLimit: 2 }) }),
      }),
  },
];

for (const server of servers) {
  describe.skipIf(!server.available)(`introspection while a table vanishes on ${server.name}`, () => {
    it("retries the listing when a listed table was dropped meanwhile", async () => {
      const db = server.open();
      try {
        // The error a vanished relation gives on this server (what the retry keys on).
        const missing = `gh_missing_${Math.random().toString(36).slice(2, 8)}`;
        const error = await sql`SELECT * FROM ${sql.table(missing)}`.execute(db).then(
          () => null,
          (e: unknown) => e,
        );
        const vanishedCode = (error as { code?: string }).code;
        expect(vanishedCode).toBe(server.name === "postgres" ? "42P01" : "ER_NO_SUCH_TABLE");

        const real = db.introspection;
        let calls = 0;
        const flaky = {
          getSchemas: () => real.getSchemas(),
          getTables: (o?: Parameters<typeof real.getTables>[0]) => {
            calls++;
            return calls === 1 ? Promise.reject(error) : real.getTables(o);
          },
        };
        Object.defineProperty(db, "introspection", { value: flaky, configurable: true, writable: true });
        const live = await introspect(db, server.name);
        expect(calls).toBe(2);
        expect(live.columns).toBeInstanceOf(Map);

        // Any other error is not retried.
        calls = 0;
        const other = Object.assign(new Error("permission denied"), { code: "42501" });
        Object.defineProperty(db, "introspection", {
          value: {
            ...flaky,
            getTables: () => {
              calls++;
              return Promise.reject(other);
            },
          },
        });
        await expect(introspect(db, server.name)).rejects.toBe(other);
        expect(calls).toBe(1);
      } finally {
        await db.destroy();
      }
    });
  });
}
