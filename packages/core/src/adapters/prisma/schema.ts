import type { FieldDef, Schema } from "../../db/model";
import { constraintName } from "../kysely/names";
import { fieldsOf, keyedFields } from "../kysely/schema-graph";
import type { SqlDialect } from "../kysely/types";
import {
  type PrismaModelInfo,
  type PrismaNameOptions,
  type PrismaProvider,
  resolvePrismaModels,
} from "./names";
import { type PrismaRelation, prismaRelations, REFERENTIAL_ACTIONS } from "./relations";

/**
 * Prisma models for a Gatehouse schema. Column types, index names and foreign key names are the
 * ones `gatehouse generate --adapter sql` and `gatehouse migrate` use, so a database created either
 * way is the same database for Prisma (`prisma migrate diff` shows no drift). Defaults live in
 * Gatehouse, not in the database: fields carry no `@default`.
 */
export interface PrismaSchemaOptions extends PrismaNameOptions {
  readonly provider: PrismaProvider;
}

/** One field line of a model: `name Type attributes`. */
export interface PrismaFieldLine {
  readonly name: string;
  readonly type: string;
  readonly attributes: string;
}

/** A model block: its field lines and its block attributes (`@@map`, `@@index`, `@@unique`). */
export interface PrismaModelBlock {
  readonly name: string;
  readonly fields: readonly PrismaFieldLine[];
  readonly attributes: readonly string[];
}

export const SQL_DIALECT: Readonly<Record<PrismaProvider, SqlDialect>> = {
  postgresql: "postgres",
  mysql: "mysql",
  sqlite: "sqlite",
};

function scalarType(def: FieldDef): string {
  switch (def.type) {
    case "string":
      return "String";
    case "number":
      return def.bigint ? "BigInt" : "Int";
    case "boolean":
      return "Boolean";
    case "date":
      return "DateTime";
    default:
      // json, string[] and number[] are JSON values (jsonb on PostgreSQL, as in the SQL migrations).
      return "Json";
  }
}

/** The native type matching the column type of the SQL migrations, where Prisma's default differs. */
function nativeType(def: FieldDef, provider: PrismaProvider, keyed: boolean): string | undefined {
  if (def.type === "string" && provider === "mysql") {
    return keyed ? `@db.VarChar(${def.maxLength ?? 255})` : "@db.Text";
  }
  if (def.type === "date") {
    if (provider === "postgresql") return "@db.Timestamptz(3)";
    if (provider === "mysql") return "@db.DateTime(3)";
  }
  return undefined;
}

const quote = (text: string): string => JSON.stringify(text);
const join = (...parts: (string | undefined | false)[]): string => parts.filter(Boolean).join(" ");

function relationLine(r: PrismaRelation, models: ReadonlyMap<string, PrismaModelInfo>, dialect: SqlDialect) {
  const source = models.get(r.source)!;
  const target = models.get(r.target)!;
  const fk = source.fields.get(r.field) ?? r.field;
  const column = source.physical.columns.get(r.field) ?? r.field;
  const args = [
    r.name ? quote(r.name) : undefined,
    `fields: [${fk}]`,
    `references: [${target.fields.get(r.targetField) ?? r.targetField}]`,
    `onDelete: ${r.onDelete ? REFERENTIAL_ACTIONS[r.onDelete] : "NoAction"}`,
    "onUpdate: NoAction",
    // SQLite has no named foreign keys.
    dialect !== "sqlite" && `map: ${quote(constraintName(dialect, source.physical.table, [column], "fk"))}`,
  ].filter(Boolean);
  return {
    name: r.relationField,
    type: `${target.name}${r.optional ? "?" : ""}`,
    attributes: `@relation(${args.join(", ")})`,
  };
}

