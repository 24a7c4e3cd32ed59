// Kysely's structural PGlite type: the public types never import @electric-sql/pglite, so apps
// on other databases type-check without installing it.
import { Kysely, type PGlite, PGliteDialect } from "kysely";
import type { DatabaseAdapter } from "../../db/adapter";
import { createKyselyAdapter } from "./adapter";
import type { DynamicDatabase, KyselyDriverOptions } from "./types";

/**
 * PostgreSQL in process, through PGlite (speaks the "postgres" dialect). `close()` destroys the
 * Kysely instance built here, which closes the PGlite instance you passed.
 */
export function pgliteAdapter(pglite: PGlite, options: KyselyDriverOptions = {}): DatabaseAdapter {
  const db = new Kysely<DynamicDatabase>({ dialect: new PGliteDialect({ pglite }) });
  return createKyselyAdapter(db, { ...options, dialect: "postgres" }, true);
}
