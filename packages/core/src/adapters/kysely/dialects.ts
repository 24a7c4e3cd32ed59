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
import { preparedStatementPool } from "./pg-prepared";
import type { DynamicDatabase, KyselyDriverOptions, PostgresAdapterOptions } from "./types";

/*
 * Convenience constructors: you pass the driver's pool or database (so this module never loads a
 * driver you do not use), they build the Kysely instance. `close()` destroys that instance, which
 * ends the pool (or closes the database) you passed.
 */

/**
 * PostgreSQL through a `pg` Pool. Parameterised statements are sent as named prepared statements
 * (parsed once per connection) unless `preparedStatements: false`, which poolers that do not keep
 * them need (PgBouncer in transaction mode before 1.21).
 */
export function postgresAdapter(pool: PostgresPool, options: PostgresAdapterOptions = {}): DatabaseAdapter {
  const { preparedStatements = true, ...adapterOptions } = options;
  const driverPool = preparedStatements ? preparedStatementPool(pool) : pool;
  const db = new Kysely<DynamicDatabase>({ dialect: new PostgresDialect({ pool: driverPool }) });
  return createKyselyAdapter(db, { ...adapterOptions, dialect: "postgres" }, true);
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
