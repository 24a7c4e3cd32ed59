import type { AdapterOptions, DatabaseAdapter } from "../../db/adapter";
import { createDBAdapter } from "../../db/create-db-adapter";
import type { Schema } from "../../db/model";
import type { PrismaClientLike, PrismaTransactionOptions } from "./client";
import { createPrismaDriver, type PrismaTable } from "./driver";
import { type PrismaNamingOptions, type PrismaProvider, resolvePrismaModels } from "./names";

export interface PrismaAdapterOptions extends AdapterOptions, PrismaNamingOptions {
  /** The `provider` of your datasource. */
  readonly provider: PrismaProvider;
  /** Passed to every interactive `$transaction` (e.g. a longer `timeout`). */
  readonly transactionOptions?: PrismaTransactionOptions;
}

/** The Prisma database adapter; `options` lets `gatehouse generate` write matching models. */
export interface PrismaDatabaseAdapter extends DatabaseAdapter {
  readonly options: PrismaAdapterOptions;
}

const JSON_TYPES = new Set(["json", "string[]", "number[]"]);

/** Physical tables of a schema as the Prisma driver needs them. */
export function prismaTables(schema: Schema, options: PrismaAdapterOptions): Map<string, PrismaTable> {
  const tables = new Map<string, PrismaTable>();
  for (const [model, info] of resolvePrismaModels(schema, options)) {
    const fields = new Map<string, string>();
    const json = new Set<string>();
    const nullable = new Set<string>();
    for (const [field, column] of info.physical.columns) {
      fields.set(column, info.fields.get(field) ?? field);
      const def = field === "id" ? undefined : info.physical.model.fields[field];
      if (def && JSON_TYPES.has(def.type)) json.add(column);
      if (def?.required === false) nullable.add(column);
    }
    const columns = new Map([...fields].map(([column, field]) => [field, column] as const));
    const idField = info.fields.get("id") ?? "id";
    const idColumn = info.physical.columns.get("id") ?? "id";
    tables.set(info.physical.table, {
      model,
      delegate: info.delegate,
      fields,
      columns,
      json,
      nullable,
      idColumn,
      idField,
    });
  }
  return tables;
}

/**
 * A database adapter over your Prisma client (Prisma 7, `prisma-client` or `prisma-client-js` generator).
 * Create the models with `gatehouse generate --adapter prisma`, then `prisma migrate` (or the SQL of
 * `gatehouse generate --adapter sql`). The client stays yours: nothing here disconnects it.
 */
export function prismaAdapter(
  prisma: PrismaClientLike,
  options: PrismaAdapterOptions,
): PrismaDatabaseAdapter {
  const { provider, transactionOptions, prismaModels, prismaFields, ...adapterOptions } = options;
  return {
    id: "prisma",
    options,
    // Delegates are looked up on use, not here: `gatehouse generate` loads the auth config before
    // the Prisma client has the models.
    create({ schema, now: clock }) {
      const driver = createPrismaDriver(prisma, {
        provider,
        tables: prismaTables(schema, options),
        transactionOptions,
      });
      return createDBAdapter(driver, schema, { ...adapterOptions, now: adapterOptions.now ?? clock });
    },
  };
}
