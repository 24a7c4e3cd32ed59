import { sql } from "kysely";
import type { DynamicKysely, SqlDialect } from "./types";

/** What exists in the live database: columns per table, and index names per table. */
export interface LiveSchema {
  readonly columns: ReadonlyMap<string, ReadonlySet<string>>;
  readonly indexes: ReadonlyMap<string, ReadonlySet<string>>;
  /** MySQL/MariaDB: the collation new tables use (see `binaryCollation`). */
  readonly collation?: string;
}

/**
 * The binary collation for new MySQL/MariaDB tables, so that `=` compares strings exactly: case-
 * and accent-sensitive and, where the server has a NO PAD one, without ignoring trailing spaces
 * (`utf8mb4_bin` is PAD SPACE: 'a' = 'a ' there). MySQL 8 has `utf8mb4_0900_bin`, MariaDB 10.2+
 * `utf8mb4_nopad_bin`; older servers fall back to `utf8mb4_bin`.
 */
async function binaryCollation(db: DynamicKysely): Promise<string> {
  const preferred = ["utf8mb4_0900_bin", "utf8mb4_nopad_bin"];
  const { rows } = await sql<{
    name: string;
  }>`SELECT collation_name AS name FROM information_schema.collations
    WHERE collation_name IN (${sql.join(preferred)})`.execute(db);
  const available = new Set(rows.map((r) => r.name));
  return preferred.find((c) => available.has(c)) ?? "utf8mb4_bin";
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

/**
 * PostgreSQL's "relation does not exist" and "column ... of relation ... does not exist" (42703:
 * Kysely's listing calls `pg_get_serial_sequence(table, column)` per column, which looks the names
 * up again and fails when that table or column was dropped after the catalog snapshot), MySQL's
 * "table doesn't exist". The listing reads only catalogs, so these come only from such a race.
 */
const vanished = (error: unknown) => {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined;
  return code === "42P01" || code === "42703" || code === "ER_NO_SUCH_TABLE";
};

/**
 * Kysely's table listing, read again when a table it listed was dropped before its columns were
 * read (another process dropping tables in the same database while this one migrates): the
 * listing is read-only, so a second read simply no longer sees that table.
 */
async function tablesOf(db: DynamicKysely) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.introspection.getTables();
    } catch (error) {
      if (!vanished(error) || attempt >= 5) throw error;
    }
  }
}

/** Reads tables, columns and indexes of the current schema (PostgreSQL), database (MySQL) or file. */
export async function introspect(db: DynamicKysely, dialect: SqlDialect): Promise<LiveSchema> {
  const schema = dialect === "postgres" ? await currentSchema(db) : undefined;
  const tables = await tablesOf(db);
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
  const collation = dialect === "mysql" ? await binaryCollation(db) : undefined;
  return { columns, indexes, collation };
}