/** The model blocks for every model of the schema, in schema order. */
export function prismaModelBlocks(schema: Schema, options: PrismaSchemaOptions): PrismaModelBlock[] {
  const models = resolvePrismaModels(schema, options);
  const dialect = SQL_DIALECT[options.provider];
  const keyed = keyedFields(new Map([...models].map(([name, info]) => [name, info.physical] as const)));
  const relations = prismaRelations(schema, models);
  const blocks: PrismaModelBlock[] = [];
  for (const [name, info] of models) {
    const { physical } = info;
    const table = physical.table;
    const mapped = (field: string) => {
      const column = physical.columns.get(field) ?? field;
      return column === (info.fields.get(field) ?? field) ? undefined : `@map(${quote(column)})`;
    };
    const fields: PrismaFieldLine[] = [
      {
        name: info.fields.get("id") ?? "id",
        type: "String",
        attributes: join("@id", mapped("id"), options.provider === "mysql" && "@db.VarChar(255)"),
      },
    ];
    const attributes: string[] = [];
    const indexName = (fieldNames: readonly string[], unique: boolean) =>
      constraintName(
        dialect,
        table,
        fieldNames.map((f) => physical.columns.get(f) ?? f),
        unique ? "uidx" : "idx",
      );
    for (const [field, def] of fieldsOf(physical)) {
      const isKeyed = keyed.get(name)?.has(field) ?? false;
      fields.push({
        name: info.fields.get(field) ?? field,
        type: `${scalarType(def)}${def.required === false ? "?" : ""}`,
        attributes: join(
          def.unique && `@unique(map: ${quote(indexName([field], true))})`,
          mapped(field),
          nativeType(def, options.provider, isKeyed),
        ),
      });
      if (!def.unique && def.index) {
        attributes.push(
          `@@index([${info.fields.get(field) ?? field}], map: ${quote(indexName([field], false))})`,
        );
      }
    }
    for (const index of physical.model.indexes ?? []) {
      const list = index.fields.map((f) => info.fields.get(f) ?? f).join(", ");
      const kind = index.unique ? "@@unique" : "@@index";
      attributes.push(`${kind}([${list}], map: ${quote(indexName(index.fields, index.unique === true))})`);
    }
    for (const r of relations) {
      if (r.source === name) fields.push(relationLine(r, models, dialect));
    }
    for (const r of relations) {
      if (r.target !== name) continue;
      const source = models.get(r.source)!;
      const type = `${source.name}${r.unique ? "?" : "[]"}`;
      fields.push({ name: r.backField, type, attributes: r.name ? `@relation(${quote(r.name)})` : "" });
    }
    if (table !== info.name) attributes.push(`@@map(${quote(table)})`);
    blocks.push({ name: info.name, fields, attributes });
  }
  return blocks;
}

/** Renders a model block with aligned columns; `extra` lines (kept from a user's block) go in as they are. */
export function renderModelBlock(
  block: PrismaModelBlock,
  extra: { fields?: readonly string[]; attributes?: readonly string[] } = {},
): string {
  const nameWidth = Math.max(...block.fields.map((f) => f.name.length));
  const typeWidth = Math.max(...block.fields.map((f) => f.type.length));
  const lines = block.fields.map((f) =>
    `  ${f.name.padEnd(nameWidth)} ${f.attributes ? `${f.type.padEnd(typeWidth)} ${f.attributes}` : f.type}`.trimEnd(),
  );
  for (const line of extra.fields ?? []) lines.push(`  ${line.trim()}`);
  const attributes = [...block.attributes, ...(extra.attributes ?? [])];
  if (attributes.length > 0) lines.push("", ...attributes.map((a) => `  ${a.trim()}`));
  return `model ${block.name} {\n${lines.join("\n")}\n}`;
}

export interface PrismaFileOptions extends PrismaSchemaOptions {
  /** Output folder of the generated client, relative to the schema file. Default `../generated/prisma`. */
  readonly output?: string;
}

/** The generator and datasource blocks of a new schema.prisma (Prisma 7: the URL lives in prisma.config.ts). */
export function prismaHeader(options: PrismaFileOptions): { generator: string; datasource: string } {
  return {
    generator: [
      "generator client {",
      `  provider = "prisma-client"`,
      `  output   = ${quote(options.output ?? "../generated/prisma")}`,
      "}",
    ].join("\n"),
    datasource: ["datasource db {", `  provider = ${quote(options.provider)}`, "}"].join("\n"),
  };
}

/** A complete schema.prisma: the `prisma-client` generator, the datasource and every model. */
export function prismaSchemaFile(schema: Schema, options: PrismaFileOptions): string {
  const { generator, datasource } = prismaHeader(options);
  const models = prismaModelBlocks(schema, options).map((b) => renderModelBlock(b));
  return `${[generator, datasource, ...models].join("\n\n")}\n`;
}
