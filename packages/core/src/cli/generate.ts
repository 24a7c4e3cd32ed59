import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SqlDialect } from "../adapters/kysely/types";
import type { PrismaNameOptions, PrismaProvider } from "../adapters/prisma/names";
import { prismaHeader, prismaModelBlocks } from "../adapters/prisma/schema";
import type { AdapterOptions, DatabaseAdapter } from "../db/adapter";
import type { LoadedConfig } from "./config";
import { CliError, type CliIo } from "./io";
import { datasourceProvider, mergePrismaSchema } from "./prisma-merge";

export type GenerateTarget = "prisma" | "kysely" | "sql";

export interface GenerateArgs {
  readonly adapter: GenerateTarget;
  readonly dialect?: SqlDialect;
  readonly output?: string;
  readonly collation?: string;
  /** The command line, written into generated files. */
  readonly command: string;
}

const PROVIDERS: Readonly<Record<SqlDialect, PrismaProvider>> = {
  postgres: "postgresql",
  mysql: "mysql",
  sqlite: "sqlite",
};

/**
 * Name options (casing, table names, prefix, Prisma names) of the configured database adapter, when
 * it exposes them (the Prisma and MongoDB adapters do), so that generated names match its queries.
 */
function namesOf(database: DatabaseAdapter | undefined): PrismaNameOptions & { provider?: string } {
  const options: unknown = database ? Reflect.get(database, "options") : undefined;
  if (typeof options !== "object" || options === null) return {};
  const pick = (key: string) => Reflect.get(options, key);
  const names: Record<string, unknown> = {};
  for (const key of [
    "casing",
    "tables",
    "fields",
    "tablePrefix",
    "prismaModels",
    "prismaFields",
    "provider",
  ]) {
    if (pick(key) !== undefined) names[key] = pick(key);
  }
  return names as PrismaNameOptions & { provider?: string };
}

/** The SQL dialect: the flag, or what the configured adapter speaks (`kysely-postgres`, Prisma's provider). */
function dialectOf(args: GenerateArgs, config: LoadedConfig): SqlDialect {
  if (args.dialect) return args.dialect;
  const id = config.database?.id ?? "";
  const kysely = /^kysely-(postgres|mysql|sqlite)$/.exec(id)?.[1];
  if (kysely === "postgres" || kysely === "mysql" || kysely === "sqlite") return kysely;
  const provider = namesOf(config.database).provider;
  const fromPrisma = Object.entries(PROVIDERS).find(([, p]) => p === provider)?.[0];
  if (fromPrisma === "postgres" || fromPrisma === "mysql" || fromPrisma === "sqlite") return fromPrisma;
  throw new CliError("Cannot tell the SQL dialect from the config: pass --dialect postgres|mysql|sqlite.");
}

async function write(io: CliIo, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  io.out(`Wrote ${path.relative(io.cwd, file) || file}`);
}

async function generatePrisma(args: GenerateArgs, config: LoadedConfig, io: CliIo): Promise<void> {
  const file = path.resolve(io.cwd, args.output ?? "prisma/schema.prisma");
  const existing = existsSync(file) ? await readFile(file, "utf8") : undefined;
  const names = namesOf(config.database);
  const declared = existing === undefined ? undefined : datasourceProvider(existing);
  const wanted = Object.values(PROVIDERS).find(
    (p) => p === (args.dialect ? PROVIDERS[args.dialect] : (names.provider ?? declared)),
  );
  if (!wanted) throw new CliError("Cannot tell the Prisma provider: pass --dialect postgres|mysql|sqlite.");
  if (declared !== undefined && declared !== wanted) {
    throw new CliError(
      `${file} uses the provider "${declared}", not "${wanted}": pass the matching --dialect.`,
    );
  }
  const options = { ...names, provider: wanted };
  const merged = mergePrismaSchema(
    existing,
    prismaModelBlocks(config.schema, options),
    prismaHeader(options),
  );
  await write(io, file, merged.text);
  if (merged.added.length > 0) io.out(`Added models: ${merged.added.join(", ")}`);
  if (merged.updated.length > 0) io.out(`Updated models: ${merged.updated.join(", ")}`);
  io.out(
    "Next: `npx prisma generate`, then `npx prisma migrate dev` (or apply `gatehouse generate --adapter sql`).",
  );
}

function timestamp(): string {
  return new Date().toISOString().replace(/\D/g, "").slice(0, 14);
}

async function generateSql(args: GenerateArgs, config: LoadedConfig, io: CliIo): Promise<void> {
  const dialect = dialectOf(args, config);
  // Loaded on demand: Prisma users may not have kysely installed.
  const { kyselyMigrationFile, schemaSql, sqlFile } = await import("./sql");
  const names: AdapterOptions = namesOf(config.database);
  const sql = schemaSql(config.schema, dialect, { ...names, collation: args.collation });
  if (args.adapter === "sql") {
    await write(
      io,
      path.resolve(io.cwd, args.output ?? `gatehouse-${dialect}.sql`),
      sqlFile(sql, dialect, args.command),
    );
  } else {
    const file = args.output ?? path.join("migrations", `${timestamp()}_gatehouse.ts`);
    await write(io, path.resolve(io.cwd, file), kyselyMigrationFile(sql, args.command));
  }
  io.out(`${sql.tables.length} tables, ${sql.statements.length - sql.tables.length} indexes (${dialect}).`);
}

/** `gatehouse generate`: Prisma models, SQL DDL or a Kysely migration for the configured plugins. */
export async function generate(args: GenerateArgs, config: LoadedConfig, io: CliIo): Promise<void> {
  if (args.adapter === "prisma") return generatePrisma(args, config, io);
  return generateSql(args, config, io);
}
