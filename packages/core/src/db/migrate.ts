import type { DatabaseAdapter, MigrationPlan } from "./adapter";
import type { Schema } from "./model";

/** What migrating needs of an auth instance (`createAuth`'s result has it). */
interface MigratableAuth {
  readonly options: { readonly database?: DatabaseAdapter };
  readonly $context: { readonly schema: Schema };
}

/**
 * Applies missing tables, columns and indexes for the auth's schema (core + plugins) to its
 * database. Never drops or rewrites data. Adapters without a schema (memory, MongoDB) return an
 * empty plan.
 */
export async function migrate(auth: MigratableAuth): Promise<MigrationPlan> {
  const database = auth.options.database;
  if (!database?.migrate) return { steps: [] };
  return database.migrate({ schema: auth.$context.schema });
}

/** The plan `migrate` would apply, without applying it. */
export async function planMigrations(auth: MigratableAuth): Promise<MigrationPlan> {
  const database = auth.options.database;
  if (!database?.plan) return { steps: [] };
  return database.plan({ schema: auth.$context.schema });
}
