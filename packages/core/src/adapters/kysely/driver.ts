import { CompiledQuery, type RawBuilder, sql } from "kysely";
import type { AdapterDriver, DriverCapabilities, Row } from "../../db/adapter";
import type { ColumnExpr } from "../../db/update-with";
import type { WhereNode } from "../../db/where";
import { aggregateSql } from "./aggregate-sql";
import { mapErrors } from "./errors";
import { rowsAsJson } from "./pg-bulk-insert";
import { runSelect } from "./select-cache";
import { nestJoins } from "./select-sql";
import { runCached, whereKey, whereValues } from "./statement-cache";
import type { DynamicKysely, SqlDialect } from "./types";
import { whereSql } from "./where-sql";

export const CAPABILITIES: Readonly<Record<SqlDialect, DriverCapabilities>> = {
  postgres: { dates: true, booleans: true, json: true, transactions: true, joins: true },
  mysql: { dates: true, booleans: false, json: false, transactions: true, joins: true },
  sqlite: { dates: false, booleans: false, json: false, transactions: true, joins: true },
};

export interface KyselyDriverConfig {
  readonly dialect: SqlDialect;
  /** Primary key column per table (default `id`): MySQL re-reads an inserted row by it. */
  readonly idColumns: ReadonlyMap<string, string>;
  /** JSON columns per table (PostgreSQL multi-row inserts send rows as one JSON document). */
  readonly jsonColumns?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** An `AdapterDriver` over a Kysely instance (or a Kysely transaction, when `inTransaction`). */
export function createKyselyDriver(
  db: DynamicKysely,
  config: KyselyDriverConfig,
  inTransaction = false,
): AdapterDriver {
  const { dialect } = config;
  /** Unique violations mapped; outside a transaction a deadlocked statement is run again. */
  const guard = <T>(run: () => Promise<T>): Promise<T> => mapErrors(run, !inTransaction);
  const returning = dialect !== "mysql";

  const rows = async (query: RawBuilder<Row>): Promise<Row[]> => (await query.execute(db)).rows;

  /**
   * A statement of shape `key` with `values` bound in order, from the shared statement cache:
   * Kysely builds and compiles only the first of each shape.
   */
  const cached = (key: string, values: unknown[], build: () => RawBuilder<unknown>) =>
    runCached(db, config, key, values, build);
  const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);
  const affected = async (query: RawBuilder<unknown>): Promise<number> => count(await query.execute(db));
  /** The values of `SET a = ?, b = ? WHERE ...`, in binding order. */
  const setThenWhere = (values: Row, node: WhereNode | undefined) => whereValues(node, Object.values(values));
  /** The shape of a write of these columns: its table and column names. */
  const columnsKey = (table: string, values: Row) => `${table}\u0002${Object.keys(values).join("\u0001")}`;
  const setKey = (table: string, values: Row, node: WhereNode | undefined) =>
    `${columnsKey(table, values)}\u0002${whereKey(node)}`;
  const incrementKey = (table: string, column: string, node: WhereNode | undefined) =>
    `${table}\u0002${column}\u0002${whereKey(node)}`;

  const where = (table: string, node: WhereNode | undefined) =>
    node ? sql`WHERE ${whereSql(node, dialect, table)}` : sql``;

  const assignments = (values: Row) =>
    sql.join(Object.entries(values).map(([column, value]) => sql`${sql.id(column)} = ${value}`));
  const updateSql = (table: string, values: Row, node: WhereNode | undefined) =>
    sql<Row>`UPDATE ${sql.table(table)} SET ${assignments(values)} ${where(table, node)}`;
  const incrementSql = (table: string, column: string, by: number, node: WhereNode | undefined) =>
    sql<Row>`UPDATE ${sql.table(table)} SET ${sql.id(column)} = ${sql.id(column)} + ${by} ${where(table, node)}`;

  const insertSql = (table: string, values: Row) => {
    const columns = Object.keys(values);
    return sql<Row>`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) VALUES (${sql.join(Object.values(values))})`;
  };

  /** A computed value: a bound literal, `column + n` or `CASE WHEN ... THEN ... ELSE ... END`. */
  const expression = (table: string, expr: ColumnExpr): RawBuilder<unknown> => {
    if ("when" in expr) {
      return sql`CASE WHEN ${whereSql(expr.when, dialect, table)} THEN ${expression(table, expr.use)} ELSE ${expression(table, expr.otherwise)} END`;
    }
    if ("column" in expr)
      return expr.add ? sql`${sql.id(expr.column)} + ${expr.add}` : sql`${sql.id(expr.column)}`;
    return sql`${expr.value}`;
  };

