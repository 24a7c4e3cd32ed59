import type { AdapterOptions } from "../../db/adapter";
import type { Schema } from "../../db/model";
import { type PhysicalModel, resolvePhysical } from "../../db/physical";

/** The `provider` of the Prisma datasource. */
export type PrismaProvider = "postgresql" | "mysql" | "sqlite";

/**
 * How Gatehouse models map to Prisma models. By default the Prisma model of `rateLimit` is
 * `RateLimit` (client delegate `prisma.rateLimit`) and Prisma field names are the field names;
 * tables and columns are whatever the adapter options resolve to (`casing`, `tables`, `fields`,
 * `tablePrefix`), written as `@@map` / `@map` by the schema generator. Override the Prisma side for
 * a schema you already have (e.g. `prismaModels: { user: "Account" }`).
 */
export interface PrismaNamingOptions {
  /** Prisma model name per Gatehouse model. */
  readonly prismaModels?: Readonly<Record<string, string>>;
  /** Prisma field name per Gatehouse model and field. */
  readonly prismaFields?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export type PrismaNameOptions = AdapterOptions & PrismaNamingOptions;

/** A Gatehouse model as Prisma sees it. */
export interface PrismaModelInfo {
  readonly physical: PhysicalModel;
  /** Prisma model name, e.g. `RateLimit`. */
  readonly name: string;
  /** Client delegate, e.g. `rateLimit` (the model name with its first letter lower-cased). */
  readonly delegate: string;
  /** Gatehouse field (including `id`) -> Prisma field. */
  readonly fields: ReadonlyMap<string, string>;
}

export const upperFirst = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
export const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/** `rate_limit` / `rate-limit` / `rateLimit` -> `RateLimit`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map(upperFirst)
    .join("");
}

/** Resolves every model of a schema to its table, columns, Prisma model, delegate and fields. */
export function resolvePrismaModels(
  schema: Schema,
  options: PrismaNameOptions = {},
): Map<string, PrismaModelInfo> {
  const out = new Map<string, PrismaModelInfo>();
  for (const [name, physical] of resolvePhysical(schema, options)) {
    const prismaName = options.prismaModels?.[name] ?? pascalCase(name);
    const fields = new Map<string, string>();
    for (const field of physical.columns.keys()) {
      fields.set(field, options.prismaFields?.[name]?.[field] ?? field);
    }
    out.set(name, { physical, name: prismaName, delegate: lowerFirst(prismaName), fields });
  }
  return out;
}
