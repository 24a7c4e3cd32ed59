import type { MigrationStep } from "../db/adapter";
import type { LoadedConfig } from "./config";
import { CliError, type CliIo } from "./io";

export interface MigrateArgs {
  /** Apply without asking. */
  readonly yes: boolean;
}

function describe(step: MigrationStep): string {
  switch (step.kind) {
    case "create_table":
      return `create table ${step.table}`;
    case "add_column":
      return `add column ${step.table}.${step.column ?? "?"}`;
    case "create_index":
      return `create index ${step.index ?? "?"} on ${step.table}`;
  }
}

/**
 * `gatehouse migrate`: shows what the database of the config lacks (tables, columns, indexes),
 * asks before applying it (on a terminal; `--yes` skips the question, anything else refuses), then
 * applies it. Never drops or alters anything. Returns the exit code.
 */
export async function migrate(args: MigrateArgs, config: LoadedConfig, io: CliIo): Promise<number> {
  const database = config.database;
  if (!database) {
    throw new CliError(
      `${config.file} configures no database (the default is in memory): nothing to migrate.`,
    );
  }
  if (!database.plan || !database.migrate) {
    const hint =
      database.id === "prisma"
        ? " Prisma owns this schema: run `gatehouse generate --adapter prisma`, then `npx prisma migrate dev`."
        : "";
    throw new CliError(`The "${database.id}" database adapter has no migrations.${hint}`);
  }
  const plan = await database.plan({ schema: config.schema });
  if (plan.steps.length === 0) {
    io.out("The database is up to date: nothing to migrate.");
    return 0;
  }
  io.out(`${plan.steps.length} change(s) to apply to the "${database.id}" database:`);
  for (const step of plan.steps) io.out(`  + ${describe(step)}`);
  io.out("");
  for (const step of plan.steps) io.out(`${step.sql};`);
  io.out("");
  if (!args.yes) {
    if (!io.isTTY) {
      io.err("Not applied: confirm on a terminal, or pass --yes to apply without asking.");
      return 1;
    }
    if (!(await io.confirm(`Apply ${plan.steps.length} change(s)? [y/N] `))) {
      io.err("Not applied.");
      return 1;
    }
  }
  const applied = await database.migrate({ schema: config.schema });
  io.out(`Applied ${applied.steps.length} change(s).`);
  return 0;
}