  /** One multi-row INSERT per chunk (under every dialect's bound-parameter limit). */
  const columnsOf = (list: readonly Row[]) => {
    const columns = new Set<string>();
    for (const row of list) for (const column in row) columns.add(column);
    return [...columns];
  };
  const chunkSize = (columns: readonly string[]) =>
    Math.max(1, Math.floor(30_000 / Math.max(1, columns.length)));
  /**
   * The statement text is built directly: a Kysely template with one node per value cost more
   * CPU than the database took for a 1,000-row batch (usage ingestion, docs/performance.md).
   */
  const insertRows = async (
    table: string,
    list: readonly Row[],
    columns: readonly string[],
    unique?: readonly string[],
  ): Promise<number> => {
    const perChunk = chunkSize(columns);
    const names = sql.join(columns.map((c) => sql.id(c)));
    const id = (c: string) => sql.id(c).compile(db).sql;
    // Rows colliding on `unique` are skipped, counted by the database. SQLite: ON CONFLICT on those
    // columns. PostgreSQL: NOT EXISTS on those columns, then ON CONFLICT DO NOTHING for a row a
    // concurrent transaction inserted first; no conflict target, so that a table partitioned by
    // time, whose unique index must also hold the partition key, works too (docs/billing/usage.md).
    const tail = !unique
      ? ""
      : dialect === "postgres"
        ? " ON CONFLICT DO NOTHING"
        : ` ON CONFLICT (${unique.map(id).join(", ")}) DO NOTHING`;
    const json =
      dialect === "postgres" ? rowsAsJson(list, columns, config.jsonColumns?.get(table)) : undefined;
    if (json !== undefined) {
      const head =
        sql`INSERT INTO ${sql.table(table)} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${sql.table(table)}, `.compile(
          db,
        ).sql;
      const absent = unique
        ? ` AS r WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(table).compile(db).sql} AS s WHERE ${unique.map((c) => `s.${id(c)} = r.${id(c)}`).join(" AND ")})`
        : "";
      const result = await db.executeQuery(CompiledQuery.raw(`${head}$1::json)${absent}${tail}`, [json]));
      return unique ? Number(result.numAffectedRows ?? 0n) : list.length;
    }
    const head = sql`INSERT INTO ${sql.table(table)} (${names}) VALUES `.compile(db).sql;
    let inserted = 0;
    for (let start = 0; start < list.length; start += perChunk) {
      const chunk = list.slice(start, start + perChunk);
      const parameters: unknown[] = [];
      const tuples: string[] = [];
      for (const row of chunk) {
        const marks: string[] = [];
        for (const c of columns) {
          parameters.push(row[c] ?? null);
          marks.push(dialect === "postgres" ? `$${parameters.length}` : "?");
        }
        tuples.push(`(${marks.join(", ")})`);
      }
      const result = await db.executeQuery(CompiledQuery.raw(head + tuples.join(", ") + tail, parameters));
      inserted += unique ? Number(result.numAffectedRows ?? 0n) : chunk.length;
    }
    return inserted;
  };

  /** Several chunks: in one transaction, so that all rows land or none do. */
  const insertAll = (table: string, list: readonly Row[], unique?: readonly string[]) =>
    guard(() => {
      const columns = columnsOf(list);
      if (list.length <= chunkSize(columns) || inTransaction) return insertRows(table, list, columns, unique);
      return db.transaction().execute((trx) => {
        const tx = createKyselyDriver(trx, config, true);
        return unique
          ? tx.insertManySkippingDuplicates!({ table, rows: list, unique })
          : tx.insertMany!({ table, rows: list });
      });
    });

  const selectAll = (table: string, node: WhereNode | undefined) =>
    sql<Row>`SELECT * FROM ${sql.table(table)} ${where(table, node)}`;

