export { kyselyAdapter } from "./adapter";
export { mysqlAdapter, postgresAdapter, sqliteAdapter } from "./dialects";
export { pgliteAdapter } from "./pglite";
export type { KyselyAdapterOptions, KyselyDriverOptions, PostgresAdapterOptions, SqlDialect } from "./types";
