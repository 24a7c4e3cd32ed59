import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { DriverAggregateArgs } from "../../db/aggregate";
import { aggregateSql } from "./aggregate-sql";
import type { DynamicDatabase, SqlDialect } from "./types";

/**
 * A Kysely that only compiles (no connection; executing is a no-op): SQL text and parameters for
 * another client (Prisma's raw queries) or for a file (`gatehouse generate`).
 */
export function compileOnly(dialect: SqlDialect): Kysely<DynamicDatabase> {
  const parts = {
    postgres: [PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler],
    mysql: [MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler],
    sqlite: [SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler],
  } as const;
  const [Adapter, Introspector, Compiler] = parts[dialect];
  return new Kysely<DynamicDatabase>({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: () => new Compiler(),
    },
  });
}

/** The aggregation statement of `aggregateSql`, compiled for a client that runs raw SQL (Prisma). */
export function compileAggregate(
  args: DriverAggregateArgs,
  dialect: SqlDialect,
): { sql: string; parameters: readonly unknown[] } {
  const compiled = aggregateSql(args, dialect).compile(compileOnly(dialect));
  return { sql: compiled.sql, parameters: compiled.parameters };
}
