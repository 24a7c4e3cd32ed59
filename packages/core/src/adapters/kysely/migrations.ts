import { sql } from "kysely";
import type { AdapterOptions, MigrationPlan, MigrationStep } from "../../db/adapter";
import type { Schema } from "../../db/model";
import { resolvePhysical } from "../../db/physical";
import { introspect } from "./introspect";
import { creationOrder, fieldsOf, keyedFields } from "./schema-graph";
import { addColumnSql, createIndexSql, createTableSql, indexesOf, type SqlContext } from "./table-sql";
import type { DynamicKysely, SqlDialect } from "./types";

/** A step with the statements that carry it out (a step may need more than one). */
export interface PlannedStep {
  readonly step: MigrationStep;
  readonly statements: readonly string[];
}

const planned = (step: Omit<MigrationStep, "sql">, statements: readonly string[]): PlannedStep => ({
  step: { ...step, sql: statements.join(";\n") },
  statements,
});

/**
 * Compares the schema with the live database and lists what is missing: tables (referenced tables
 * first), columns of existing tables, then indexes. Nothing is ever dropped or altered.
 */
export async function planMigration(
  db: DynamicKysely,
  dialect: SqlDialect,
  schema: Schema,
  options: AdapterOptions,
): Promise<PlannedStep[]> {
  const models = resolvePhysical(schema, options);
  const live = await introspect(db, dialect);
  const ctx: SqlContext = { db, dialect, models, keyed: keyedFields(models), collation: live.collation };
  const tables = new Set(live.columns.keys());
  // SQLite checks foreign keys lazily, so a key may point at a table created later (reference cycles).
  const canReference = (table: string) => dialect === "sqlite" || tables.has(table);

  const creates: PlannedStep[] = [];
  const columns: PlannedStep[] = [];
  for (const name of creationOrder(models)) {
    const pm = models.get(name);
    if (!pm) continue;
    const existing = live.columns.get(pm.table);
    if (!existing) {
      tables.add(pm.table);
      creates.push(
        planned({ kind: "create_table", table: pm.table }, [createTableSql(ctx, pm, canReference)]),
      );
      continue;
    }
    for (const [field, def] of fieldsOf(pm)) {
      const column = pm.columns.get(field) ?? field;
      if (existing.has(column)) continue;
      columns.push(
        planned(
          { kind: "add_column", table: pm.table, column },
          addColumnSql(ctx, pm, field, def, canReference),
        ),
      );
    }
  }

  const indexes: PlannedStep[] = [];
  for (const pm of models.values()) {
    const present = live.indexes.get(pm.table);
    for (const spec of indexesOf(ctx, pm)) {
      if (present?.has(spec.name)) continue;
      indexes.push(
        planned({ kind: "create_index", table: pm.table, index: spec.name }, [
          createIndexSql(ctx, pm.table, spec),
        ]),
      );
    }
  }
  return [...creates, ...columns, ...indexes];
}

export const toPlan = (steps: readonly PlannedStep[]): MigrationPlan => ({ steps: steps.map((s) => s.step) });

/**
 * Runs the statements in order. PostgreSQL and SQLite have transactional DDL, so there the whole
 * migration commits or rolls back together; MySQL commits each DDL statement on its own.
 */
export async function applyMigration(
  db: DynamicKysely,
  dialect: SqlDialect,
  steps: readonly PlannedStep[],
): Promise<void> {
  const statements = steps.flatMap((s) => s.statements);
  if (statements.length === 0) return;
  const run = async (target: DynamicKysely) => {
    for (const statement of statements) await sql.raw(statement).execute(target);
  };
  if (dialect === "mysql") await run(db);
  else await db.transaction().execute(run);
}
