import type { Kysely } from "kysely";
import type { AdapterOptions } from "../../db/adapter";

/** The SQL dialects this adapter speaks. PGlite speaks "postgres"; MariaDB speaks "mysql". */
export type SqlDialect = "postgres" | "mysql" | "sqlite";

/**
 * The Kysely instance as this adapter sees it: any table, any column. Table and column names are
 * only known at run time (from the schema and the adapter options), so nothing is typed further.
 */
export type DynamicDatabase = Record<string, Record<string, unknown>>;
export type DynamicKysely = Kysely<DynamicDatabase>;

export interface KyselyAdapterOptions extends AdapterOptions {
  readonly dialect: SqlDialect;
}

/** Options of the convenience constructors, which know their dialect. */
export type KyselyDriverOptions = AdapterOptions;

/** Options of `postgresAdapter`. */
export interface PostgresAdapterOptions extends KyselyDriverOptions {
  /**
   * Send parameterised statements as named prepared statements, parsed and planned once per
   * connection. Default true. Set false behind a pooler that does not keep prepared statements
   * across transactions (PgBouncer in transaction mode before 1.21, with `max_prepared_statements`
   * unset, or other statement-level poolers).
   */
  readonly preparedStatements?: boolean;
}
