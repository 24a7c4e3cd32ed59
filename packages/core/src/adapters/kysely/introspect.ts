import { sql } from "kysely";
import type { DynamicKysely, SqlDialect } from "./types";

/** What exists in the live database: columns per table, and index names per table. */
export interface LiveSchema {
  readonly columns: ReadonlyMap<string, ReadonlySet<string>>;
  readonly indexes: ReadonlyMap<string, ReadonlySet<string>>;
}

interface IndexRow {
  readonly tablename: string;
  readonly indexname: string;
}

async function currentSchema(db: DynamicKysely): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_schema() AS ${sql.id("name")}`.execute(db);
  return rows[0]?.name ?? "public";
}

function indexQuery(dialect: SqlDialect) {
  switch (dialect) {
    case "postgres":
      return sql<IndexRow>`SELECT tablename, indexname FROM pg_indexes WHERE schemaname = current_schema()`;
    case "mysql":
      return sql<IndexRow>`SELECT DISTINCT table_name AS tablename, index_name AS indexname
        FROM information_schema.statistics WHERE table_schema = database()`;
    case "sqlite":
      return sql<IndexRow>`SELECT tbl_name AS tablename, name AS indexname FROM sqlite_master WHERE type = 'index'`;
  }
}

/** Reads tables, columns and indexes of the current schema (PostgreSQL), database (MySQL) or file. */
export async function introspect(db: DynamicKysely, dialect: SqlDialect): Promise<LiveSchema> {
  const schema = dialect === "postgres" ? await currentSchema(db) : undefined;
  const tables = await db.introspection.getTables();
  const columns = new Map<string, Set<string>>();
  for (const table of tables) {
    if (table.isView || (schema !== undefined && table.schema !== schema)) continue;
    columns.set(table.name, new Set(table.columns.map((c) => c.name)));
  }
  const indexes = new Map<string, Set<string>>();
  for (const row of (await indexQuery(dialect).execute(db)).rows) {
    const set = indexes.get(row.tablename) ?? new Set<string>();
    set.add(row.indexname);
    indexes.set(row.tablename, set);
  }
  return { columns, indexes };
}
