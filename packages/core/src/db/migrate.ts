import type { Auth } from "../create-auth";
import type { MigrationPlan } from "./adapter";

/**
 * Applies missing tables, columns and indexes for the auth's schema (core + plugins) to its
 * database. Never drops or rewrites data. Adapters without a schema (memory, MongoDB) return an
 * empty plan.
 */
export async function migrate(auth: Pick<Auth, "options" | "$context">): Promise<MigrationPlan> {
  const database = auth.options.database;
  if (!database?.migrate) return { steps: [] };
  return database.migrate({ schema: auth.$context.schema });
}

/** The plan `migrate` would apply, without applying it. */
export async function planMigrations(auth: Pick<Auth, "options" | "$context">): Promise<MigrationPlan> {
  const database = auth.options.database;
  if (!database?.plan) return { steps: [] };
  return database.plan({ schema: auth.$context.schema });
}
