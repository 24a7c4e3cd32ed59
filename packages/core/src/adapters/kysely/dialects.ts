import {
  Kysely,
  MysqlDialect,
  type MysqlPool,
  PostgresDialect,
  type PostgresPool,
  type SqliteDatabase,
  SqliteDialect,
} from "kysely";
import type { DatabaseAdapter } from "../../db/adapter";
import { createKyselyAdapter } from "./adapter";
import type { DynamicDatabase, KyselyDriverOptions } from "./types";

/*
 * Convenience constructors: you pass the driver's pool or database (so this module never loads a
 * driver you do not use), they build the Kysely instance. `close()` destroys that instance, which
 * ends the pool (or closes the database) you passed.
 */

/** PostgreSQL through a `pg` Pool. */
export function postgresAdapter(pool: PostgresPool, options: KyselyDriverOptions = {}): DatabaseAdapter {
  const db = new Kysely<DynamicDatabase>({ dialect: new PostgresDialect({ pool }) });
  return createKyselyAdapter(db, { ...options, dialect: "postgres" }, true);
}

/**
 * MySQL or MariaDB through a `mysql2` Pool (the callback API: `mysql.createPool`, not
 * `mysql2/promise`). Create the pool with `timezone: "Z"`: dates are then written and read as UTC
 * whatever the process time zone. Leave `dateStrings` off (its default) so dates come back as Dates.
 */
export function mysqlAdapter(pool: MysqlPool, options: KyselyDriverOptions = {}): DatabaseAdapter {
  const db = new Kysely<DynamicDatabase>({ dialect: new MysqlDialect({ pool }) });
  return createKyselyAdapter(db, { ...options, dialect: "mysql" }, true);
}

/** SQLite through a `better-sqlite3` Database. */
export function sqliteAdapter(database: SqliteDatabase, options: KyselyDriverOptions = {}): DatabaseAdapter {
  const db = new Kysely<DynamicDatabase>({ dialect: new SqliteDialect({ database }) });
  return createKyselyAdapter(db, { ...options, dialect: "sqlite" }, true);
}