  const driver: AdapterDriver = {
    id: `kysely-${dialect}`,
    capabilities: CAPABILITIES[dialect],

    insert: ({ table, values }) =>
      guard(async () => {
        const key = columnsKey(table, values);
        if (returning) {
          const built = () => sql<Row>`${insertSql(table, values)} RETURNING *`;
          const [row] = (await cached(`IR\u0002${key}`, Object.values(values), built)).rows;
          if (!row) throw new Error(`INSERT INTO ${table} returned no row`);
          return row;
        }
        await cached(`I\u0002${key}`, Object.values(values), () => insertSql(table, values));
        const idColumn = config.idColumns.get(table) ?? "id";
        const byId = () =>
          sql<Row>`SELECT * FROM ${sql.table(table)} WHERE ${sql.id(idColumn)} = ${values[idColumn]}`;
        const [row] = (await cached(`K\u0002${table}\u0002${idColumn}`, [values[idColumn]], byId)).rows;
        if (!row) throw new Error(`The row inserted into ${table} could not be read back`);
        return row;
      }),

    insertMany: ({ table, rows: list }) => insertAll(table, list),

    aggregate: (args) =>
      guard(async () =>
        (await rows(aggregateSql(args, dialect))).map((r) => ({ bucket: r.bucket ?? null, value: r.value })),
      ),

    findMany: (args) =>
      guard(async () => {
        return nestJoins(await runSelect(db, config, dialect, args), args.joins);
      }),

    count: ({ table, where: node }) =>
      guard(async () => {
        const built = () =>
          sql<Row>`SELECT COUNT(*) AS ${sql.id("count")} FROM ${sql.table(table)} ${where(table, node)}`;
        const key = `C\u0002${table}\u0002${whereKey(node)}`;
        const [row] = (await cached(key, whereValues(node, []), built)).rows;
        return Number(row?.count ?? 0);
      }),

    updateMany: ({ table, where: node, values }) =>
      guard(async () => {
        if (Object.keys(values).length === 0) return driver.count({ table, where: node });
        const built = () => updateSql(table, values, node);
        return count(
          await cached(`U\u0002${setKey(table, values, node)}`, setThenWhere(values, node), built),
        );
      }),

    deleteMany: ({ table, where: node }) =>
      guard(async () => {
        const built = () => sql`DELETE FROM ${sql.table(table)} ${where(table, node)}`;
        return count(await cached(`D\u0002${table}\u0002${whereKey(node)}`, whereValues(node, []), built));
      }),

    increment: ({ table, where: node, column, by }) =>
      guard(async () => {
        const built = () => incrementSql(table, column, by, node);
        return count(
          await cached(`+\u0002${incrementKey(table, column, node)}`, whereValues(node, [by]), built),
        );
      }),

    updateWith: ({ table, where: node, set, returning: wanted }) =>
      guard(async () => {
        const values = sql.join(
          set.map(([column, expr]) => sql`${sql.id(column)} = ${expression(table, expr)}`),
        );
        const update = sql<Row>`UPDATE ${sql.table(table)} SET ${values} ${where(table, node)}`;
        if (wanted && returning) {
          const changed = await rows(sql<Row>`${update} RETURNING *`);
          return { count: changed.length, rows: changed };
        }
        return { count: await affected(update), rows: null };
      }),

    transaction(fn) {
      if (inTransaction) return fn(driver);
      return db.transaction().execute((trx) => fn(createKyselyDriver(trx, config, true)));
    },
  };

  // MySQL has no conflict target (INSERT IGNORE would also swallow other errors): no such method.
  if (dialect !== "mysql") {
    driver.insertManySkippingDuplicates = ({ table, rows: list, unique }) => insertAll(table, list, unique);
  }
  if (returning) {
    driver.incrementReturning = ({ table, where: node, column, by }) =>
      guard(async () => {
        const built = () => sql<Row>`${incrementSql(table, column, by, node)} RETURNING *`;
        const key = `+R\u0002${incrementKey(table, column, node)}`;
        return (await cached(key, whereValues(node, [by]), built)).rows;
      });
    driver.updateReturning = ({ table, where: node, values }) =>
      guard(async () => {
        if (Object.keys(values).length === 0) {
          const key = `A\u0002${table}\u0002${whereKey(node)}`;
          return (await cached(key, whereValues(node, []), () => selectAll(table, node))).rows;
        }
        const built = () => sql<Row>`${updateSql(table, values, node)} RETURNING *`;
        return (await cached(`UR\u0002${setKey(table, values, node)}`, setThenWhere(values, node), built))
          .rows;
      });
  }
  return driver;
}
