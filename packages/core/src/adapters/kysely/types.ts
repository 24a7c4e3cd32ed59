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
