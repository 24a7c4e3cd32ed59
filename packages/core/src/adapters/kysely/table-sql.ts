import { type CreateTableBuilder, sql } from "kysely";
import type { FieldDef } from "../../db/model";
import type { PhysicalModel } from "../../db/physical";
import { backfillDefault, columnType, idColumnType } from "./column-types";
import { constraintName } from "./names";
import { fieldsOf } from "./schema-graph";
import type { DynamicKysely, SqlDialect } from "./types";

export interface SqlContext {
  readonly db: DynamicKysely;
  readonly dialect: SqlDialect;
  readonly models: ReadonlyMap<string, PhysicalModel>;
  readonly keyed: ReadonlyMap<string, ReadonlySet<string>>;
  /** MySQL/MariaDB: the binary collation of new tables. */
  readonly collation?: string;
}

/** A foreign key of one column: where it points and what happens on delete. */
export interface ForeignKey {
  readonly name: string;
  readonly column: string;
  readonly table: string;
  readonly targetColumn: string;
  readonly onDelete?: "cascade" | "set null" | "restrict" | "no action";
}

export function foreignKeyOf(
  ctx: SqlContext,
  pm: PhysicalModel,
  field: string,
  def: FieldDef,
): ForeignKey | undefined {
  const ref = def.references;
  const target = ref ? ctx.models.get(ref.model) : undefined;
  const targetColumn = ref ? target?.columns.get(ref.field) : undefined;
  const column = pm.columns.get(field);
  if (!ref || !target || !targetColumn || !column) return undefined;
  const name = constraintName(ctx.dialect, pm.table, [column], "fk");
  return { name, column, table: target.table, targetColumn, onDelete: ref.onDelete };
}

const isKeyed = (ctx: SqlContext, pm: PhysicalModel, field: string) =>
  ctx.keyed.get(pm.model.name)?.has(field) ?? false;

/**
 * `CREATE TABLE` with the primary key, every column and the foreign keys whose target exists
 * (`canReference`). MySQL tables use a binary collation so that `=` on strings is exact.
 */
export function createTableSql(
  ctx: SqlContext,
  pm: PhysicalModel,
  canReference: (table: string) => boolean,
): string {
  const { db, dialect } = ctx;
  let builder: CreateTableBuilder<string, string> = db.schema
    .createTable(pm.table)
    .addColumn(pm.columns.get("id") ?? "id", sql.raw(idColumnType(dialect)), (c) => c.primaryKey().notNull());
  const fields = fieldsOf(pm);
  for (const [field, def] of fields) {
    const type = sql.raw(columnType(def, dialect, isKeyed(ctx, pm, field)));
    builder = builder.addColumn(pm.columns.get(field) ?? field, type, (c) =>
      def.required === false ? c : c.notNull(),
    );
  }
  for (const [field, def] of fields) {
    const fk = foreignKeyOf(ctx, pm, field, def);
    if (!fk || !canReference(fk.table)) continue;
    builder = builder.addForeignKeyConstraint(fk.name, [fk.column], fk.table, [fk.targetColumn], (b) =>
      fk.onDelete ? b.onDelete(fk.onDelete) : b,
    );
  }
  if (dialect === "mysql") {
    builder = builder.modifyEnd(
      sql`DEFAULT CHARSET utf8mb4 COLLATE ${sql.raw(ctx.collation ?? "utf8mb4_bin")}`,
    );
  }
  return builder.compile().sql;
}

/**
 * `ALTER TABLE ... ADD COLUMN`, plus the foreign key where the dialect can add one later (not SQLite).
 * A required column is NOT NULL only when a literal default can fill the rows already there.
 */
export function addColumnSql(
  ctx: SqlContext,
  pm: PhysicalModel,
  field: string,
  def: FieldDef,
  canReference: (table: string) => boolean,
): string[] {
  const { db, dialect } = ctx;
  const type = columnType(def, dialect, isKeyed(ctx, pm, field));
  const fill = backfillDefault(def, dialect);
  // MySQL takes a default on a TEXT column only as an expression, in parentheses.
  const literal =
    fill === undefined
      ? undefined
      : type === "text" && dialect === "mysql"
        ? sql`(${sql.lit(fill)})`
        : sql.lit(fill);
  const column = pm.columns.get(field) ?? field;
  const add = db.schema
    .alterTable(pm.table)
    .addColumn(column, sql.raw(type), (c) => (literal === undefined ? c : c.notNull().defaultTo(literal)))
    .compile().sql;
  const fk = dialect === "sqlite" ? undefined : foreignKeyOf(ctx, pm, field, def);
  if (!fk || !canReference(fk.table)) return [add];
  const constraint = db.schema
    .alterTable(pm.table)
    .addForeignKeyConstraint(fk.name, [fk.column], fk.table, [fk.targetColumn], (b) =>
      fk.onDelete ? b.onDelete(fk.onDelete) : b,
    )
    .compile().sql;
  return [add, constraint];
}

export interface IndexSpec {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
}

/** The indexes a model asks for: unique fields, indexed fields and composite indexes. */
export function indexesOf(ctx: SqlContext, pm: PhysicalModel): IndexSpec[] {
  const specs: IndexSpec[] = [];
  const add = (fields: readonly string[], unique: boolean) => {
    const columns = fields.map((f) => pm.columns.get(f) ?? f);
    specs.push({
      name: constraintName(ctx.dialect, pm.table, columns, unique ? "uidx" : "idx"),
      columns,
      unique,
    });
  };
  for (const [field, def] of fieldsOf(pm)) {
    if (def.unique) add([field], true);
    else if (def.index) add([field], false);
  }
  for (const index of pm.model.indexes ?? []) add(index.fields, index.unique === true);
  return specs;
}

export function createIndexSql(ctx: SqlContext, table: string, spec: IndexSpec): string {
  const builder = ctx.db.schema
    .createIndex(spec.name)
    .on(table)
    .columns([...spec.columns]);
  return (spec.unique ? builder.unique() : builder).compile().sql;
}
