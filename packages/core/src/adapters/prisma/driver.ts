import { DbNull } from "@prisma/client/runtime/client";
import { type AdapterDriver, adapterError, type DriverCapabilities, type Row } from "../../db/adapter";
import type { WhereNode } from "../../db/where";
import { prismaAggregate } from "./aggregate";
import {
  delegateOf,
  isPrismaUniqueViolation,
  type PrismaClientLike,
  type PrismaDelegate,
  type PrismaTransactionOptions,
} from "./client";
import { type LiteralLikeContext, resolveLiteralLikes } from "./literal-like";
import type { PrismaProvider } from "./names";
import { type PrismaColumn, prismaWhere } from "./where";

/**
 * Prisma converts dates, booleans and JSON itself. Joins are loaded with one extra query by the
 * wrapper (Prisma's own relation loading would need the relation field names of the user's schema).
 */
export const PRISMA_CAPABILITIES: DriverCapabilities = {
  dates: true,
  booleans: true,
  json: true,
  transactions: true,
  joins: false,
};

/** A physical table as the driver sees it. */
export interface PrismaTable {
  /** Gatehouse model name (for messages). */
  readonly model: string;
  readonly delegate: string;
  /** column -> Prisma field, and back. */
  readonly fields: ReadonlyMap<string, string>;
  readonly columns: ReadonlyMap<string, string>;
  /** Columns that are `Json` fields, and columns that are optional. */
  readonly json: ReadonlySet<string>;
  readonly nullable: ReadonlySet<string>;
  /** Primary key: column and Prisma field. */
  readonly idColumn: string;
  readonly idField: string;
}

export interface PrismaDriverConfig {
  readonly provider: PrismaProvider;
  readonly tables: ReadonlyMap<string, PrismaTable>;
  readonly transactionOptions?: PrismaTransactionOptions;
}

async function mapErrors<T>(run: () => PromiseLike<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isPrismaUniqueViolation(error)) {
      const message = error instanceof Error ? error.message : "Unique constraint violated";
      throw adapterError("UNIQUE_VIOLATION", message, error);
    }
    throw error;
  }
}

/** An `AdapterDriver` over a Prisma client, or over the client of an interactive transaction (`tx`). */
export function createPrismaDriver(
  client: PrismaClientLike,
  config: PrismaDriverConfig,
  tx?: object,
): AdapterDriver {
  const { provider } = config;
  const handle: object = tx ?? client;

  const tableOf = (table: string): PrismaTable => {
    const info = config.tables.get(table);
    if (!info) throw adapterError("UNKNOWN_MODEL", `No Prisma model for the table "${table}"`);
    return info;
  };
  const delegate = (table: PrismaTable): PrismaDelegate => delegateOf(handle, table.delegate, table.model);
  const fieldOf = (table: PrismaTable, column: string): string => {
    const field = table.fields.get(column);
    if (!field) throw adapterError("UNKNOWN_FIELD", `Model "${table.model}" has no column "${column}"`);
    return field;
  };
  const where = async (table: PrismaTable, node: WhereNode | undefined) =>
    prismaWhere(await resolveLiteralLikes(node, likeContext(table)), {
      provider,
      idField: table.idField,
      columnOf: (column): PrismaColumn => ({
        field: fieldOf(table, column),
        json: table.json.has(column),
        nullable: table.nullable.has(column),
      }),
    });

  const likeContext = (table: PrismaTable): LiteralLikeContext => ({
    provider,
    delegate: delegate(table),
    idColumn: table.idColumn,
    idField: table.idField,
    fieldOf: (column) => fieldOf(table, column),
  });

  /** Storage values (JSON as text) -> Prisma data (JSON as values, NULL as DbNull). */
  const toData = (table: PrismaTable, values: Row): Row => {
    const data: Row = {};
    for (const [column, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const json = table.json.has(column);
      data[fieldOf(table, column)] = !json ? value : value === null ? DbNull : JSON.parse(String(value));
    }
    return data;
  };
  const toRow = (table: PrismaTable, record: Row): Row => {
    const row: Row = {};
    for (const [field, value] of Object.entries(record)) {
      const column = table.columns.get(field);
      if (column !== undefined) row[column] = value;
    }
    return row;
  };

  const driver: AdapterDriver = {
    id: `prisma-${provider}`,
    capabilities: PRISMA_CAPABILITIES,

    insert: ({ table, values }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        return toRow(t, await delegate(t).create({ data: toData(t, values) }));
      }),

    insertMany: ({ table, rows }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const d = delegate(t);
        const data = rows.map((row) => toData(t, row));
        if (d.createMany) return (await d.createMany({ data })).count;
        for (const row of data) await d.create({ data: row });
        return data.length;
      }),

    aggregate: (args) => mapErrors(() => prismaAggregate(handle, provider, args)),

    findMany: (args) =>
      mapErrors(async () => {
        const t = tableOf(args.table);
        if (args.limit === 0) return [];
        const records = await delegate(t).findMany({
          where: await where(t, args.where),
          select: args.columns
            ? Object.fromEntries(args.columns.map((c) => [fieldOf(t, c), true]))
            : undefined,
          orderBy: args.sortBy?.map((s) => ({ [fieldOf(t, s.column)]: s.direction })),
          skip: args.offset,
          take: args.limit,
        });
        return records.map((record) => toRow(t, record));
      }),

    count: ({ table, where: node }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        return delegate(t).count({ where: await where(t, node) });
      }),

    updateMany: ({ table, where: node, values }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const data = toData(t, values);
        if (Object.keys(data).length === 0) return delegate(t).count({ where: await where(t, node) });
        return (await delegate(t).updateMany({ where: await where(t, node), data })).count;
      }),

    deleteMany: ({ table, where: node }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        return (await delegate(t).deleteMany({ where: await where(t, node) })).count;
      }),

    increment: ({ table, where: node, column, by }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const data = { [fieldOf(t, column)]: { increment: by } };
        return (await delegate(t).updateMany({ where: await where(t, node), data })).count;
      }),

    transaction(fn) {
      if (tx) return fn(driver);
      return Promise.resolve(
        client.$transaction(
          (inner) => fn(createPrismaDriver(client, config, inner)),
          config.transactionOptions,
        ),
      );
    },
  };

  // UPDATE ... RETURNING where Prisma has it (6.2+, not on MySQL).
  if (provider !== "mysql") {
    driver.updateReturning = ({ table, where: node, values }) =>
      mapErrors(async () => {
        const t = tableOf(table);
        const d = delegate(t);
        const data = toData(t, values);
        if (Object.keys(data).length === 0) {
          return (await d.findMany({ where: await where(t, node) })).map((record) => toRow(t, record));
        }
        if (!d.updateManyAndReturn) {
          // An older client: find, update and re-read by id.
          const found = await d.findMany({ where: await where(t, node), select: { [t.idField]: true } });
          const byIds = { [t.idField]: { in: found.map((r) => r[t.idField]) } };
          if (found.length === 0) return [];
          await d.updateMany({ where: byIds, data });
          return (await d.findMany({ where: byIds })).map((record) => toRow(t, record));
        }
        const records = await d.updateManyAndReturn({ where: await where(t, node), data });
        return records.map((record) => toRow(t, record));
      });
  }
  return driver;
}
