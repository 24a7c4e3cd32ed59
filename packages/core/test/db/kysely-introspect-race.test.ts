import { Kysely, MysqlDialect, PostgresDialect, sql } from "kysely";
import mysql from "mysql2";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { introspect } from "../../src/adapters/kysely/introspect";
import type { DynamicDatabase, SqlDialect } from "../../src/adapters/kysely/types";
import { serviceAvailable, serviceUrls } from "../helpers/services";

/**
 * Migrations introspect the whole schema. When another process drops a table between Kysely's
 * listing and its column read (test suites sharing one database), the listing is read again
 * instead of failing the migration. CI failures seen on PostgreSQL inside `getTables`:
 * `relation "..." does not exist`, and `column "createdAt" of relation "..._billingPrice" does not
 * exist` (42703, from the listing's `pg_get_serial_sequence`). Each real server is checked for the
 * error codes the retry recognises.
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
        // The errors a vanished relation or column gives on this server (what the retry keys on):
        // a missing table, and on PostgreSQL the per-column `pg_get_serial_sequence` lookup Kysely's
        // listing makes, which fails when the column went away after the catalog snapshot.
        const suffix = Math.random().toString(36).slice(2, 8);
        const failing = async (query: ReturnType<typeof sql>) =>
          query.execute(db).then(
            () => null,
            (e: unknown) => e,
          );
        const errors = [await failing(sql`SELECT * FROM ${sql.table(`gh_missing_${suffix}`)}`)];
        if (server.name === "postgres") {
          const table = `gh_cols_${suffix}`;
          await sql`CREATE TABLE ${sql.table(table)} (a integer)`.execute(db);
          try {
            errors.push(await failing(sql`SELECT pg_get_serial_sequence(${table}, 'gone')`));
          } finally {
            await sql`DROP TABLE ${sql.table(table)}`.execute(db);
          }
        }
        expect(errors.map((e) => (e as { code?: string }).code)).toEqual(
          server.name === "postgres" ? ["42P01", "42703"] : ["ER_NO_SUCH_TABLE"],
        );

        const real = db.introspection;
        for (const error of errors) {
          let failed = 0;
          let reads = 0;
          const flaky = {
            getSchemas: () => real.getSchemas(),
            getTables: (o?: Parameters<typeof real.getTables>[0]) => {
              if (failed === 0) {
                failed++;
                return Promise.reject(error);
              }
              reads++;
              return real.getTables(o);
            },
          };
          Object.defineProperty(db, "introspection", { value: flaky, configurable: true, writable: true });
          const live = await introspect(db, server.name);
          expect(failed).toBe(1);
          // At least one real read after the failure (more if other suites sharing this database
          // really dropped a table meanwhile: that is the race being retried).
          expect(reads).toBeGreaterThanOrEqual(1);
          expect(live.columns).toBeInstanceOf(Map);
        }

        let calls = 0;
        // Any other error is not retried.
        const other = Object.assign(new Error("permission denied"), { code: "42501" });
        Object.defineProperty(db, "introspection", {
          value: {
            getSchemas: () => real.getSchemas(),
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
